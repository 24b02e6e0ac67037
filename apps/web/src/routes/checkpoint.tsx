// /checkpoint?id= (docs/product.md §2.7): the checkpoint's picture, its question or task, and the action
// area of its type. The scanner is its own feature; this route connects it to the attempt.
import type { Checkpoint } from '@quackquest/contract/core';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackButton } from '../components/back-button';
import { checkpointsTexts, useCheckpoints } from '../features/checkpoints/checkpoints-api';
import { codeChangedText } from '../lib/code-changed';
import { CheckpointImage } from '../features/checkpoints/checkpoint-image';
import { resultBanner } from '../features/checkpoints/checkpoint-result';
import { checkpointState, exhaustedText, isLongTitle, triesLeft, unlockText } from '../features/checkpoints/checkpoint-state';
import { McqAction } from '../features/checkpoints/mcq-action';
import { StrAction } from '../features/checkpoints/str-action';
import { redirectDelayMs } from '../features/checkpoints/timing';
import { UploadAction } from '../features/checkpoints/upload-action';
import { useAttempt } from '../features/checkpoints/use-attempt';
import { useDelayedNavigate } from '../features/checkpoints/use-delayed-navigate';
import { useNowSec } from '../features/checkpoints/use-now';
import { WaitingForSignal } from '../features/offline/waiting-for-signal';
import { ScanAction } from '../features/scanner/scan-action';
import type { ScanVerdict } from '../features/scanner/use-qr-scanner';
import { useQueuedCheckpoints } from '../lib/answer-queue';
import { paths } from '../lib/paths';
import { keys, write } from '../lib/storage';
import '../features/checkpoints/checkpoint.css';
import '../lib/game-texts';
import { t } from '../lib/i18n';

export default function CheckpointRoute() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data, error, isPending } = useCheckpoints();
  const checkpoint = data?.find((c) => c.checkpointId === id);
  const { checkpointId, type } = checkpoint ?? {};
  useEffect(() => {
    if (!checkpointId || !type) return;
    write(keys.currentCheckpoint, checkpointId);
    write(keys.checkpointType, type);
  }, [checkpointId, type]);

  const title = isPending ? t('common.loading') : checkpoint?.title || t('checkpoint.fallbackTitle');
  return (
    <main className="screen">
      <div className="screen__top">
        <BackButton to={paths.checkpoints} label={t('common.backToCheckpoints')} />
        <h1 className={`title${isLongTitle(title) ? ' title--small' : ''}`} data-pack={checkpoint?.title ? '' : undefined}>
          {title}
        </h1>
      </div>
      {isPending ? (
        <div className="cp-image cp-image--loading" aria-hidden="true" />
      ) : (
        <CheckpointImage imgId={checkpoint?.imgId} title={title} />
      )}
      <section className="card" aria-label={t('checkpoint.about')}>
        <p className="cp-info" data-pack={checkpoint?.subtitle ? '' : undefined}>
          {checkpoint?.subtitle || t('checkpoint.fallbackInfo')}
        </p>
      </section>
      {error && (
        <p className="error" role="alert">
          {checkpointsTexts.fetchFailed}
        </p>
      )}
      {data && !checkpoint && (
        <p className="error" role="alert">
          {t('checkpoint.notFound')}
        </p>
      )}
      {checkpoint && <CheckpointActions key={checkpoint.checkpointId} checkpoint={checkpoint} />}
    </main>
  );
}

function CheckpointActions({ checkpoint }: { checkpoint: Checkpoint }) {
  const nowSec = useNowSec();
  // Attempts as they were on arrival: the visitor's own attempt refreshes the list, and must not swap
  // the answer being graded for the "maximum attempts" note.
  const [onArrival] = useState(checkpoint);
  const waiting = useQueuedCheckpoints().has(checkpoint.checkpointId);
  // Kept on the phone, even past the close: the server still takes it within its grace period (decision 036).
  if (waiting) return <WaitingForSignal />;
  const state = checkpointState({ ...checkpoint, attempts: onArrival.attempts }, nowSec);
  if (state === 'notUnlocked') return <p className="banner">{unlockText(checkpoint.startTime, nowSec)}</p>;
  if (state === 'ended') return <p className="banner">{t('checkpoint.ended')}</p>;
  const said = resultBanner(onArrival);
  if (onArrival.result === 'rejected' && state === 'available') {
    // Not approved, with an attempt left: the reason, then the action again.
    return (
      <>
        <p className="banner banner--bad" role="status">
          {said}
        </p>
        <h2 className="cp-try-again">{t('common.tryAgain')}</h2>
        <TriesLeft checkpoint={onArrival} />
        <CheckpointAction checkpoint={checkpoint} />
      </>
    );
  }
  if (said) return <p className={`banner banner--${onArrival.result}`}>{said}</p>;
  if (state === 'exhausted') return <p className="banner">{exhaustedText(checkpoint.maxAttempts)}</p>;
  return <CheckpointAction checkpoint={checkpoint} />;
}

/** "2 tries left" under the try-again heading; nothing when the tries are unlimited. */
function TriesLeft({ checkpoint }: { checkpoint: Checkpoint }) {
  const left = triesLeft(checkpoint);
  return left === undefined ? null : <p className="cp-tries-left">{t('checkpoint.triesLeft', { n: left })}</p>;
}

function CheckpointAction({ checkpoint }: { checkpoint: Checkpoint }) {
  switch (checkpoint.type) {
    case 'Scan':
    case 'ScanNoSpin':
      return <ScanCheckpoint checkpoint={checkpoint} />;
    case 'MCQ':
      return <McqAction checkpoint={checkpoint} />;
    case 'Str':
      return <StrAction checkpoint={checkpoint} />;
    default:
      return <UploadAction checkpoint={checkpoint} />;
  }
}

function ScanCheckpoint({ checkpoint }: { checkpoint: Checkpoint }) {
  const submitAttempt = useAttempt(checkpoint);
  const navigateLater = useDelayedNavigate();
  const onCode = useCallback(
    async (text: string, typed: boolean): Promise<ScanVerdict> => {
      const outcome = await submitAttempt(text, typed);
      if (outcome.status === 'done') {
        if (outcome.result.codeChanged) return { error: codeChangedText() };
        return outcome.result.outcome === 'valid' ? 'valid' : 'invalid';
      }
      if (outcome.status === 'failed') return { error: outcome.message };
      return outcome.status === 'redirected' || outcome.status === 'queued' ? 'stop' : 'ignore';
    },
    [submitAttempt],
  );
  const onValid = useCallback(() => navigateLater(paths.congrats, redirectDelayMs.validScan), [navigateLater]);
  return (
    <div className="action">
      <ScanAction onCode={onCode} onValid={onValid} />
    </div>
  );
}
