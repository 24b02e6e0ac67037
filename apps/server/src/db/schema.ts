// The one PostgreSQL schema, used on PGlite and on PostgreSQL alike.
// Migrations are generated from this file: `npm run db:generate --workspace apps/server`.
import type { AttemptResult, PendingSignup } from '@quackquest/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const userRef = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id);

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    cabinOwner: boolean('cabin_owner').notNull().default(false),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    // Cached balances: changed only in the transaction that writes the ledger row they sum.
    ducks: integer('ducks').notNull().default(0),
    pendingDucks: integer('pending_ducks').notNull().default(0),
    // When `ducks` last changed: leaderboard ties go to whoever reached the total first.
    ducksAt: timestamp('ducks_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Blocked by an admin (decision 020): no sign-in, spin or claim, and off the leaderboard in every rank.
    blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
    blockedReason: text('blocked_reason'),
    /** The personal data was erased (decision 020): blocked for good, the rows of the game kept. */
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }),
    /** The language of their last sign-up or sign-in (decision 037): zh-Hans, ms or ta; null is English. */
    language: text('language'),
    /**
     * The visitor's own seed for the wheel (decision 082): a spin's ducks follow from the day's seed, this and the
     * spin's number. Random from the start; the visitor may choose their own on the wheel's check page.
     */
    wheelSeed: text('wheel_seed')
      .notNull()
      .default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 16)`),
  },
  (t) => [
    // Only visitors who are not blocked are ranked: every rank query says `blocked_at is null`, so it reads
    // this partial index (ranking.ts).
    index('users_rank_idx')
      .on(t.ducks.desc(), t.ducksAt, t.id)
      .where(sql`${t.blockedAt} is null`),
    check('users_ducks_non_negative', sql`${t.ducks} >= 0`),
    check('users_pending_non_negative', sql`${t.pendingDucks} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table does not leak sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: userRef(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const campaigns = pgTable('campaigns', {
  id: text('id').primaryKey(),
  /** Public description (name, terms text, dates, wheel): what GET /api/campaign returns. */
  info: jsonb('info').notNull(),
  /** Spin weights by ducks: {"1": 35, ...}. */
  wheelWeights: jsonb('wheel_weights').$type<Record<string, number>>().notNull(),
  /** The folder the pack was loaded from, for the record only: content and images come from `version`. */
  sourceDir: text('source_dir').notNull(),
  active: boolean('active').notNull().default(false),
  loadedAt: timestamp('loaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The campaign_versions row this content was loaded from; null for a campaign loaded before versions. */
  version: integer('version'),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Every load of a pack (decision 032): the whole validated pack, who loaded it and when; restorable. */
export const campaignVersions = pgTable('campaign_versions', {
  version: serial('version').primaryKey(),
  campaignId: text('campaign_id').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** An operator's e-mail, 'cli', or 'CAMPAIGN' (seeded by a server start). */
  loadedBy: text('loaded_by').notNull(),
  /** Where it came from: the pack's folder, or "version N" for a restore. */
  source: text('source').notNull(),
  /** SHA-256 of the pack and its images' hashes, keys sorted: the same content has the same hash. */
  contentHash: text('content_hash').notNull(),
  /** The validated pack (campaign.yaml's fields, terms, checkpoints, rewards, times), whatever fields it holds. */
  pack: jsonb('pack').$type<Record<string, unknown>>().notNull(),
});

/** An image's bytes, stored once however many versions hold it. */
export const campaignImages = pgTable('campaign_images', {
  sha256: text('sha256').primaryKey(),
  bytes: bytea('bytes').notNull(),
});

/** The images of one version, by their name in the pack's images/ folder. */
export const campaignVersionImages = pgTable(
  'campaign_version_images',
  {
    version: integer('version')
      .notNull()
      .references(() => campaignVersions.version),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256')
      .notNull()
      .references(() => campaignImages.sha256),
  },
  (t) => [primaryKey({ columns: [t.version, t.name] })],
);

export const checkpoints = pgTable(
  'checkpoints',
  {
    id: serial('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    sequence: integer('sequence').notNull(),
    type: text('type').notNull(),
    image: text('image'),
    startTime: bigint('start_time', { mode: 'number' }).notNull(),
    endTime: bigint('end_time', { mode: 'number' }).notNull(),
    maxAttempts: integer('max_attempts').notNull().default(0),
    choices: text('choices').array(),
    // Secret fields: never sent to a browser.
    qrTexts: text('qr_texts').array(),
    mcqAnswers: text('mcq_answers').array(),
    /** Scan checkpoints shown on kiosks (decision 083): how often the code changes, in seconds; null: printed codes. */
    codePeriod: integer('code_period'),
    removed: boolean('removed').notNull().default(false),
  },
  (t) => [uniqueIndex('checkpoints_campaign_slug_idx').on(t.campaignId, t.slug)],
);

/**
 * A tablet showing a checkpoint's rotating code (decision 083). Its key is on the tablet and here, never sent again
 * after the start; a revoked kiosk's codes are refused.
 */
export const kiosks = pgTable(
  'kiosks',
  {
    id: serial('id').primaryKey(),
    checkpointId: integer('checkpoint_id')
      .notNull()
      .references(() => checkpoints.id),
    /** What the crew calls it ("Pool deck tablet"). */
    name: text('name').notNull(),
    /** The TOTP key, base32. */
    key: text('key').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
    /** When the tablet last asked the server with a code of its own (kioskState): the crew sees which one went quiet. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('kiosks_checkpoint_idx').on(t.checkpointId)],
);

/** A photo's place: signed for one size and type; stored once, used by one answer (decision 017). */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    userId: userRef(),
    checkpointId: integer('checkpoint_id')
      .notNull()
      .references(() => checkpoints.id),
    contentType: text('content_type').notNull(),
    /** The size the URL was signed for (the stored bytes are exactly this many). */
    size: integer('size').notNull(),
    createdAt: createdAt(),
    storedAt: timestamp('stored_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The stored bytes' SHA-256 (hex), taken when the photo is given as an answer: the same photo sent twice. */
    sha256: text('sha256'),
  },
  (t) => [
    index('uploads_sha256_idx')
      .on(t.sha256)
      .where(sql`${t.sha256} is not null`),
    index('uploads_unused_by_user_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.usedAt} is null`),
    index('uploads_unused_by_age_idx')
      .on(t.createdAt)
      .where(sql`${t.usedAt} is null`),
  ],
);

export const attempts = pgTable(
  'attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    checkpointId: integer('checkpoint_id')
      .notNull()
      .references(() => checkpoints.id),
    createdAt: createdAt(),
    answer: text('answer').notNull(),
    outcome: text('outcome').notNull(),
    /** pending | approved | rejected, for Str and Upload answers. */
    review: text('review'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** Who decided: an operator's e-mail, or 'cli'. */
    decidedBy: text('decided_by'),
    /** Why: shown to the visitor (docs/product.md §14); required for a rejection in the console. */
    reviewReason: text('review_reason'),
    /** When the visitor was shown the decision (GET /api/notices): each decision is told once (decision 023). */
    decisionSeenAt: timestamp('decision_seen_at', { withTimezone: true, mode: 'date' }),
    /** False for invalid scans and rejected answers: they do not count against maxAttempts. */
    counted: boolean('counted').notNull(),
    /**
     * The reviewer holding this pending answer (an operator's e-mail) and until when: no other reviewer is handed it
     * meanwhile (reviews/leases.ts, decision 053). Past `leasedUntil` the hold is gone.
     */
    leasedBy: text('leased_by'),
    leasedUntil: timestamp('leased_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('attempts_user_checkpoint_idx').on(t.userId, t.checkpointId),
    index('attempts_review_idx')
      .on(t.review)
      .where(sql`${t.review} = 'pending'`),
    index('attempts_unseen_decision_idx')
      .on(t.userId)
      .where(sql`${t.decidedAt} is not null and ${t.decisionSeenAt} is null`),
  ],
);

/**
 * An answer sent with an Idempotency-Key (decision 036), written in the transaction of the answer it records:
 * the same key from the same visitor again returns `result` and changes nothing. `fingerprint` is a hash of
 * the checkpoint and the answer, so a key reused for another answer is refused.
 */
export const attemptKeys = pgTable(
  'attempt_keys',
  {
    userId: userRef(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    result: jsonb('result').$type<AttemptResult>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** A spin entitlement: earned by one successful attempt, spent at most once. */
export const spins = pgTable(
  'spins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => attempts.id),
    /** Ducks of this spin stay pending until the attempt is approved. */
    needsReview: boolean('needs_review').notNull(),
    createdAt: createdAt(),
    spentAt: timestamp('spent_at', { withTimezone: true, mode: 'date' }),
    ducks: integer('ducks'),
    /** Set when the attempt was rejected before the spin was spent. */
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    /** The wheel's day and the visitor's seed this spin was spun with (decision 082); null for spins before it. */
    wheelDay: date('wheel_day', { mode: 'string' }),
    wheelSeed: text('wheel_seed'),
  },
  (t) => [
    index('spins_unspent_idx')
      .on(t.userId, t.id)
      .where(sql`${t.spentAt} is null and ${t.voidedAt} is null`),
  ],
);

/**
 * The wheel's days (decision 082): each day's secret seed, its SHA-256 published before the day and the seed after it,
 * and the day's odds (whole weights of 1..5 ducks), fixed once the day has begun. A calendar day of the campaign's time
 * zone; qq_spin reads its row.
 */
export const wheelDays = pgTable('wheel_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  seed: text('seed').notNull(),
  commitment: text('commitment').notNull(),
  odds: jsonb('odds').$type<number[]>().notNull(),
  createdAt: createdAt(),
});

export const LEDGER_KINDS = ['spin', 'claim', 'review-approve', 'review-reject', 'review-undo', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Every change of a user's ducks. Ducks = sum of posted rows; pending ducks = sum of the others. */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    amount: integer('amount').notNull(),
    posted: boolean('posted').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    spinId: bigint('spin_id', { mode: 'number' }).references(() => spins.id),
    claimId: bigint('claim_id', { mode: 'number' }),
    reason: text('reason'),
    createdAt: createdAt(),
    /**
     * The row's place in its visitor's chain (1, 2, ...) and its link: SHA-256 over the previous link and the row,
     * written by the insert trigger (ledger/qq_ledger_link.sql, decision 079). `ops verify` finds an edited or removed
     * row; `ops ledger:digest` prints a day's digest of every visitor's last link. The defaults are never kept: the
     * trigger writes both on every insert.
     */
    seq: integer('seq').notNull().default(0),
    hash: text('hash').notNull().default(''),
  },
  // One index by visitor: their rows in chain order (it also serves every lookup by visitor alone).
  (t) => [uniqueIndex('ledger_user_seq_idx').on(t.userId, t.seq)],
);

// Every claim updates its reward's row: migration 0002 (hand-written; drizzle-kit does not manage storage
// parameters) sets fillfactor 10 so that those updates stay on the row's page (bench/RESULTS.md).
export const rewards = pgTable(
  'rewards',
  {
    id: serial('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    item: text('item').notNull(),
    price: integer('price').notNull(),
    /** Remaining stock. */
    stock: integer('stock').notNull(),
    /** Stock loaded from the pack, in total: claims never exceed it. */
    stockLoaded: integer('stock_loaded').notNull(),
    description: text('description').notNull(),
    startDate: bigint('start_date', { mode: 'number' }),
    endDate: bigint('end_date', { mode: 'number' }),
    eligibility: text('eligibility').notNull().default('everyone'),
    perUserLimit: integer('per_user_limit'),
    sequence: integer('sequence').notNull(),
    removed: boolean('removed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('rewards_campaign_item_idx').on(t.campaignId, t.item),
    check('rewards_stock_non_negative', sql`${t.stock} >= 0`),
  ],
);

export const claims = pgTable(
  'claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id),
    price: integer('price').notNull(),
    voucherCode: text('voucher_code').notNull().unique(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }),
    /** Who handed it over: an operator's e-mail, or 'cli'. */
    redeemedBy: text('redeemed_by'),
    /** Why an admin handed it over although its visitor was blocked (issue 32 part 1); null when nothing was overridden. */
    redeemOverride: text('redeem_override'),
  },
  (t) => [uniqueIndex('claims_user_key_idx').on(t.userId, t.idempotencyKey), index('claims_reward_idx').on(t.rewardId)],
);

/**
 * Stock an admin added (or took away) from the console or the CLI (issue 32 part 2, decision 071): a record of its
 * own beside the pack's stock, so loading or restoring a campaign version adds it again instead of undoing it.
 */
export const stockChanges = pgTable(
  'stock_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id),
    /** Units added (positive) or taken away (negative). */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** An operator's e-mail, or 'cli'. */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('stock_changes_reward_idx').on(t.rewardId), check('stock_changes_amount_not_zero', sql`${t.amount} <> 0`)],
);

/**
 * What a prize committee compares between accounts (issue 32 part 3, decision 075): where and in which browser each
 * account signed up, as keyed hashes (HMAC with the server secret) that can only be compared, never read back as an
 * address or a cookie. Deleted with the visitor's personal data (decision 020).
 */
export const signupSignals = pgTable(
  'signup_signals',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The client's address (as the proxy reported it), keyed-hashed. */
    network: text('network').notNull(),
    /** The browser's sign-in binding (qq_browser, decision 016), keyed-hashed. */
    browser: text('browser').notNull(),
  },
  (t) => [index('signup_signals_network_idx').on(t.network, t.at), index('signup_signals_browser_idx').on(t.browser)],
);

/** A magic-link sign-in: the link's token and the 8-digit code are stored as keyed hashes, used once, 15 minutes. */
export const emailLinks = pgTable(
  'email_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    returnTo: text('return_to').notNull(),
    clientIp: text('client_ip').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /** Wrong codes compared with this link; their sum per address is the daily guess budget (decision 015). */
    failedCodes: integer('failed_codes').notNull().default(0),
    /** A sign-up link's form details, for whichever browser opens it (docs/product.md §5.2). */
    signup: jsonb('signup').$type<PendingSignup>(),
    /**
     * An operator address's link: the hash of the browser binding (qq_browser) that asked for it, the only
     * browser whose typed code is compared with it (decision 056). Null for a visitor's link.
     */
    requestedBy: text('requested_by'),
    /**
     * The hash of the browser binding (qq_browser) the request presented, null when it had none: the client whose
     * links are counted and whose e-mail takes its turn in the queue (decision 058).
     */
    requester: text('requester'),
  },
  (t) => [
    index('email_links_email_idx').on(t.email, t.createdAt),
    index('email_links_ip_idx').on(t.clientIp, t.createdAt),
    // The global ceiling counts the last minute's e-mails (decision 015).
    index('email_links_created_idx').on(t.createdAt),
    // A browser's links in the last 15 minutes (decision 058).
    index('email_links_requester_idx')
      .on(t.requester, t.createdAt)
      .where(sql`requester is not null`),
    // The links each IP's visitors used in the last minute: its weight in the mail queue (decision 058).
    index('email_links_used_idx')
      .on(t.usedAt)
      .where(sql`used_at is not null`),
  ],
);

/** Sign-in proofs (idTokens) that started a session, kept until they expire: each works once (decision 016). */
export const spentIdTokens = pgTable(
  'spent_id_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('spent_id_tokens_expires_idx').on(t.expiresAt)],
);

/** The crew who use the console (decision 019): an address and its role. The campaign's operator.emails are
 * admins without a row. */
export const operators = pgTable(
  'operators',
  {
    /** Lower-case: the address an e-mail sign-in proves. */
    email: text('email').primaryKey(),
    role: text('role', { enum: ['admin', 'reviewer', 'staff'] }).notNull(),
    /** Who added it: an operator's e-mail, or 'cli'. */
    addedBy: text('added_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('operators_role_known', sql`${t.role} in ('admin', 'reviewer', 'staff')`),
    check('operators_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** An operator's console session (decision 019): like `sessions`, stored hashed, but for an address, not a user. */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('console_sessions_email_idx').on(t.email)],
);

/** Every operator action, append-only: a trigger refuses UPDATE and DELETE (decision 019). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The operator's e-mail, or 'cli'. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** What it acted on: an e-mail, a voucher code, a file name; '' when nothing in particular. */
    subject: text('subject').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  // Listed newest first by id (its primary key), so no other index.
);

/**
 * The audit trail's hash chain (decision 065): each audit row, at its transaction's commit, gets
 * the next number and a SHA-256 over the previous seal's hash and the row, so an edited, removed or inserted row
 * breaks the chain `ops verify` walks. Written only by the database's own trigger (audit/qq_audit_seal.sql), and
 * append-only like the trail.
 */
export const auditSeals = pgTable('audit_seals', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  auditId: bigint('audit_id', { mode: 'number' }).notNull().unique(),
  hash: text('hash').notNull(),
});

/** The chain's head: one row, the last seal's number and hash (0 and 64 zeros before the first). */
export const auditChain = pgTable(
  'audit_chain',
  {
    id: integer('id').primaryKey().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('audit_chain_one_row', sql`${t.id} = 1`)],
);

/** A winner's e-mail (decision 022): one row per e-mail sent, so a second call does not e-mail the same visitor
 * twice unless asked to. `notifiedAt` is null while the e-mail is on its way (the row holds the visitor meanwhile). */
export const winnerNotices = pgTable(
  'winner_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    /** The operator's e-mail, or 'cli'. */
    notifiedBy: text('notified_by').notNull(),
    /** The end of the last day to reply, in the campaign's time zone (terms.winnerReplyDays after notifiedAt's day). */
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }).notNull(),
    /** The e-mail's Message-ID, without angle brackets. */
    mailId: text('mail_id').notNull().unique(),
    rank: integer('rank').notNull(),
    ducks: integer('ducks').notNull(),
  },
  (t) => [index('winner_notices_user_idx').on(t.userId)],
);

/**
 * E-mail waiting to be sent, and sent (decision 025): requests write a row, the worker in each server process
 * claims due rows (FOR UPDATE SKIP LOCKED), sends them within SIGNIN_MAIL_PER_MINUTE across instances and
 * retries with a growing delay. A sign-in e-mail's text and html are sealed with the server secret while
 * queued and blanked once sent or expired.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'sign_in', 'winner_notice', 'reminder' or 'announcement'. */
    kind: text('kind').notNull(),
    /** The workers that serve this row: 'main' in a deployment; tests that share a database keep apart by it. */
    channel: text('channel').notNull().default('main'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** True when text and html are sealed (AES-256-GCM with a key derived from SESSION_SECRET). */
    sealed: boolean('sealed').notNull().default(false),
    /** The Message-ID without angle brackets, when the sender keeps a record of the e-mail (winner notices). */
    messageId: text('message_id'),
    replyTo: text('reply_to'),
    createdAt: createdAt(),
    /** Not sent after this (a sign-in link's lifetime; a day for other e-mail). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'queued', 'sent', 'expired' (a sign-in e-mail its link outlived) or 'failed' (retried until expiry). */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A worker is sending it until then; a crashed worker's row is taken again afterwards. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The SMTP server's reason (never the body, link or code). */
    lastError: text('last_error'),
    /**
     * Who asked for a sign-in e-mail (decision 058): the client's IP and the hash of its browser binding (null without
     * one). The worker takes turns by them; null for other e-mail.
     */
    requesterIp: text('requester_ip'),
    requester: text('requester'),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`state = 'queued'`),
    index('mail_queue_sent_idx').on(t.channel, t.sentAt),
    // Pruning finished rows and the metrics' last day.
    index('mail_queue_created_idx').on(t.createdAt),
  ],
);

/**
 * A visitor's yes to a reminder when the next day's checkpoint opens (issue 27 part 6, decisions 063 and 078): given
 * by them, never by default; `withdrawnAt` when they took it back (the subscription's endpoint and keys blanked then);
 * deleted by an erasure. A push row holds the browser's subscription: its endpoint at a push service and the keys a
 * payload is encrypted to (RFC 8291); an e-mail row holds nothing more (the address is the account's). At most one
 * live row per visitor and channel: a new device's subscription replaces it.
 */
export const reminderOptIns = pgTable(
  'reminder_opt_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    /** 'push' (Web Push to the installed app) or 'email' (through the mail queue). */
    channel: text('channel').notNull(),
    endpoint: text('endpoint'),
    p256dh: text('p256dh'),
    auth: text('auth'),
    optedInAt: timestamp('opted_in_at', { withTimezone: true, mode: 'date' }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('reminder_opt_ins_live_idx')
      .on(t.userId, t.channel)
      .where(sql`${t.withdrawnAt} is null`),
    index('reminder_opt_ins_user_idx').on(t.userId),
  ],
);

/**
 * Reminders to send (decision 063): at each unlock (a distinct start time of the active campaign's checkpoints) one
 * row per live opt-in, once (the unique index: every instance may queue them, one row results). Claimed like the
 * mail queue (FOR UPDATE SKIP LOCKED, `lockedUntil`), within PUSH_PER_MINUTE across instances; a row whose opt-in
 * is withdrawn or erased meanwhile is never sent.
 */
export const reminderQueue = pgTable(
  'reminder_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    optInId: bigint('opt_in_id', { mode: 'number' })
      .notNull()
      .references(() => reminderOptIns.id, { onDelete: 'cascade' }),
    /** The unlock it tells of: the checkpoints' start time (Unix seconds); an announcement's time to be shown. */
    opensAt: bigint('opens_at', { mode: 'number' }).notNull(),
    /** The opt-in's channel when queued: 'push' is sent to the push service, 'email' handed to the mail queue. */
    medium: text('medium').notNull().default('push'),
    /** The crew's announcement this row carries (decision 078); none for a day's reminder. */
    announcementId: bigint('announcement_id', { mode: 'number' }).references(() => announcements.id, { onDelete: 'cascade' }),
    /** The workers that serve this row: 'main' in a deployment; tests that share a database keep apart by it. */
    channel: text('channel').notNull().default('main'),
    /** 'queued', 'sent', 'gone' (the push service no longer knows the subscription), 'failed' or 'withdrawn'. */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Not sent after this: a reminder hours late tells nothing. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The push service's status and reason. */
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('reminder_queue_once_idx')
      .on(t.optInId, t.opensAt)
      .where(sql`${t.announcementId} is null`),
    uniqueIndex('reminder_queue_announcement_once_idx')
      .on(t.optInId, t.announcementId)
      .where(sql`${t.announcementId} is not null`),
    index('reminder_queue_due_idx')
      .on(t.channel, t.medium, t.nextAttemptAt)
      .where(sql`state = 'queued'`),
    index('reminder_queue_sent_idx').on(t.channel, t.sentAt),
  ],
);

/**
 * What the crew tells visitors (issue 27 part 6, decision 078): a banner in the app from `showAt` to `endsAt` for its
 * audience ('everyone', or 'no_answer_today': no answer since the campaign's day began), in the visitor's language
 * where the crew wrote one (English always). With `push` or `email` it also goes, once, to the visitors of its audience
 * who turned that reminder on; `queuedAt` says when those rows were written. A withdrawn one shows no more and sends
 * nothing not yet sent.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The message by language: 'en' always, others where the crew translated it. */
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    audience: text('audience').notNull(),
    showAt: timestamp('show_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    push: boolean('push').notNull().default(false),
    email: boolean('email').notNull().default(false),
    /** The operator who wrote it. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('announcements_audience_known', sql`${t.audience} in ('everyone', 'no_answer_today')`),
    check('announcements_ends_after_start', sql`${t.endsAt} > ${t.showAt}`),
    index('announcements_show_idx').on(t.showAt),
  ],
);
