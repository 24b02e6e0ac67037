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

/** Ended checkpoints hidden; the open ones in the campaign's order (a used-up one keeps its place, issue 27 part 4),
 * then those not unlocked yet; ties by sequence, then title. */
export function orderCheckpoints<T extends Timing & Pick<Checkpoint, 'sequence' | 'title'>>(
  checkpoints: readonly T[],
  nowSec: number,
): CheckpointRow<T>[] {
  const upcoming = (row: CheckpointRow<T>) => (row.state === 'notUnlocked' ? 1 : 0);
  return checkpoints
    .map((checkpoint) => ({ checkpoint, state: checkpointState(checkpoint, nowSec) }))
    .filter((row): row is CheckpointRow<T> => row.state !== 'ended')
    .sort(
      (a, b) =>
        upcoming(a) - upcoming(b) ||
        a.checkpoint.sequence - b.checkpoint.sequence ||
        a.checkpoint.title.localeCompare(b.checkpoint.title),
    );
}

/** Tries left on an open checkpoint; undefined when they are unlimited (maxAttempts 0). */
export function triesLeft(checkpoint: Pick<Checkpoint, 'maxAttempts' | 'attempts'>): number | undefined {
  return checkpoint.maxAttempts > 0 ? Math.max(0, checkpoint.maxAttempts - checkpoint.attempts) : undefined;
}
