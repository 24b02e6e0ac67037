// The API contract shared by the server (validation) and the web app (types and parsing).
// Field names follow the original visitor app's calls (docs/product.md §10), so the API table reads next to the code.
import { z } from 'zod';
import { CHECKPOINT_RESULTS, CHECKPOINT_TYPES, MCQ_MAX_CHOICES, UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from './constants';
import { messages } from './messages';
import { serverMessages } from './server-messages';
import { LANGUAGES } from './languages';
import { WHEEL_SEED_PATTERN } from './wheel';

export * from './auth';
export * from './claim-refusals';
export * from './console';
export * from './constants';
export * from './errors';
export * from './languages';
export * from './field-messages';
export * from './messages';
export * from './server-messages';
export * from './sign-in-errors';
export * from './issue-messages';

export const checkpointTypeSchema = z.enum(CHECKPOINT_TYPES);
export type CheckpointType = z.infer<typeof checkpointTypeSchema>;

/** The body of every refusal (errors.ts, decision 048). */
export const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const meSchema = z.object({
  duckPoints: z.number().int(),
  pendingDuckPoints: z.number().int(),
  rank: z.number().int(),
  totalUsers: z.number().int(),
  userName: z.string(),
});
export type Me = z.infer<typeof meSchema>;

export const leaderboardSchema = z.object({
  me: z.object({ rank: z.number().int(), totalUsers: z.number().int(), duckPoints: z.number().int() }),
  /** `you`: this row is the visitor asking. */
  top: z.array(z.object({ rank: z.number().int(), displayName: z.string(), DuckPoints: z.number().int(), you: z.boolean() })),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const checkpointSchema = z.object({
  checkpointId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  sequence: z.number().int(),
  type: checkpointTypeSchema,
  imgId: z.string().nullable(),
  /** Underscore-separated choice texts (MCQ only), as in the spec. */
  mcqChoices: z.string().nullable(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  maxAttempts: z.number().int(),
  attempts: z.number().int(),
  /** This user completed it (a valid scan, a correct answer, or an answer that is not rejected). */
  completed: z.boolean(),
  /** What happened to this user's answers (docs/product.md §5.3, decision 023). */
  result: z.enum(CHECKPOINT_RESULTS),
  /** The reviewer's reason, with `result` 'rejected'. */
  reviewReason: z.string().nullable(),
  /** Ducks of the spin this checkpoint earned (pending while in review); null before the spin. */
  ducks: z.number().int().nullable(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;
export const checkpointListSchema = z.object({ data: z.array(checkpointSchema) });

export const checkpointImageQuerySchema = z.object({ img_id: z.string().min(1).max(200) });
export const checkpointImageSchema = z.object({ imageUrl: z.string() });

export const checkpointParamsSchema = z.object({ id: z.string().min(1).max(100) });
const answeredAtSchema = z.coerce
  .number({ message: 'answeredAt must be a time in milliseconds.' })
  .int('answeredAt must be a time in milliseconds.')
  .min(0, 'answeredAt must be a time in milliseconds.')
  .max(Number.MAX_SAFE_INTEGER, 'answeredAt must be a time in milliseconds.');
export const attemptBodySchema = z.object({
  /** Scanned text, chosen letters ("a_c" or ["a","c"]), the text answer, or an upload key. */
  answer: z.union([z.string().max(2000), z.array(z.string().max(10)).max(MCQ_MAX_CHOICES)]),
  /** Scan, ScanNoSpin: the code printed under the QR, typed by hand (case, spaces and dashes do not matter). */
  typed: z.boolean().optional(),
  /**
   * When the visitor answered, in milliseconds since 1970 (the phone's Date.now()): sent with an answer kept on
   * the phone while offline. It lets an answer made before a checkpoint closed arrive up to
   * LATE_ANSWER_GRACE_SEC after the close (decision 036).
   */
  answeredAt: answeredAtSchema.optional(),
  /**
   * When the phone sent this request, by the same clock as answeredAt: how long ago the answer was made, whatever the
   * phone's clock says the time is. A kiosk's rotating code is judged at that age (decision 083).
   */
  sentAt: answeredAtSchema.optional(),
});
export type AttemptBody = z.infer<typeof attemptBodySchema>;
export const attemptOutcomeSchema = z.enum(['valid', 'invalid', 'correct', 'incorrect', 'submitted']);
export type AttemptOutcome = z.infer<typeof attemptOutcomeSchema>;
export const attemptResultSchema = z.object({
  outcome: attemptOutcomeSchema,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** Letters of the correct choices, only after an MCQ was graded. */
  correctChoices: z.array(z.string()).optional(),
  /** True when this attempt earned a spin of the wheel. */
  spinEarned: z.boolean(),
  /** An invalid scan of a kiosk's code that has changed since: "scan the kiosk again" rather than "invalid" (decision 083). */
  codeChanged: z.literal(true).optional(),
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;

export const spinBodySchema = z.object({ type: z.string().max(50).optional() });
export const spinResultSchema = z.object({
  duckPointsAwarded: z.number().int(),
  message: z.string(),
  pending: z.boolean(),
});
export type SpinResult = z.infer<typeof spinResultSchema>;
/** GET /api/spin: the spins this visitor has, and the last one spun (a reload mid-spin shows its result). */
export const spinStatusSchema = z.object({
  spinsLeft: z.number().int(),
  last: spinResultSchema.extend({ spunAt: z.string() }).nullable(),
});
export type SpinStatus = z.infer<typeof spinStatusSchema>;

/** A reviewer's decision the visitor has not been shown yet (GET /api/notices, docs/product.md §5.7). */
export const noticeSchema = z.object({
  attemptId: z.number().int(),
  checkpointId: z.string(),
  checkpointTitle: z.string(),
  type: checkpointTypeSchema,
  decision: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  /** The spin's ducks; null when the visitor has not spun yet. */
  ducks: z.number().int().nullable(),
  /** Rejected, and the checkpoint is open with an attempt left. */
  canRetry: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.object({ notices: z.array(noticeSchema) });
/** GET /api/announcements: the crew's announcements showing now for this visitor, in their language where written. */
export const visitorAnnouncementSchema = z.object({ id: z.number(), text: z.string(), lang: z.enum(LANGUAGES) });
export type VisitorAnnouncement = z.infer<typeof visitorAnnouncementSchema>;
export const visitorAnnouncementListSchema = z.object({ announcements: z.array(visitorAnnouncementSchema) });
export type NoticeList = z.infer<typeof noticeListSchema>;
export const noticesSeenBodySchema = z.object({ attemptIds: z.array(z.number().int().positive()).min(1).max(50) });
export const noticesSeenSchema = z.object({ seen: z.number().int() });

export const uploadUrlQuerySchema = z.object({
  filetype: z.enum(UPLOAD_CONTENT_TYPES, { message: messages.uploadType }),
  filename: z.string().min(1).max(200).optional(),
  checkpointId: z.string().min(1).max(100),
  /** The photo's size in bytes: the upload URL is signed for exactly this many. */
  filesize: z.coerce.number().int().min(1, serverMessages.uploadEmpty).max(UPLOAD_MAX_BYTES, serverMessages.uploadTooLarge),
  /** A photo taken offline: when it was taken, as in an attempt's body (decision 036). */
  answeredAt: answeredAtSchema.optional(),
});
export const uploadUrlSchema = z.object({
  uploadUrl: z.string(),
  /** Headers the PUT must carry as they are: the URL is signed with them. */
  headers: z.record(z.string(), z.string()),
  key: z.string(),
  maxBytes: z.number().int(),
});

export const claimedSchema = z.object({
  item: z.string(),
  quantity: z.number().int(),
  timestamp: z.number().int(),
  voucherCode: z.string(),
  redeemed: z.boolean(),
});
export const profileSchema = z.object({
  claimed: z.array(claimedSchema),
  /** The rewards this visitor may claim by their sign-up answer: 'owners' answered yes (campaign.yaml signup). */
  eligibleAs: z.enum(['owners', 'non-owners']),
});
export type Profile = z.infer<typeof profileSchema>;

export const eligibilitySchema = z.enum(['everyone', 'owners', 'non-owners']);
export const rewardSchema = z.object({
  item: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  description: z.string(),
  startDate: z.number().int().nullable(),
  endDate: z.number().int().nullable(),
  eligibility: eligibilitySchema,
  perUserLimit: z.number().int().nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;
export const inventorySchema = z.object({ items: z.array(rewardSchema) });

export const claimBodySchema = z.object({ item: z.string().min(1).max(200) });
export const claimResultSchema = z.object({
  item: z.string(),
  price: z.number().int(),
  voucherCode: z.string(),
  timestamp: z.number().int(),
  duckPoints: z.number().int(),
});
export type ClaimResult = z.infer<typeof claimResultSchema>;

/** An image of the campaign pack: its URL on this server and the text read out in its place. */
const packImageSchema = z.object({ url: z.string(), alt: z.string() });

/** One answer of the sign-up question: its button, and how rewards reserved for it are labelled and refused. */
const signupAnswerSchema = z.object({ answer: z.string(), rewardsLabel: z.string(), refusal: z.string() });

/**
 * Everything a screen shows that belongs to the event, from the pack's campaign.yaml (campaigns/README.md):
 * nothing cruise-specific is written in the web app. Absent in a campaign loaded before it existed.
 */
export const campaignScreensSchema = z.object({
  logo: packImageSchema.nullable(),
  /** CSS colours by role: deep, primary, bright, pale, accent (the web app sets them as custom properties). */
  colours: z.record(z.string(), z.string()),
  background: z.object({ image: z.string().nullable(), videos: z.array(z.string()) }),
  /** The welcome page's prize banner; null: none. */
  prize: z.object({ title: z.string(), text: z.string(), image: z.string().nullable() }).nullable(),
  bookingLabel: z.string(),
  /** The question asked at the end of sign-up; null: none (every visitor counts as answering "no"). */
  signup: z.object({ question: z.string(), text: z.string(), yes: signupAnswerSchema, no: signupAnswerSchema }).nullable(),
  signupTitle: z.string(),
  signupPitch: z.string(),
  signupPhotos: z.array(packImageSchema),
  loginTitle: z.string(),
  signupGoogleTitle: z.string(),
  congrats: z.string(),
  rewardsCaption: z.string(),
  rewardsBanner: packImageSchema.nullable(),
  voucherHint: z.string(),
  claimedHint: z.string(),
  notFoundTitle: z.string(),
  loadErrorTitle: z.string(),
});
export type CampaignScreens = z.infer<typeof campaignScreensSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  tagline: z.string(),
  description: z.string(),
  timeZone: z.string(),
  operatorName: z.string(),
  termsText: z.string(),
  bookingUrl: z.string(),
  challengeDays: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  wheel: z.array(z.object({ ducks: z.number().int(), weight: z.number() })),
  /**
   * Where and when vouchers are collected (the pack's terms.collectionStart, collectionEnd and collectionPlace):
   * days as YYYY-MM-DD, the place '' when the pack names none; null for a campaign loaded before it was sent.
   */
  collection: z.object({ start: z.string(), end: z.string(), place: z.string() }).nullable(),
  screens: campaignScreensSchema.optional(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/**
 * A browser's Web Push subscription (PushSubscription.toJSON()): where its push service takes messages for it,
 * and the keys a message is encrypted to (RFC 8291; 65 and 16 bytes, base64url).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({
    p256dh: z.string().regex(/^[\w-]{87}=?$/),
    auth: z.string().regex(/^[\w-]{22}(==)?$/),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/**
 * The visitor's reminders (decisions 063 and 078): whether a push and an e-mail reminder are on, and the key a
 * browser subscribes with.
 */
export const remindersSchema = z.object({ push: z.boolean(), email: z.boolean(), publicKey: z.string() });
export type Reminders = z.infer<typeof remindersSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A day of the wheel: the commitment published before it, its odds, and its seed once the day is over. */
export const wheelDaySchema = z.object({
  day: isoDay,
  commitment: z.string(),
  odds: z.array(z.number().int()),
  /** Null until the day is over in the campaign's time zone. */
  seed: z.string().nullable(),
});
export type WheelDay = z.infer<typeof wheelDaySchema>;

/** GET /api/wheel/days (public): every day of the campaign, committed. */
export const wheelDaysSchema = z.object({ days: z.array(wheelDaySchema), timeZone: z.string() });
export type WheelDays = z.infer<typeof wheelDaysSchema>;

/** GET /api/wheel/spins: the visitor's seed and every spin of theirs the wheel can be checked for. */
export const wheelSpinsSchema = z.object({
  visitorSeed: z.string(),
  spins: z.array(
    z.object({ number: z.number().int(), day: isoDay, visitorSeed: z.string(), ducks: z.number().int(), spunAt: z.string() }),
  ),
});
export type WheelSpins = z.infer<typeof wheelSpinsSchema>;

/** PUT /api/wheel/seed: the visitor's own seed for their next spins. */
export const wheelSeedBodySchema = z.object({ seed: z.string().trim().regex(WHEEL_SEED_PATTERN) });

export * from './wheel';
