// The operator console's calls (docs/product.md §10 and §14, decision 019).
import { z } from 'zod';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_HOURS_MAX,
  ANNOUNCEMENT_MAX_LENGTH,
  PG_INTEGER_MAX,
  ERASE_CONFIRMATION,
  PARTICIPANT_ADJUST_MAX,
  PARTICIPANT_REASON_MAX_LENGTH,
  REVIEW_BATCH_MAX,
  REVIEW_LEASE_MAX,
  REVIEW_STATES,
  REVIEW_PAGE_MAX,
  REVIEW_REASON_MAX_LENGTH,
  STOCK_CHANGE_MAX,
  WINNERS_MAX,
} from './constants';
import { consoleMessages } from './messages';
export { AUDIT_ACTIONS } from './constants';

export const OPERATOR_ROLES = ['admin', 'reviewer', 'staff'] as const;

/** POST /api/auth/console: the idToken of an e-mail link or code, as for POST /api/auth. */
export const consoleSignInBodySchema = z.object({ idToken: z.string().min(10).max(8000) });

export const consoleMeSchema = z.object({
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** The campaign's time zone: the console shows every time in it, labelled; null before any campaign is loaded. */
  timeZone: z.string().nullable(),
});

export const operatorSchema = z.object({
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** 'campaign' for the campaign pack's operator.emails, 'cli', or the admin who added it. */
  addedBy: z.string(),
  createdAt: z.string().nullable(),
});

export const addOperatorBodySchema = z.object({
  email: z.string().trim().min(3).max(254),
  role: z.enum(OPERATOR_ROLES, { message: `The role must be one of ${OPERATOR_ROLES.join(', ')}.` }),
});

export const auditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

// The review queue (roles admin, reviewer) and vouchers on board (roles admin, staff): docs/product.md §14.

export const reviewQuerySchema = z.object({
  state: z.enum(REVIEW_STATES).default('pending'),
  checkpoint: z.string().trim().min(1).max(100).optional(),
  type: z.enum(['Str', 'Upload']).optional(),
  limit: z.coerce.number().int().min(1).max(REVIEW_PAGE_MAX).default(50),
  before: z.coerce.number().int().min(1).optional(),
});

/** One of the visitor's other answers to the same checkpoint, oldest first: context for the reviewer. */
export const earlierAnswerSchema = z.object({
  attemptId: z.number(),
  /** The text answer; null for a photo (photoUrl) or an answer the checkpoint grades itself. */
  text: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** pending, approved or rejected for a reviewed answer. */
  state: z.enum(REVIEW_STATES).nullable(),
  reason: z.string().nullable(),
  /** Unix seconds. */
  submittedAt: z.number(),
});

export const reviewItemSchema = z.object({
  attemptId: z.number(),
  checkpointId: z.string(),
  checkpointTitle: z.string(),
  /** The checkpoint's question or task (its subtitle), to judge the answer against. */
  question: z.string(),
  type: z.enum(['Str', 'Upload']),
  /** The text answer (Str). */
  text: z.string().nullable(),
  /** '/api/console/photos/<attemptId>' (Upload). */
  photoUrl: z.string().nullable(),
  /** Unix seconds. */
  submittedAt: z.number(),
  visitorName: z.string(),
  visitorEmail: z.string(),
  state: z.enum(REVIEW_STATES),
  reason: z.string().nullable(),
  /** The spin's ducks; null before the visitor spun. */
  ducks: z.number().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
  /** The visitor's other answers to this checkpoint (issue 28 part 4). */
  earlier: z.array(earlierAnswerSchema),
  /** A photo with the very same bytes another visitor sent before: who, for which checkpoint, when (Unix seconds). */
  samePhotoAs: z.object({ visitorName: z.string(), checkpointTitle: z.string(), sentAt: z.number() }).nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewListSchema = z.object({
  items: z.array(reviewItemSchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().nullable(),
  checkpoints: z.array(z.object({ checkpointId: z.string(), title: z.string() })),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** POST /api/console/reviews/lease: the pending answers handed to this reviewer, held for them alone. */
export const reviewLeaseBodySchema = z.object({
  checkpoint: z.string().trim().min(1).max(100).optional(),
  type: z.enum(['Str', 'Upload']).optional(),
  limit: z.number().int().min(1).max(REVIEW_LEASE_MAX).default(10),
  /** The answers on the reviewer's screen: those no longer theirs come back in `gone`, with why. */
  shown: z.array(z.number().int().min(1)).max(REVIEW_PAGE_MAX).default([]),
});

export const reviewLeaseSchema = z.object({
  /** Oldest first; no other reviewer is handed these until `leasedUntil`. */
  items: z.array(reviewItemSchema),
  /** Unix seconds: the hold ends then unless the reviewer asks again. */
  leasedUntil: z.number(),
  /** Pending answers matching the filter, held or not, and the oldest one's submission (Unix seconds). */
  waiting: z.number(),
  oldestSubmittedAt: z.number().nullable(),
  /** Of those, how many other reviewers hold now. */
  heldByOthers: z.number(),
  /** Of `shown`, the answers decided by someone else or held by another reviewer now: who, and when. */
  gone: z.array(z.object({ attemptId: z.number(), code: z.enum(['alreadyDecided', 'reviewHeld']), message: z.string() })),
  checkpoints: z.array(z.object({ checkpointId: z.string(), title: z.string() })),
});
export type ReviewLease = z.infer<typeof reviewLeaseSchema>;

const reviewDecisionSchema = z
  .object({
    attemptId: z.number().int().min(1),
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().min(1).max(REVIEW_REASON_MAX_LENGTH).optional(),
  })
  .refine((d) => d.decision === 'approve' || d.reason !== undefined, {
    message: 'A rejection needs a reason: the visitor sees it.',
    path: ['reason'],
  });

export const reviewDecisionsBodySchema = z.object({ decisions: z.array(reviewDecisionSchema).min(1).max(REVIEW_BATCH_MAX) });
export type ReviewDecisionsBody = z.infer<typeof reviewDecisionsBodySchema>;

export const reviewDecisionsResultSchema = z.object({
  results: z.array(
    z.union([
      /** `undoUntil` (Unix seconds): the decision can be undone until then (POST /api/console/reviews/undo). */
      z.object({ attemptId: z.number(), ok: z.literal(true), state: z.enum(REVIEW_STATES), undoUntil: z.number() }),
      /** `code` alreadyDecided or reviewHeld: the answer was someone else's (decision 053). */
      z.object({ attemptId: z.number(), ok: z.literal(false), message: z.string(), code: z.string().optional() }),
    ]),
  ),
});
export type ReviewDecisionsResult = z.infer<typeof reviewDecisionsResultSchema>;

/** POST /api/console/reviews/undo: a decision taken back within REVIEW_UNDO_SECONDS; refusals are 409 with a code. */
export const reviewUndoBodySchema = z.object({ attemptId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const reviewUndoResultSchema = z.object({
  attemptId: z.number(),
  /** What the decision had been; the answer is pending again, held by whoever undid it. */
  undone: z.enum(['approved', 'rejected']),
  /** The spin's ducks now pending again (0 when the visitor had not spun). */
  ducks: z.number(),
});
export type ReviewUndoResult = z.infer<typeof reviewUndoResultSchema>;

/** A reason an operator gives (an adjustment, a block, an override): shown to the crew in the audit trail. */
const participantReason = z
  .string({ message: consoleMessages.reasonRequired })
  .trim()
  .min(1, consoleMessages.reasonRequired)
  .max(PARTICIPANT_REASON_MAX_LENGTH, `The reason must be at most ${PARTICIPANT_REASON_MAX_LENGTH} characters.`);

export const voucherSchema = z.object({
  code: z.string(),
  item: z.string(),
  visitorName: z.string(),
  /** Unix seconds. */
  claimedAt: z.number(),
  redeemedAt: z.number().nullable(),
  /** The operator's e-mail, or 'cli'. */
  redeemedBy: z.string().nullable(),
  /** Why an admin redeemed it although its visitor was blocked (issue 32 part 1). */
  redeemOverride: z.string().nullable(),
  /** The visitor as the prize desk must know them: a blocked visitor's voucher is not redeemed without an admin. */
  visitor: z.object({
    status: z.enum(['active', 'blocked']),
    /** An admin's reason for the block. */
    blockedReason: z.string().nullable(),
    /** Unix seconds. */
    blockedAt: z.number().nullable(),
  }),
  /** Who may claim the reward, in the campaign's words ("Cabin owners only"); "Everyone" when anyone may. */
  eligibility: z.string(),
  /** The visitor's answer to the campaign's sign-up question; null when the campaign asks none. */
  signup: z.object({ question: z.string(), answer: z.string() }).nullable(),
});
export type ConsoleVoucher = z.infer<typeof voucherSchema>;

// Stock from the console (admin; issue 32 part 2, decision 071).

export const rewardStockSchema = z.object({
  rewardId: z.number(),
  item: z.string(),
  /** Left to claim now. */
  left: z.number(),
  /** Offered in all: the pack's stock and what the console changed. */
  offered: z.number(),
  claimed: z.number(),
  /** Added (negative: taken away) from the console or the CLI over all changes; kept by a load or a restore. */
  changed: z.number(),
  /** The newest five changes, newest first; `at` in Unix seconds. */
  changes: z.array(z.object({ amount: z.number(), reason: z.string(), actor: z.string(), at: z.number() })),
});
export type RewardStock = z.infer<typeof rewardStockSchema>;
export const rewardStockListSchema = z.object({ items: z.array(rewardStockSchema) });

export const stockChangeBodySchema = z.object({
  amount: z
    .number({ message: consoleMessages.stockAmount })
    .int(consoleMessages.stockAmount)
    .min(-STOCK_CHANGE_MAX, consoleMessages.stockAmount)
    .max(STOCK_CHANGE_MAX, consoleMessages.stockAmount)
    .refine((n) => n !== 0, consoleMessages.stockAmount),
  reason: participantReason,
});

/** POST /api/console/vouchers/:code/redeem: `override`, an admin's reason to redeem a blocked visitor's voucher. */
export const redeemVoucherBodySchema = z.object({ override: participantReason.optional() }).nullish();

// Exports and winners (admin): docs/product.md §10, §15, decision 022.

export const winnersQuerySchema = z.object({
  top: z.coerce
    .number({ message: `The number of winners must be between 1 and ${WINNERS_MAX}.` })
    .int({ message: `The number of winners must be between 1 and ${WINNERS_MAX}.` })
    .min(1, { message: `The number of winners must be between 1 and ${WINNERS_MAX}.` })
    .max(WINNERS_MAX, { message: `The number of winners must be between 1 and ${WINNERS_MAX}.` })
    .default(10),
});

/** Another account a committee should look at: who, and whether it is blocked. */
const sharedAccountSchema = z.object({ userId: z.number(), name: z.string(), email: z.string(), blocked: z.boolean() });

export const winnerSchema = z.object({
  userId: z.number(),
  /** "3", or "3=" for visitors the tie rule cannot tell apart (same ducks reached at the same instant). */
  rank: z.string(),
  name: z.string(),
  email: z.string(),
  ducks: z.number(),
  /** Unix seconds of the last e-mail sent to this visitor; null if never notified. */
  notifiedAt: z.number().nullable(),
  notifiedBy: z.string().nullable(),
  /** The reply deadline of that e-mail, in words, in the campaign's time zone. */
  deadline: z.string().nullable(),
  /** A winner e-mail to this visitor is in the mail queue, not sent yet (decision 025): they are not e-mailed again. */
  queued: z.boolean(),
  /**
   * What the prize committee must look at (issue 32 part 3): ducks adjusted by hand (net, and how many times), a
   * block in the visitor's history, and other accounts with the same phone number.
   */
  flags: z.object({ adjusted: z.number(), adjustments: z.number(), everBlocked: z.boolean(), samePhone: z.number() }),
  /**
   * How the ducks came (the list only, not the outcome of notifying; decision 074): `earned`'s parts add up to `ducks`
   * (spins, approvals, approvals taken back, adjustments, rewards bought); every adjustment, block and unblock with
   * who and why (Unix seconds); other accounts with the same phone number, or signed up in the same browser or from
   * the same address within minutes (decision 075).
   */
  vetting: z
    .object({
      earned: z.object({
        spins: z.number(),
        approvals: z.number(),
        reversed: z.number(),
        adjusted: z.number(),
        spent: z.number(),
      }),
      history: z.array(
        z.object({
          at: z.number(),
          by: z.string().nullable(),
          what: z.enum(['adjust', 'block', 'unblock']),
          amount: z.number().nullable(),
          reason: z.string().nullable(),
        }),
      ),
      samePhoneAccounts: z.array(sharedAccountSchema),
      /** Other accounts signed up in the same browser (decision 075). */
      sameBrowserAccounts: z.array(sharedAccountSchema),
      /** Other accounts signed up from the same address within 10 minutes; null without signals (an older account). */
      sameAddressSoon: z.number().nullable(),
    })
    .optional(),
});
export type Winner = z.infer<typeof winnerSchema>;

export const winnersListSchema = z.object({
  winners: z.array(winnerSchema),
  /** The campaign's end, in words in its time zone; `ended` once it is past: before, notifying needs a reason. */
  endsAt: z.string(),
  ended: z.boolean(),
});
export type WinnersList = z.infer<typeof winnersListSchema>;

const winnersCount = `The number of winners must be between 1 and ${WINNERS_MAX}.`;
export const notifyWinnersBodySchema = z
  .object({
    top: z
      .number({ message: winnersCount })
      .int({ message: winnersCount })
      .min(1, { message: winnersCount })
      .max(WINNERS_MAX, { message: winnersCount })
      .optional(),
    userIds: z
      .array(z.number().int().min(1))
      .min(1, { message: `Choose between 1 and ${WINNERS_MAX} visitors.` })
      .max(WINNERS_MAX, { message: `Choose between 1 and ${WINNERS_MAX} visitors.` })
      .optional(),
    /** E-mail visitors notified before, too. */
    resend: z.boolean().default(false),
    /** Why winners are notified before the campaign has ended: required then, kept in the audit trail. */
    earlyReason: participantReason.optional(),
  })
  .refine((body) => (body.top === undefined) !== (body.userIds === undefined), {
    message: 'Choose either the top N or a list of visitors.',
    path: ['top'],
  });
export type NotifyWinnersBody = z.input<typeof notifyWinnersBodySchema>;

export const notifyWinnersResultSchema = z.object({
  results: z.array(
    winnerSchema.extend({
      outcome: z.enum(['notified', 'skipped', 'failed']),
      /** Why a visitor was skipped or failed. */
      message: z.string().nullable(),
    }),
  ),
});
export type NotifyWinnersResult = z.infer<typeof notifyWinnersResultSchema>;

/** GET /api/console/audit: filters. */
export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().min(1).optional(),
  action: z.string().trim().min(1).max(64).optional(),
  actor: z.string().trim().min(1).max(254).optional(),
  /** The rows that concern this visitor (by id), or this reward (by id): issue 32 part 6. */
  user: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  reward: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
export type OperatorRow = z.infer<typeof operatorSchema>;
// The dashboard (role admin): docs/product.md §10, §15; what each number counts is decision 021.

export const dashboardSchema = z.object({
  /** Unix seconds: when the fresh numbers (reviews, rewards, claims) were read. */
  at: z.number(),
  /** The campaign's time zone: "today" starts at its midnight. */
  timeZone: z.string(),
  /** Unix seconds: when the visitor numbers (visitors, active, ducks) were read; a few seconds old at most. */
  visitorsAt: z.number(),
  /** Unix seconds: when the completions per checkpoint were read; up to about 30 s old. */
  checkpointsAt: z.number(),
  visitors: z.object({ total: z.number(), today: z.number() }),
  /** Distinct visitors who signed in, answered, spun or claimed in the last 15 minutes. */
  activeLast15Minutes: z.number(),
  /** In the campaign's order: distinct visitors who completed each checkpoint. */
  checkpoints: z.array(z.object({ checkpointId: z.string(), title: z.string(), completions: z.number() })),
  reviews: z.object({
    pending: z.number(),
    /** Unix seconds of the oldest answer waiting; null when none waits. */
    oldestPendingAt: z.number().nullable(),
  }),
  ducks: z.object({ posted: z.number(), pending: z.number() }),
  /** In the campaign's order. */
  rewards: z.array(z.object({ item: z.string(), stockLeft: z.number(), claimed: z.number(), redeemed: z.number() })),
  claims: z.object({ total: z.number(), today: z.number() }),
  redemptions: z.object({ total: z.number(), today: z.number() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
// The helpdesk (role admin): find a visitor, see their game, adjust ducks, block, erase (docs/product.md §15,
// decision 020).

export const participantSearchQuerySchema = z.object({
  /** An e-mail or name (any part, any case) or a voucher code (exact). */
  q: z.string().trim().max(254, 'The search must be at most 254 characters.').default(''),
});

export const participantSummarySchema = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  /** As the visitor typed them ('' when none): with the e-mail, what tells namesakes apart. */
  phone: z.string(),
  instagram: z.string(),
  ducks: z.number(),
  blocked: z.boolean(),
  erased: z.boolean(),
  /** Unix seconds. */
  createdAt: z.number(),
});
export type ParticipantSummary = z.infer<typeof participantSummarySchema>;

export const participantSearchSchema = z.object({ items: z.array(participantSummarySchema) });
export type ParticipantSearch = z.infer<typeof participantSearchSchema>;

export const participantParamsSchema = z.object({
  userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const participantSchema = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  instagram: z.string(),
  cabinOwner: z.boolean(),
  /** The campaign's sign-up question and the visitor's answer, in its words; null for a campaign without one. */
  signup: z.object({ question: z.string(), answer: z.string() }).nullable(),
  /** Unix seconds. */
  createdAt: z.number(),
  blocked: z.boolean(),
  blockedReason: z.string().nullable(),
  /** Unix seconds. */
  blockedAt: z.number().nullable(),
  /** Unix seconds; set once the personal data was erased. */
  erasedAt: z.number().nullable(),
  ducks: z.number(),
  pendingDucks: z.number(),
  attempts: z.array(
    z.object({
      attemptId: z.number(),
      checkpointTitle: z.string(),
      type: z.string(),
      /** The answer as the crew may see it: a text answer, the MCQ letters; null for a photo or a QR text. */
      answer: z.string().nullable(),
      /** '/api/console/photos/<attemptId>' for a photo still stored. */
      photoUrl: z.string().nullable(),
      outcome: z.string(),
      review: z.string().nullable(),
      submittedAt: z.number(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number(),
      amount: z.number(),
      posted: z.boolean(),
      /** spin, review-approve, review-reject, review-undo, claim or adjustment: the console words it. */
      kind: z.string(),
      reason: z.string().nullable(),
      /** The reward a claim's debit bought. */
      item: z.string().nullable(),
      at: z.number(),
    }),
  ),
  claims: z.array(
    z.object({
      item: z.string(),
      price: z.number(),
      voucherCode: z.string(),
      claimedAt: z.number(),
      redeemedAt: z.number().nullable(),
      redeemedBy: z.string().nullable(),
    }),
  ),
});
export type Participant = z.infer<typeof participantSchema>;

export const adjustDucksBodySchema = z.object({
  amount: z
    .number({ message: consoleMessages.adjustAmount })
    .int(consoleMessages.adjustAmount)
    .min(-PARTICIPANT_ADJUST_MAX, consoleMessages.adjustAmount)
    .max(PARTICIPANT_ADJUST_MAX, consoleMessages.adjustAmount)
    .refine((n) => n !== 0, consoleMessages.adjustAmount),
  reason: participantReason,
});
export type AdjustDucksBody = z.infer<typeof adjustDucksBodySchema>;

export const blockBodySchema = z.object({ reason: participantReason });

export const eraseBodySchema = z.object({
  confirm: z.literal(ERASE_CONFIRMATION, { message: consoleMessages.eraseConfirm }),
});
// The campaign page (role admin): versions, a pack's diff, load and restore (docs/product.md §15, decision 032).

const campaignName = z.string().trim().max(200);
/** Renamed ids: old id (or reward item) → new one, as `campaign:load --rename` takes them. */
export const campaignRenamesSchema = z.object({
  checkpoints: z.record(campaignName, campaignName).default({}),
  rewards: z.record(campaignName, campaignName).default({}),
});

/** What to load: a pack folder the server lists (by name, never a path) or a stored version. */
export const campaignSourceSchema = z.union([
  z.object({ pack: z.string().trim().min(1, 'Choose a pack.').max(100) }),
  z.object({ version: z.number().int().min(1).max(PG_INTEGER_MAX) }),
]);

/** POST /api/console/campaign/preview. */
export const campaignPreviewBodySchema = z.object({
  source: campaignSourceSchema,
  renames: campaignRenamesSchema.default({ checkpoints: {}, rewards: {} }),
});

/** POST /api/console/campaign/load: without `confirm`, a load that orphans progress is refused (409). */
export const campaignLoadBodySchema = campaignPreviewBodySchema.extend({ confirm: z.boolean().default(false) });

export const campaignVersionSchema = z.object({
  version: z.number(),
  campaignId: z.string(),
  name: z.string(),
  /** Unix seconds. */
  loadedAt: z.number(),
  loadedBy: z.string(),
  source: z.string(),
  contentHash: z.string(),
  checkpoints: z.number(),
  rewards: z.number(),
  /** The version the active campaign runs. */
  active: z.boolean(),
});
export type CampaignVersion = z.infer<typeof campaignVersionSchema>;

/** GET /api/console/campaign: every stored version (newest first) and the packs the server can load. */
export const campaignPageSchema = z.object({
  versions: z.array(campaignVersionSchema),
  packs: z.array(z.string()),
});
export type CampaignPage = z.infer<typeof campaignPageSchema>;

export const campaignPlanSchema = z.object({
  /** The pack or version: what it holds, as campaign:validate prints it. */
  summary: z.object({
    id: z.string(),
    name: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    challengeDays: z.number(),
    checkpoints: z.number(),
    rewards: z.number(),
  }),
  /** Every difference, then what each change would orphan or move: the lines campaign:load prints. */
  lines: z.array(z.string()),
  /** Each change that would leave visitors' progress behind: the load needs `confirm`. */
  losses: z.array(z.string()),
  orphaned: z.object({ attempts: z.number(), spins: z.number(), claims: z.number(), vouchers: z.number(), visitors: z.number() }),
  /** The version stored: only in a load's answer. */
  version: z.number().optional(),
});
export type CampaignPlan = z.infer<typeof campaignPlanSchema>;
export type CampaignRenames = z.infer<typeof campaignRenamesSchema>;

const announcementText = z
  .string()
  .trim()
  .max(ANNOUNCEMENT_MAX_LENGTH, `An announcement must be at most ${ANNOUNCEMENT_MAX_LENGTH} characters in each language.`);

/** POST /api/console/announcements: the words (English required), who, when and how long, and what else to send. */
export const newAnnouncementSchema = z.object({
  texts: z.object({
    en: announcementText.min(1, consoleMessages.announcementEnglishMissing),
    'zh-Hans': announcementText.optional(),
    ms: announcementText.optional(),
    ta: announcementText.optional(),
  }),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { message: 'Choose who the announcement is for.' }),
  /** The campaign's wall-clock time ("2026-11-28T20:00") it shows from; absent: now. */
  showAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Give the time as a date and a time of day.')
    .optional(),
  hours: z
    .number({ message: 'Say for how many hours the announcement shows.' })
    .int('Say for how many hours the announcement shows, in whole hours.')
    .min(1, 'An announcement shows for at least an hour.')
    .max(ANNOUNCEMENT_HOURS_MAX, `An announcement shows for at most ${ANNOUNCEMENT_HOURS_MAX} hours.`),
  push: z.boolean(),
  email: z.boolean(),
});
export type NewAnnouncement = z.infer<typeof newAnnouncementSchema>;

export const consoleAnnouncementSchema = z.object({
  id: z.number(),
  texts: z.record(z.string(), z.string()),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  /** Unix seconds. */
  showAt: z.number(),
  endsAt: z.number(),
  push: z.boolean(),
  email: z.boolean(),
  createdBy: z.string(),
  withdrawnAt: z.number().nullable(),
  state: z.enum(['scheduled', 'showing', 'ended', 'withdrawn']),
  /** Pushes and e-mails queued, sent (or handed to the mail queue), and not sent (withdrawn, failed, gone). */
  sends: z.object({ queued: z.number(), sent: z.number(), notSent: z.number() }),
});
export type ConsoleAnnouncement = z.infer<typeof consoleAnnouncementSchema>;

// Kiosks (roles admin, staff; decision 083): tablets showing a checkpoint's rotating code.

export const KIOSK_NAME_MAX = 60;
export const startKioskBodySchema = z.object({
  /** The checkpoint's id in the pack. */
  checkpoint: z.string().min(1, 'Choose the checkpoint this kiosk shows.').max(100),
  name: z
    .string()
    .trim()
    .min(1, 'Give the kiosk a name the crew will know it by, such as "Pool deck tablet".')
    .max(KIOSK_NAME_MAX, `A kiosk's name is at most ${KIOSK_NAME_MAX} characters.`),
});
export type StartKioskBody = z.infer<typeof startKioskBodySchema>;

/** POST /api/console/kiosks: all a tablet needs to show the codes, the key included (sent this once). */
export const startedKioskSchema = z.object({
  id: z.number(),
  name: z.string(),
  key: z.string(),
  /** Seconds between codes. */
  period: z.number(),
  checkpointId: z.string(),
  checkpointTitle: z.string(),
});
export type StartedKiosk = z.infer<typeof startedKioskSchema>;

export const kioskCheckpointSchema = z.object({
  id: z.string(),
  title: z.string(),
  period: z.number(),
  kiosks: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      createdBy: z.string(),
      createdAt: z.string(),
      revokedAt: z.string().nullable(),
      revokedBy: z.string().nullable(),
      /** When the tablet last asked the server with a code of its own; null before it ever did. */
      lastSeenAt: z.string().nullable(),
    }),
  ),
});
export const kioskListSchema = z.object({ checkpoints: z.array(kioskCheckpointSchema) });
export type KioskList = z.infer<typeof kioskListSchema>;

/** GET /api/kiosks/:id?code= (public): `code`, the code the tablet shows now, marks the kiosk seen (decision 090). */
export const kioskStateQuerySchema = z.object({ code: z.string().max(40).optional() });
/** Its answer: whether the kiosk is still on, and the server's clock in milliseconds. */
export const kioskStateSchema = z.object({ state: z.enum(['on', 'revoked']), serverTime: z.number() });
export type KioskState = z.infer<typeof kioskStateSchema>;
