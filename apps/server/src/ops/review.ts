// The CLI's words for the review queue: the listing and the outcome of a decision. The decisions themselves are
// reviews/review.ts, the same functions the console calls.
import type { PendingReview, ReviewOutcome } from '../reviews/review';
import { formatZoned } from '../text/time';

/** The queue as the CLI lists it; times in `timeZone` (the campaign's) with their offset. */
export function formatPendingReviews(rows: PendingReview[], timeZone: string): string {
  if (rows.length === 0) return 'No answers are waiting for review.';
  const blocks = rows.map((row) =>
    [
      `#${row.attemptId}  ${row.email}  ${row.checkpointId} (${row.type}: ${row.checkpointTitle})`,
      `  answer:    ${row.type === 'Upload' ? `photo ${row.answer}` : JSON.stringify(row.answer)}`,
      ...(row.file ? [`  file:      ${row.file}`] : []),
      `  submitted: ${formatZoned(row.submittedAt, timeZone)}`,
      `  ducks:     ${row.ducks === null ? 'not spun yet' : `${row.ducks} pending`}`,
    ].join('\n'),
  );
  const count = rows.length === 1 ? '1 answer is' : `${rows.length} answers are`;
  return `${count} waiting for review:\n\n${blocks.join('\n\n')}\n\nDecide with: review:approve <id> or review:reject <id> [--note text]`;
}

export function formatReviewOutcome(outcome: ReviewOutcome): string {
  const head = `${outcome.decision === 'approve' ? 'Approved' : 'Rejected'} attempt ${outcome.attemptId} (${outcome.email}, ${outcome.checkpointId}):`;
  const ducks = `${outcome.ducks} duck${outcome.ducks === 1 ? '' : 's'}`;
  const spin = {
    posted: `${ducks} moved from pending to posted.`,
    reversed: `${ducks} pending reversed.`,
    'posts-when-spun': 'not spun yet; the spin will post its ducks directly.',
    voided: 'not spun yet; the spin is void.',
    none: 'no spin was attached.',
  }[outcome.spin];
  const retry = outcome.decision === 'reject' ? ' The attempt no longer counts: the visitor may answer again.' : '';
  return `${head} ${spin}${retry}`;
}
