// One app and one database per test process (PGlite takes seconds and ~0.8 GB to create):
// tests isolate themselves by data, creating their own users, checkpoints and rewards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckpointType } from '@quackquest/contract';
import { eq, sql } from 'drizzle-orm';
import { expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { applyPack } from '../src/campaign/load';
import { readPack } from '../src/campaign/pack';
import { parseEnv } from '../src/config/env';
import { type Database, openDatabase } from '../src/db/client';
import { checkpoints, claims, rewards, spins, users } from '../src/db/schema';
import { addLedgerRow } from '../src/ledger/ledger';
import { SESSION_COOKIE, createSession } from '../src/session/session';

/**
 * The whole suite shares one database and sends far more sign-in e-mails a minute than the production
 * ceiling (decision 015); the tests of the ceiling set it and run on a clock of their own.
 */
export const TESTS_MAIL_PER_MINUTE = '1000000';
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const DAY = 86_400;

type App = Awaited<ReturnType<typeof buildApp>>;
interface TestContext {
  app: App;
  database: Database;
  campaignId: string;
  dataDir: string;
}

let context: Promise<TestContext> | undefined;

export function getTestContext(): Promise<TestContext> {
  context ??= (async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-test-'));
    const databaseUrl = process.env.TEST_DB === 'postgres' ? inject('databaseUrl') : undefined;
    const env = parseEnv({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      SIGNIN_MAIL_PER_MINUTE: TESTS_MAIL_PER_MINUTE,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: databaseUrl ? dataDir : ':memory:' });
    const { campaignId } = await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
    // Its own channel of the mail queue: test processes share one PostgreSQL database (test/auth.ts).
    const app = await buildApp({ env, database, mailChannel: unique('shared') });
    await app.ready();
    return { app, database, campaignId, dataDir };
  })();
  return context;
}

export const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;
export const nowSec = () => Math.floor(Date.now() / 1000);

export interface TestUser {
  id: number;
  email: string;
  cookie: string;
  headers: { cookie: string };
}

export async function createUser(options: { ducks?: number; cabinOwner?: boolean; fullName?: string } = {}): Promise<TestUser> {
  const { database } = await getTestContext();
  const email = `${unique('visitor')}@example.com`;
  const [user] = await database.db
    .insert(users)
    .values({
      email,
      fullName: options.fullName ?? 'Test Visitor',
      cabinOwner: options.cabinOwner ?? false,
      acceptedTermsAt: new Date(),
    })
    .returning();
  if (options.ducks) {
    await database.db.transaction((tx) =>
      addLedgerRow(tx, {
        userId: user!.id,
        amount: options.ducks!,
        posted: true,
        kind: 'adjustment',
        reason: 'test funds',
        at: new Date(),
      }),
    );
  }
  const token = await createSession(database.db, user!.id, Date.now());
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { id: user!.id, email, cookie, headers: { cookie } };
}

export async function addCheckpoint(
  options: Partial<typeof checkpoints.$inferInsert> & { type: CheckpointType },
): Promise<typeof checkpoints.$inferSelect> {
  const { database, campaignId } = await getTestContext();
  const [row] = await database.db
    .insert(checkpoints)
    .values({
      campaignId,
      slug: unique('cp'),
      title: 'Test checkpoint',
      subtitle: 'A checkpoint made by a test',
      sequence: 100,
      startTime: nowSec() - DAY,
      endTime: nowSec() + DAY,
      maxAttempts: 0,
      ...(options.type === 'MCQ' ? { choices: ['Port', 'Starboard', 'Bow', 'Stern'], mcqAnswers: ['b'] } : {}),
      ...(options.type === 'Scan' || options.type === 'ScanNoSpin' ? { qrTexts: ['QQ-TEST-RIGHT'] } : {}),
      ...options,
    })
    .returning();
  return row!;
}

export async function addReward(options: Partial<typeof rewards.$inferInsert> = {}): Promise<typeof rewards.$inferSelect> {
  const { database, campaignId } = await getTestContext();
  const stock = options.stock ?? 10;
  const [row] = await database.db
    .insert(rewards)
    .values({
      campaignId,
      item: unique('Reward'),
      price: 5,
      stock,
      stockLoaded: stock,
      description: 'A test reward',
      sequence: 100,
      ...options,
    })
    .returning();
  return row!;
}

export async function api(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  user?: TestUser,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const { app } = await getTestContext();
  const response = await app.inject({
    method,
    url,
    headers: { ...(user?.headers ?? {}), ...headers },
    ...(body === undefined
      ? {}
      : typeof body === 'string' || Buffer.isBuffer(body)
        ? { payload: body }
        : { payload: body as object }),
  });
  let json: unknown;
  try {
    json = response.json();
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, body: json as Record<string, unknown> & { message?: string }, headers: response.headers };
}

export const attempt = (user: TestUser, slug: string, answer: unknown) =>
  api('POST', `/api/checkpoints/${slug}/attempts`, user, { answer });
export const spin = (user: TestUser) => api('POST', '/api/spin', user, { type: 'Scan' });
export const me = async (user: TestUser) =>
  (await api('GET', '/api/me', user)).body as { duckPoints: number; pendingDuckPoints: number; rank: number; totalUsers: number };

/** A 3-duck reward claimed by this visitor through the API: its item and voucher code. */
export async function claimVoucher(
  user: TestUser,
  reward: Partial<typeof rewards.$inferInsert> = {},
): Promise<{ item: string; code: string }> {
  const { item } = await addReward({ price: 3, ...reward });
  const response = await api(
    'POST',
    '/api/claims',
    user,
    { item },
    { 'idempotency-key': `key-${randomBytes(8).toString('hex')}` },
  );
  expect(response.status).toBe(201);
  return { item, code: response.body.voucherCode as string };
}

/**
 * A claim written straight to the tables, as the claim path leaves them (the ducks it cost credited first, the
 * debit, one less in stock): for tests that need progress on the entries of a pack of their own. Other files check
 * the invariants of the same database meanwhile, so a row written here must never break one.
 */
export async function writeClaim(
  db: Database['db'],
  claim: { userId: number; rewardId: number; price: number; redeemedAt?: Date | null },
): Promise<number> {
  return db.transaction(async (tx) => {
    const at = new Date();
    const [row] = await tx
      .insert(claims)
      .values({
        userId: claim.userId,
        rewardId: claim.rewardId,
        price: claim.price,
        voucherCode: unique('QQ'),
        idempotencyKey: unique('key'),
        redeemedAt: claim.redeemedAt ?? null,
      })
      .returning({ id: claims.id });
    await addLedgerRow(tx, {
      userId: claim.userId,
      amount: claim.price,
      posted: true,
      kind: 'adjustment',
      reason: 'test funds',
      at,
    });
    await addLedgerRow(tx, { userId: claim.userId, amount: -claim.price, posted: true, kind: 'claim', claimId: row!.id, at });
    await tx
      .update(rewards)
      .set({ stock: sql`${rewards.stock} - 1` })
      .where(eq(rewards.id, claim.rewardId));
    return row!.id;
  });
}

/** A spin written straight to the tables: unspent, or spent with its award row, as the spin path leaves it. */
export async function writeSpin(
  db: Database['db'],
  spin: { userId: number; attemptId: number; ducks?: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const at = new Date();
    const [row] = await tx
      .insert(spins)
      .values({
        userId: spin.userId,
        attemptId: spin.attemptId,
        needsReview: false,
        ...(spin.ducks ? { spentAt: at, ducks: spin.ducks } : {}),
      })
      .returning({ id: spins.id });
    if (spin.ducks) {
      await addLedgerRow(tx, { userId: spin.userId, amount: spin.ducks, posted: true, kind: 'spin', spinId: row!.id, at });
    }
    return row!.id;
  });
}

/** PostgreSQL's own message for a refused statement (Drizzle wraps it), or 'not refused'. */
export async function refusal(statement: Promise<unknown>): Promise<string> {
  const error = await statement.then(
    () => undefined,
    (e: unknown) => e as Error & { cause?: Error },
  );
  return error ? (error.cause ?? error).message : 'not refused';
}
