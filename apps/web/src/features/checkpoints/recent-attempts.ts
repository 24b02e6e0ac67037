// Attempt de-duplication of docs/product.md §6: the same attempt within 5 seconds is skipped silently.
// Kept in localStorage under recentAttempts; the server de-duplicates too (docs/product.md §9).
import { DEDUPE_WINDOW_MS } from '@quackquest/contract/core';
import { keys, read, write } from '../../lib/storage';

export interface RecentAttempt {
  email: string;
  checkpointName: string;
  checkpointType: string;
  /** The answer, so a different scanned code or choice right after is not mistaken for a repeat. */
  answer: string;
  timestamp: number;
}

export function isDuplicateAttempt(
  records: readonly RecentAttempt[],
  attempt: Omit<RecentAttempt, 'timestamp'>,
  nowMs: number,
): boolean {
  return records.some(
    (r) =>
      r.email === attempt.email &&
      r.checkpointName === attempt.checkpointName &&
      r.checkpointType === attempt.checkpointType &&
      r.answer === attempt.answer &&
      nowMs - r.timestamp >= 0 &&
      nowMs - r.timestamp < DEDUPE_WINDOW_MS,
  );
}

/** Drops records older than the window, so the stored list stays short. */
export function pruneAttempts(records: readonly RecentAttempt[], nowMs: number): RecentAttempt[] {
  return records.filter((r) => nowMs - r.timestamp >= 0 && nowMs - r.timestamp < DEDUPE_WINDOW_MS);
}

export function readRecentAttempts(): RecentAttempt[] {
  try {
    const parsed: unknown = JSON.parse(read(keys.recentAttempts) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RecentAttempt[]) : [];
  } catch {
    return [];
  }
}

export function recordAttempt(attempt: Omit<RecentAttempt, 'timestamp'>, nowMs: number): void {
  const records = pruneAttempts(readRecentAttempts(), nowMs);
  write(keys.recentAttempts, JSON.stringify([...records, { ...attempt, timestamp: nowMs }]));
}
