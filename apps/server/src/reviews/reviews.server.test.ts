// The console's review queue (docs/product.md §14): a reviewer sees the answers waiting oldest first, looks at a
// photo, and decides in batches; the visitor's ducks follow the same ledger rules as the CLI's review commands.
import { REVIEW_REASONS, type ReviewDecisionsResult, type ReviewList, consoleMessages } from '@quackquest/contract';
import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestOperator, createOperator } from '../../test/console';
import { type TestUser, addCheckpoint, api, attempt, createUser, getTestContext, me, spin } from '../../test/helpers';
import { attempts, auditLog } from '../db/schema';
import { verifyInvariants } from '../db/invariants';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWP4f4bhPwAHZALL9TQrVQAAAABJRU5ErkJggg==',
  'base64',
);

async function db() {
  return (await getTestContext()).database.db;
}

async function consoleCall(operator: TestOperator | undefined, method: 'GET' | 'POST', url: string, body?: unknown) {
  const { app } = await getTestContext();
  return app.inject({
    method,
    url,
    headers: { ...(operator ? { cookie: operator.cookie } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function queue(reviewer: TestOperator, query: Record<string, string>): Promise<ReviewList> {
  const response = await consoleCall(reviewer, 'GET', `/api/console/reviews?${new URLSearchParams(query).toString()}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function decide(reviewer: TestOperator, decisions: unknown[]) {
  const response = await consoleCall(reviewer, 'POST', '/api/console/reviews/decisions', { decisions });
  return { status: response.statusCode, body: response.json<ReviewDecisionsResult & { message?: string }>() };
}

/** The visitor uploads a photo and answers the Upload checkpoint with it: the answer's response. */
async function tryPhoto(user: TestUser, slug: string, png = PNG) {
  const query = new URLSearchParams({
    filetype: 'image/png',
    filename: 'duck.png',
    checkpointId: slug,
    filesize: String(png.length),
  });
  const link = await api('GET', `/api/uploads/url?${query.toString()}`, user);
  const { uploadUrl, key } = link.body as Record<string, string>;
  if (!uploadUrl) return link;
  expect((await api('PUT', uploadUrl, undefined, png, { 'content-type': 'image/png' })).status).toBe(200);
  return attempt(user, slug, key);
}

async function answerWithPhoto(user: TestUser, slug: string, png = PNG) {
  expect((await tryPhoto(user, slug, png)).body).toMatchObject({ outcome: 'submitted', spinEarned: true });
}

/** One visitor: two photo answers and a text answer, each spun, so all their ducks wait for review. */
async function visitorWithAnswers() {
  const user = await createUser({ fullName: 'Pia Photo' });
  const photoCheckpoint = await addCheckpoint({ type: 'Upload', title: 'Photo with the captain', maxAttempts: 1 });
  const otherPhoto = await addCheckpoint({ type: 'Upload', title: 'Photo of the deck' });
  const textCheckpoint = await addCheckpoint({ type: 'Str', title: 'Name the duck' });
  await answerWithPhoto(user, photoCheckpoint.slug);
  await answerWithPhoto(user, otherPhoto.slug);
  expect((await attempt(user, textCheckpoint.slug, 'Quackers')).body).toMatchObject({ outcome: 'submitted' });
  let ducks = 0;
  for (let i = 0; i < 3; i++) ducks += (await spin(user)).body.duckPointsAwarded as number;
  expect(await me(user)).toMatchObject({ duckPoints: 0, pendingDuckPoints: ducks });
  return { user, photoCheckpoint, otherPhoto, textCheckpoint };
}

const mine = (list: ReviewList, user: TestUser) => list.items.filter((item) => item.visitorEmail === user.email);

describe('the review queue', () => {
  it('lists pending text and photo answers oldest first, a page at a time, without the upload key', async () => {
    const reviewer = await createOperator('reviewer');
    const { user, photoCheckpoint, textCheckpoint } = await visitorWithAnswers();
    const items = mine(await queue(reviewer, { state: 'pending', limit: '100' }), user);
    expect(items.map((item) => [item.checkpointTitle, item.type, item.text])).toEqual([
      ['Photo with the captain', 'Upload', null],
      ['Photo of the deck', 'Upload', null],
      ['Name the duck', 'Str', 'Quackers'],
    ]);
    expect(items[0]).toMatchObject({
      checkpointId: photoCheckpoint.slug,
      photoUrl: `/api/console/photos/${items[0]!.attemptId}`,
      visitorName: 'Pia Photo',
      state: 'pending',
      reason: null,
      decidedBy: null,
      ducks: expect.any(Number) as unknown,
    });
    expect(items.map((item) => item.attemptId)).toEqual([...items.map((item) => item.attemptId)].sort((a, b) => a - b));

    const first = await queue(reviewer, { checkpoint: textCheckpoint.slug, limit: '1' });
    expect(first.items.map((item) => item.text)).toEqual(['Quackers']);
    expect(first.checkpoints).toEqual(expect.arrayContaining([{ checkpointId: textCheckpoint.slug, title: 'Name the duck' }]));
  });

  it("shows with each answer the visitor's other answers to the checkpoint and what became of them, nobody else's", async () => {
    const reviewer = await createOperator('reviewer');
    const { slug } = await addCheckpoint({ type: 'Str', maxAttempts: 3, title: 'Name the duck' });
    const [visitor, other] = [await createUser(), await createUser()];
    await attempt(visitor, slug, 'Quack');
    await attempt(other, slug, 'Duckie');
    const first = (await queue(reviewer, { state: 'pending', checkpoint: slug })).items.find((i) => i.text === 'Quack')!;
    expect(first.earlier).toEqual([]);
    expect((await decide(reviewer, [{ attemptId: first.attemptId, decision: 'reject', reason: 'Not a name.' }])).status).toBe(
      200,
    );
    await attempt(visitor, slug, 'Sir Quacks');

    const pending = (await queue(reviewer, { state: 'pending', checkpoint: slug })).items;
    const again = pending.find((i) => i.text === 'Sir Quacks')!;
    expect(again.earlier).toEqual([
      {
        attemptId: first.attemptId,
        text: 'Quack',
        photoUrl: null,
        state: 'rejected',
        reason: 'Not a name.',
        submittedAt: expect.any(Number) as unknown,
      },
    ]);
    expect(pending.find((i) => i.text === 'Duckie')!.earlier).toEqual([]);
    // The decided one, in its own list, names the later answer.
    const rejected = (await queue(reviewer, { state: 'rejected', checkpoint: slug })).items[0]!;
    expect(rejected.earlier.map((a) => [a.text, a.state])).toEqual([['Sir Quacks', 'pending']]);
  });

  it('flags a photo whose very bytes another visitor sent before, naming them; never the first one, nor their own', async () => {
    const reviewer = await createOperator('reviewer');
    const { slug } = await addCheckpoint({ type: 'Upload', title: 'Deck Selfie' });
    const [first, copier] = [await createUser({ fullName: 'Fiona First' }), await createUser({ fullName: 'Cody Copier' })];
    // Bytes of this test's own (a PNG decoder ignores what follows the image), sent by both; another photo by nobody else.
    const shared = Buffer.concat([PNG, randomBytes(16)]);
    const own = await createUser({ fullName: 'Olga Own' });
    await answerWithPhoto(first, slug, shared);
    await answerWithPhoto(copier, slug, shared);
    await answerWithPhoto(own, slug, Buffer.concat([PNG, randomBytes(16)]));
    const items = (await queue(reviewer, { state: 'pending', checkpoint: slug })).items;
    expect(items.map((item) => [item.visitorName, item.samePhotoAs?.visitorName ?? null])).toEqual([
      ['Fiona First', null],
      ['Cody Copier', 'Fiona First'],
      ['Olga Own', null],
    ]);
    expect(items[1]!.samePhotoAs).toEqual({
      visitorName: 'Fiona First',
      checkpointTitle: 'Deck Selfie',
      sentAt: expect.any(Number) as unknown,
    });
  });

  it('pages with nextBefore until the last page', async () => {
    const reviewer = await createOperator('reviewer');
    const checkpoint = await addCheckpoint({ type: 'Str' });
    for (const name of ['Ada', 'Bea', 'Cid']) expect((await attempt(await createUser(), checkpoint.slug, name)).status).toBe(200);
    const seen: string[] = [];
    let before: number | null = null;
    do {
      const page: ReviewList = await queue(reviewer, {
        checkpoint: checkpoint.slug,
        limit: '2',
        ...(before ? { before: String(before) } : {}),
      });
      seen.push(...page.items.map((item) => item.text!));
      before = page.nextBefore;
    } while (before !== null);
    expect(seen).toEqual(['Ada', 'Bea', 'Cid']);
  });

  it('serves a photo to a reviewer and an admin with its bytes and type, and to no one else', async () => {
    const { user } = await visitorWithAnswers();
    const reviewer = await createOperator('reviewer');
    const photo = mine(await queue(reviewer, { state: 'pending', limit: '100' }), user)[0]!;
    for (const role of ['reviewer', 'admin'] as const) {
      const response = await consoleCall(await createOperator(role), 'GET', `${photo.photoUrl!}?size=original`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload).toEqual(PNG);
    }
    const staff = await consoleCall(await createOperator('staff'), 'GET', photo.photoUrl!);
    expect([staff.statusCode, staff.json()]).toEqual([403, { code: 'roleRefused', message: consoleMessages.roleRefused }]);
    const { app } = await getTestContext();
    const visitor = await app.inject({ method: 'GET', url: photo.photoUrl!, headers: user.headers });
    expect([visitor.statusCode, visitor.json()]).toEqual([
      403,
      { code: 'visitorRefused', message: consoleMessages.visitorRefused },
    ]);
    const anonymous = await consoleCall(undefined, 'GET', photo.photoUrl!);
    expect([anonymous.statusCode, anonymous.json()]).toEqual([
      401,
      { code: 'signInRequired', message: consoleMessages.signInRequired },
    ]);

    const text = mine(await queue(reviewer, { state: 'pending', limit: '100' }), user)[2]!;
    const none = await consoleCall(reviewer, 'GET', `/api/console/photos/${text.attemptId}`);
    expect([none.statusCode, none.json()]).toEqual([404, { code: 'not_found', message: 'This answer has no photo.' }]);
  });

  it('rejects one photo and approves another in one call: the ducks move, the rejected attempt frees the cap', async () => {
    const reviewer = await createOperator('reviewer');
    const { user, photoCheckpoint } = await visitorWithAnswers();
    const [rejected, approved, text] = mine(await queue(reviewer, { state: 'pending', limit: '100' }), user);
    // maxAttempts 1: the pending answer uses the only attempt.
    const refused = await tryPhoto(user, photoCheckpoint.slug);
    expect([refused.status, refused.body.message]).toEqual([403, expect.stringContaining('maximum attempts') as unknown]);

    const reason = REVIEW_REASONS[0];
    const { status, body } = await decide(reviewer, [
      { attemptId: rejected!.attemptId, decision: 'reject', reason },
      { attemptId: approved!.attemptId, decision: 'approve' },
    ]);
    expect(status).toBe(200);
    expect(body.results).toEqual([
      { attemptId: rejected!.attemptId, ok: true, state: 'rejected', undoUntil: expect.any(Number) as unknown },
      { attemptId: approved!.attemptId, ok: true, state: 'approved', undoUntil: expect.any(Number) as unknown },
    ]);
    expect(await me(user)).toMatchObject({ duckPoints: approved!.ducks, pendingDuckPoints: text!.ducks });

    const [row] = await (await db()).select().from(attempts).where(eq(attempts.id, rejected!.attemptId));
    expect(row).toMatchObject({ review: 'rejected', reviewReason: reason, decidedBy: reviewer.email, counted: false });
    const decided = mine(await queue(reviewer, { state: 'rejected', limit: '100' }), user);
    expect(decided).toEqual([expect.objectContaining({ attemptId: rejected!.attemptId, reason, decidedBy: reviewer.email })]);
    expect(decided[0]!.decidedAt).toEqual(expect.any(Number));

    // The rejected answer no longer counts: the visitor may answer again.
    await answerWithPhoto(user, photoCheckpoint.slug);

    const audit = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, reviewer.email), like(auditLog.action, 'review.%')))
      // In the order written: without it PostgreSQL may return the rows in any order.
      .orderBy(auditLog.id);
    expect(audit.map((entry) => [entry.action, entry.subject, entry.before, entry.after])).toEqual([
      [
        'review.reject',
        `attempt ${rejected!.attemptId} (user:${user.id}, ${photoCheckpoint.slug})`,
        { review: 'pending', counted: true },
        { review: 'rejected', counted: false, reason, spin: 'reversed', ducks: rejected!.ducks },
      ],
      [
        'review.approve',
        expect.stringContaining(`attempt ${approved!.attemptId} `),
        { review: 'pending', counted: true },
        { review: 'approved', counted: true, reason: null, spin: 'posted', ducks: approved!.ducks },
      ],
    ]);
    expect(await verifyInvariants(await db())).toMatchObject({ ok: true });
  });

  it('answers an already-decided attempt with ok:false and a message while the others succeed', async () => {
    const reviewer = await createOperator('reviewer');
    const { user } = await visitorWithAnswers();
    const [first, second] = mine(await queue(reviewer, { state: 'pending', limit: '100' }), user);
    expect((await decide(reviewer, [{ attemptId: first!.attemptId, decision: 'approve' }])).body.results[0]).toMatchObject({
      ok: true,
    });
    const { status, body } = await decide(reviewer, [
      { attemptId: first!.attemptId, decision: 'reject', reason: 'Changed my mind' },
      { attemptId: second!.attemptId, decision: 'approve' },
      { attemptId: 2_000_000_001, decision: 'approve' },
    ]);
    expect(status).toBe(200);
    expect(body.results).toEqual([
      {
        attemptId: first!.attemptId,
        ok: false,
        message: expect.stringMatching(new RegExp(`^Already approved by ${reviewer.email} at \\d{4}-`)) as unknown,
        code: 'alreadyDecided',
      },
      { attemptId: second!.attemptId, ok: true, state: 'approved', undoUntil: expect.any(Number) as unknown },
      { attemptId: 2_000_000_001, ok: false, message: 'Attempt 2000000001 does not exist.', code: 'not_found' },
    ]);
    expect(await verifyInvariants(await db())).toMatchObject({ ok: true });
  });

  it('lets exactly one of two reviewers deciding the same attempt at once win', async () => {
    const [one, two] = [await createOperator('reviewer'), await createOperator('admin')];
    const { user } = await visitorWithAnswers();
    const [target] = mine(await queue(one, { state: 'pending', limit: '100' }), user);
    const answers = await Promise.all([
      decide(one, [{ attemptId: target!.attemptId, decision: 'approve' }]),
      decide(two, [{ attemptId: target!.attemptId, decision: 'reject', reason: REVIEW_REASONS[1] }]),
    ]);
    const results = answers.map((answer) => answer.body.results[0]!);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([
      expect.objectContaining({ message: expect.stringContaining('Already') as unknown }),
    ]);
    const audit = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(like(auditLog.subject, `attempt ${target!.attemptId} %`));
    expect(audit).toHaveLength(1);
    const pendingAfter = (await me(user)).pendingDuckPoints;
    expect(pendingAfter).toBe(
      mine(await queue(one, { state: 'pending', limit: '100' }), user).reduce((sum, item) => sum + item.ducks!, 0),
    );
    expect(await verifyInvariants(await db())).toMatchObject({ ok: true });
  });

  it('refuses a rejection without a reason, and a batch too large, changing nothing', async () => {
    const reviewer = await createOperator('reviewer');
    const { user } = await visitorWithAnswers();
    const [target] = mine(await queue(reviewer, { state: 'pending', limit: '100' }), user);
    const noReason = await decide(reviewer, [{ attemptId: target!.attemptId, decision: 'reject' }]);
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('A rejection needs a reason');
    const many = Array.from({ length: 101 }, () => ({ attemptId: target!.attemptId, decision: 'approve' }));
    expect((await decide(reviewer, many)).status).toBe(400);
    expect(mine(await queue(reviewer, { state: 'pending', limit: '100' }), user)[0]).toMatchObject({ state: 'pending' });
  });
});
