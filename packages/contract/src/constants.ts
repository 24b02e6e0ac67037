// Limits and values of the game that both the server (validation, rules) and the web app (forms, local
// checks) use. Plain values only: the web app imports them without zod (core.ts, decision 006).

export const CHECKPOINT_TYPES = ['Scan', 'ScanNoSpin', 'MCQ', 'Str', 'Upload'] as const;
/**
 * What happened to a visitor's answers to one checkpoint (docs/product.md §5.3): nothing yet; completed (no
 * review needed); in review; approved; rejected (the latest answer, with the reviewer's reason); or every
 * attempt used without success.
 */
export const CHECKPOINT_RESULTS = ['none', 'completed', 'inReview', 'approved', 'rejected', 'usedUp'] as const;
export type CheckpointResult = (typeof CHECKPOINT_RESULTS)[number];

export const STR_MAX_LENGTH = 10;
export const MCQ_MAX_CHOICES = 4;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic'] as const;
/**
 * What a stored photo is served as (decision 054): `?size=` of its URL. A thumbnail for lists, a screen-sized
 * rendition for judging (the default), the uploaded bytes only when asked for.
 */
export const PHOTO_SIZES = ['thumb', 'screen', 'original'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];
/** The same attempt again within this time is skipped (docs/product.md §6), by the web app and the server. */
export const DEDUPE_WINDOW_MS = 5000;
/**
 * An answer made offline before a checkpoint closed is still taken this long after the close (decision 036): a
 * dead spot on board lasts minutes, and a forged answer time gains a liar at most this much.
 */
export const LATE_ANSWER_GRACE_SEC = 30 * 60;
export const MIN_DUCKS = 1;
export const MAX_DUCKS = 5;
/** Sign-up and sign-in field limits: the server's schemas and the web forms' maxLength use the same numbers. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const INSTAGRAM_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 40;

/**
 * Digits of the sign-in code e-mailed with each link (decision 015): 10^8 codes, so a year of the guesses
 * the server allows against one address succeeds with less than a 1-in-10,000 chance.
 */
export const SIGNIN_CODE_DIGITS = 8;

/**
 * Digits of the code e-mailed to an operator address (decision 056): a stranger's wrong codes are no longer
 * counted against a daily budget of the address (that budget was theirs to spend), so each code must hold out
 * alone: 10^12 codes against at most 14,400 guesses a day.
 */
export const OPERATOR_CODE_DIGITS = 12;

/**
 * Sign-in e-mails one browser may ask for one address per 15 minutes (decision 015, auth/link-limits.ts): the
 * "sent" screens offer to send again only while this allows it (features/auth/resend-rules.ts).
 */
export const LINKS_PER_ADDRESS_AND_CLIENT = 5;

/** The console's ready-made rejection reasons, shown as buttons; a reviewer may also type one (docs/product.md §14). */
export const REVIEW_REASONS = [
  'The photo does not show the task.',
  'The answer is not right.',
  'The photo is too dark or blurry.',
  'Not appropriate for the festival.',
] as const;
/** The ready-made reasons that fit an answer of each reviewed type (issue 28 part 4): no photo reason for a text. */
export const REVIEW_REASONS_BY_TYPE = {
  Upload: [REVIEW_REASONS[0], REVIEW_REASONS[2], REVIEW_REASONS[3]],
  Str: [REVIEW_REASONS[1], REVIEW_REASONS[3]],
} as const satisfies Record<'Str' | 'Upload', readonly (typeof REVIEW_REASONS)[number][]>;

/** The ready-made reasons that fit every answer being rejected together, in the list's order. */
export function reviewReasonsFor(types: readonly ('Str' | 'Upload')[]): (typeof REVIEW_REASONS)[number][] {
  return REVIEW_REASONS.filter((reason) =>
    types.every((type) => (REVIEW_REASONS_BY_TYPE[type] as readonly string[]).includes(reason)),
  );
}
export const REVIEW_REASON_MAX_LENGTH = 200;
/** The largest value of a PostgreSQL `integer` column (a campaign version): a larger one is refused as input, not a 500. */
export const PG_INTEGER_MAX = 2_147_483_647;
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
/** Decisions per call of POST /api/console/reviews/decisions, and items per page of the queue. */
export const REVIEW_BATCH_MAX = 100;
export const REVIEW_PAGE_MAX = 100;
/** How many pending answers one reviewer holds at a time, and how long a hold lasts without a refresh (decision 053). */
export const REVIEW_LEASE_MAX = 20;
export const REVIEW_LEASE_SECONDS = 120;
/** How long a reviewer's decision can be undone from the console (issue 28 part 3); then only an adjustment corrects it. */
export const REVIEW_UNDO_SECONDS = 120;
/** Winners e-mailed per call of POST /api/console/winners/notify, and listed by its preview. */
export const WINNERS_MAX = 100;
/** Every action the audit trail records (decision 019): the console's filter offers them. */
export const AUDIT_ACTIONS = [
  'console.sign_in',
  'console.sign_out',
  'operator.add',
  'operator.change_role',
  'operator.remove',
  'audit.export',
  'review.approve',
  'review.reject',
  'review.undo',
  'participant.search',
  'participant.view',
  'photo.view',
  'winners.view',
  'voucher.redeem',
  'voucher.redeem_refused',
  'reward.stock',
  'export.leaderboard',
  'export.claims',
  'export.winners',
  'winners.notify',
  'campaign.load',
  'participant.adjust_ducks',
  'participant.block',
  'participant.unblock',
  'participant.erase',
  'announcement.create',
  'announcement.withdraw',
  'kiosk.start',
  'kiosk.revoke',
] as const;

/** Stock from the console (decision 071): one change adds or takes away at most this many units. */
export const STOCK_CHANGE_MAX = 100_000;
/** The helpdesk (docs/product.md §15): one adjustment moves at most this many ducks either way. */
export const PARTICIPANT_ADJUST_MAX = 10_000;
/** A participant search answers at most this many visitors. */
export const PARTICIPANT_SEARCH_MAX = 50;
/** Reasons for an adjustment or a block: shown to the crew in the audit trail. */
export const PARTICIPANT_REASON_MAX_LENGTH = 200;
/** The word an admin types to confirm an erasure. */
export const ERASE_CONFIRMATION = 'ERASE';

/** The longest announcement, per language: a banner on a phone and a notification's body (decision 078). */
export const ANNOUNCEMENT_MAX_LENGTH = 300;
export const ANNOUNCEMENT_AUDIENCES = ['everyone', 'no_answer_today'] as const;
/** How long an announcement's banner shows, in hours: its push and e-mail are not sent after it either. */
export const ANNOUNCEMENT_HOURS_MAX = 72;

/** How often a kiosk's code changes, in seconds (decision 083): the pack's `rotatingCode.period`, 30 unless it says. */
export const CODE_PERIOD_DEFAULT_SEC = 30;
export const CODE_PERIOD_MIN_SEC = 15;
export const CODE_PERIOD_MAX_SEC = 300;
/**
 * A rotating code kept on the phone while offline is judged at the time it was scanned when it reaches the server at
 * most this long after; later, at the time it arrives. The age is the phone's own (sent minus scanned), so an error in
 * the phone's clock cancels out; a forged age gains at most this.
 */
export const KIOSK_QUEUED_MAX_SEC = 5 * 60;
