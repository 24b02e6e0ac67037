// What happened to the visitor's answers, as the list and the checkpoint screen say it (docs/product.md §5.3,
// decision 023). The server decides the result; these are the words and the look. Pure.
import type { Checkpoint, Notice } from '@quackquest/contract/core';
import { type CheckpointRow, exhaustedText, notUnlockedFallback, unlockText } from './checkpoint-state';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

type Result = Pick<Checkpoint, 'result' | 'ducks' | 'reviewReason'>;

function ducksText(ducks: number): string {
  return t('checkpoints.ducksCount', { n: ducks });
}

/** The short line under a row's title; '' when there is nothing to tell. */
export function resultText({ result, ducks, reviewReason }: Result): string {
  switch (result) {
    case 'completed':
      return ducks === null
        ? t('checkpoints.result.completed')
        : t('checkpoints.result.completedDucks', { ducks: ducksText(ducks) });
    case 'inReview':
      return ducks === null
        ? t('checkpoints.result.inReview')
        : t('checkpoints.result.inReviewDucks', { ducks: ducksText(ducks) });
    case 'approved':
      return ducks === null
        ? t('checkpoints.result.approvedSpin')
        : t('checkpoints.result.approvedDucks', { ducks: ducksText(ducks) });
    case 'rejected':
      return reviewReason ? t('checkpoints.result.rejectedReason', { reason: reviewReason }) : t('checkpoints.result.rejected');
    case 'usedUp':
      return t('checkpoints.result.usedUp');
    default:
      return '';
  }
}

/** What the checkpoint screen says instead of (or, after a rejection, above) its action. */
export function resultBanner(checkpoint: Result & Pick<Checkpoint, 'type' | 'maxAttempts'>): string {
  const what = answerWord(checkpoint.type);
  const { ducks } = checkpoint;
  switch (checkpoint.result) {
    case 'completed':
      // The original's words, with the ducks when the spin is done.
      return ducks === null
        ? t('checkpoints.banner.completed')
        : t('checkpoints.banner.completedDucks', { ducks: ducksText(ducks) });
    case 'inReview':
      return ducks === null
        ? t('checkpoints.banner.inReview', { what })
        : t('checkpoints.banner.inReviewDucks', { what, ducks: ducksText(ducks) });
    case 'approved':
      return ducks === null
        ? t('checkpoints.banner.approved', { what })
        : t('checkpoints.banner.approvedDucks', { what, ducks: ducksText(ducks) });
    case 'rejected':
      return checkpoint.reviewReason
        ? t('checkpoints.banner.rejectedReason', { what, reason: checkpoint.reviewReason })
        : t('checkpoints.banner.rejected', { what });
    case 'usedUp':
      return exhaustedText(checkpoint.maxAttempts);
    default:
      return '';
  }
}

function answerWord(type: Checkpoint['type']): string {
  return t(type === 'Upload' ? 'checkpoints.word.photo' : 'checkpoints.word.answer');
}

/** "Your photo for Deck Selfie was approved: +3 ducks" (docs/product.md §5.7). */
export function noticeText(notice: Pick<Notice, 'type' | 'checkpointTitle' | 'decision' | 'reason' | 'ducks'>): string {
  const subject = { what: answerWord(notice.type), title: notice.checkpointTitle };
  if (notice.decision === 'approved') {
    return notice.ducks === null
      ? t('notice.approved', subject)
      : t('notice.approvedDucks', { ...subject, ducks: ducksText(notice.ducks) });
  }
  return notice.reason ? t('notice.rejectedReason', { ...subject, reason: notice.reason }) : t('notice.rejected', subject);
}

export interface RowLook {
  /** "Locked" for a checkpoint used up without success (the original's title), else its own. */
  title: string;
  locked: boolean;
  tick: boolean;
  note: string;
  tone: 'plain' | 'good' | 'wait' | 'bad';
  /** Opens the checkpoint screen; otherwise a tap explains with `explain`. */
  opens: boolean;
  explain: string;
}

/** How one row of the list looks and what a tap does. */
export function rowLook(row: CheckpointRow<Checkpoint>, nowSec: number): RowLook {
  const { checkpoint, state } = row;
  const { result } = checkpoint;
  if (state === 'notUnlocked') {
    const note = unlockText(checkpoint.startTime, nowSec);
    return {
      title: checkpoint.title,
      locked: false,
      tick: false,
      note,
      tone: 'plain',
      opens: false,
      explain: note || notUnlockedFallback(),
    };
  }
  const usedUp = result === 'usedUp' || (state === 'exhausted' && result === 'none');
  if (usedUp) {
    return {
      title: t('checkpoints.locked'),
      locked: true,
      tick: false,
      note: resultText({ ...checkpoint, result: 'usedUp' }),
      tone: 'bad',
      opens: false,
      explain: exhaustedText(checkpoint.maxAttempts),
    };
  }
  const tone =
    result === 'completed' || result === 'approved'
      ? 'good'
      : result === 'inReview'
        ? 'wait'
        : result === 'rejected'
          ? 'bad'
          : 'plain';
  return {
    title: checkpoint.title,
    locked: false,
    tick: tone === 'good',
    note: resultText(checkpoint),
    tone,
    opens: true,
    explain: '',
  };
}
