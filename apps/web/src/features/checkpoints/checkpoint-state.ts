// Pure rules of the checkpoint list (docs/product.md §5.3): what state a row is in,
// its unlock text and the order of the list (what the answers came to: checkpoint-result.ts). Time is in Unix seconds.
import type { Checkpoint } from '@quackquest/contract/core';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

export type CheckpointState = 'available' | 'notUnlocked' | 'exhausted' | 'ended';

export const DAY_SECONDS = 86_400;
const LONG_TITLE_LENGTH = 15;
export const notUnlockedFallback = (): string => t('server.checkpointLocked');

type Timing = Pick<Checkpoint, 'startTime' | 'endTime' | 'maxAttempts' | 'attempts'>;

/** maxAttempts 0 means unlimited. */
export function attemptsUsedUp(checkpoint: Pick<Checkpoint, 'maxAttempts' | 'attempts'>): boolean {
  return checkpoint.maxAttempts > 0 && checkpoint.attempts >= checkpoint.maxAttempts;
}

export function checkpointState(checkpoint: Timing, nowSec: number): CheckpointState {
  if (nowSec > checkpoint.endTime) return 'ended';
  if (nowSec < checkpoint.startTime) return 'notUnlocked';
  if (attemptsUsedUp(checkpoint)) return 'exhausted';
  return 'available';
}

/** 'Unlocks in N days' with 86400-second days rounded up; '' when the start is unknown. */
export function unlockText(startTime: number, nowSec: number): string {
  if (!Number.isFinite(startTime)) return '';
  const days = Math.ceil((startTime - nowSec) / DAY_SECONDS);
  if (days <= 0) return t('checkpoints.unlocksToday');
  return t('checkpoints.unlocksIn', { days });
}

export function isLongTitle(title: string): boolean {
  return title.length > LONG_TITLE_LENGTH;
}

export function exhaustedText(maxAttempts: number): string {
  return t('checkpoints.exhausted', { max: maxAttempts });
}

export interface CheckpointRow<T> {
  checkpoint: T;
  state: Exclude<CheckpointState, 'ended'>;
}

const rank: Record<CheckpointRow<unknown>['state'], number> = { available: 0, notUnlocked: 1, exhausted: 2 };

/** Ended checkpoints hidden; available first, then not yet unlocked, then exhausted; ties by sequence, then title. */
export function orderCheckpoints<T extends Timing & Pick<Checkpoint, 'sequence' | 'title'>>(
  checkpoints: readonly T[],
  nowSec: number,
): CheckpointRow<T>[] {
  return checkpoints
    .map((checkpoint) => ({ checkpoint, state: checkpointState(checkpoint, nowSec) }))
    .filter((row): row is CheckpointRow<T> => row.state !== 'ended')
    .sort(
      (a, b) =>
        rank[a.state] - rank[b.state] ||
        a.checkpoint.sequence - b.checkpoint.sequence ||
        a.checkpoint.title.localeCompare(b.checkpoint.title),
    );
}
