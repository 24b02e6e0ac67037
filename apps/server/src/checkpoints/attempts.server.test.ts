import { describe, expect, it } from 'vitest';
import { DAY, addCheckpoint, api, attempt, createUser, me, nowSec, spin } from '../../test/helpers';

describe('GET /api/checkpoints', () => {
  it("lists the campaign with this user's attempts and never a secret field", async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ', maxAttempts: 2 });
    await attempt(user, cp.slug, 'a');
    const { status, body } = await api('GET', '/api/checkpoints', user);
    expect(status).toBe(200);
    const data = body.data as Record<string, unknown>[];
    expect(data.length).toBeGreaterThanOrEqual(14);
    const mine = data.find((c) => c.checkpointId === cp.slug);
    expect(mine).toMatchObject({
      attempts: 1,
      maxAttempts: 2,
      type: 'MCQ',
      mcqChoices: 'Port_Starboard_Bow_Stern',
      completed: false,
    });
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/qrTexts|qr_texts|mcqAnswers|QQSG25-|QQ-TEST-RIGHT/);
  });

  it('needs a session', async () => {
    const { status, body } = await api('GET', '/api/checkpoints');
    expect(status).toBe(401);
    expect(body.message).toBeTruthy();
  });
});

describe('window', () => {
  it('refuses an attempt before the start and after the end', async () => {
    const user = await createUser();
    const early = await addCheckpoint({ type: 'MCQ', startTime: nowSec() + DAY, endTime: nowSec() + 2 * DAY });
    const late = await addCheckpoint({ type: 'MCQ', startTime: nowSec() - 2 * DAY, endTime: nowSec() - DAY });
    expect(await attempt(user, early.slug, 'b')).toMatchObject({
      status: 403,
      body: { message: 'This checkpoint is not unlocked yet.' },
    });
    expect(await attempt(user, late.slug, 'b')).toMatchObject({ status: 403, body: { message: 'This checkpoint has ended.' } });
    expect((await spin(user)).status).toBe(403);
  });
});

describe('Scan', () => {
  it('an invalid scan is not an attempt; a valid one is, and earns one spin', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Scan', maxAttempts: 1 });
    expect((await attempt(user, cp.slug, 'QQ-TEST-WRONG')).body).toMatchObject({
      outcome: 'invalid',
      attempts: 0,
      spinEarned: false,
    });
    expect((await attempt(user, cp.slug, '  QQ-TEST-RIGHT\n')).body).toMatchObject({
      outcome: 'valid',
      attempts: 1,
      spinEarned: true,
    });
    const won = await spin(user);
    expect(won.status).toBe(200);
    expect(won.body.duckPointsAwarded).toBeGreaterThanOrEqual(1);
    expect(won.body.duckPointsAwarded).toBeLessThanOrEqual(5);
    expect((await me(user)).duckPoints).toBe(won.body.duckPointsAwarded);
    expect(await spin(user)).toMatchObject({
      status: 403,
      body: { message: 'You need to complete a checkpoint before spinning!' },
    });
  });

  it('ScanNoSpin counts the attempt but earns no spin', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'ScanNoSpin' });
    expect((await attempt(user, cp.slug, 'QQ-TEST-RIGHT')).body).toMatchObject({ outcome: 'valid', spinEarned: false });
    expect((await spin(user)).status).toBe(403);
  });

  it('rate-limits invalid scans per user', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Scan' });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await attempt(user, cp.slug, `WRONG-${i}`)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another user is not affected.
    expect((await attempt(await createUser(), cp.slug, 'WRONG')).status).toBe(200);
  });
});

describe('MCQ', () => {
  it('grades on the server; a wrong answer with tries left does not reveal the letters', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ', choices: ['A', 'B', 'C'], mcqAnswers: ['a', 'c'] });
    const wrong = await attempt(user, cp.slug, 'a');
    expect(wrong.body).toMatchObject({ outcome: 'incorrect', attempts: 1, spinEarned: false });
    expect(wrong.body).not.toHaveProperty('correctChoices');
    expect((await spin(user)).status).toBe(403);
    const right = await attempt(user, cp.slug, ['c', 'a']);
    expect(right.body).toMatchObject({ outcome: 'correct', attempts: 2, correctChoices: ['a', 'c'], spinEarned: true });
    expect((await spin(user)).status).toBe(200);
  });

  it('with maxAttempts 2, only the last wrong answer reveals the correct letters', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ', maxAttempts: 2 });
    const first = await attempt(user, cp.slug, 'a');
    expect(first.body).toMatchObject({ outcome: 'incorrect', attempts: 1, maxAttempts: 2 });
    expect(first.body).not.toHaveProperty('correctChoices');
    // The same answer again within 5 s is the first attempt repeated: still nothing revealed.
    expect((await attempt(user, cp.slug, 'a')).body).not.toHaveProperty('correctChoices');
    const last = await attempt(user, cp.slug, 'c');
    expect(last.body).toMatchObject({ outcome: 'incorrect', attempts: 2, correctChoices: ['b'] });
  });

  it('refuses an empty answer and a letter without a choice, without counting them', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ', choices: ['A', 'B'], mcqAnswers: ['a'] });
    expect(await attempt(user, cp.slug, '')).toMatchObject({
      status: 400,
      body: { message: 'Please select at least one answer before submitting!' },
    });
    expect((await attempt(user, cp.slug, 'c')).status).toBe(400);
    const list = await api('GET', '/api/checkpoints', user);
    expect(
      (list.body.data as { checkpointId: string; attempts: number }[]).find((c) => c.checkpointId === cp.slug)?.attempts,
    ).toBe(0);
  });
});

describe('Str', () => {
  it('takes 1-10 characters after trimming, and its spin stays pending', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Str' });
    expect(await attempt(user, cp.slug, '   ')).toMatchObject({
      status: 400,
      body: { message: 'Please enter some text before submitting!' },
    });
    expect((await attempt(user, cp.slug, '12345678901')).status).toBe(400);
    expect((await attempt(user, cp.slug, ' Quackers ')).body).toMatchObject({
      outcome: 'submitted',
      attempts: 1,
      spinEarned: true,
    });
    const won = await spin(user);
    expect(won.body).toMatchObject({ pending: true });
    const balance = await me(user);
    expect(balance).toMatchObject({ duckPoints: 0, pendingDuckPoints: won.body.duckPointsAwarded });
  });
});

describe('maxAttempts', () => {
  it('answers 403 with the spec message at the cap', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ', maxAttempts: 2 });
    await attempt(user, cp.slug, 'a');
    await attempt(user, cp.slug, 'c');
    expect(await attempt(user, cp.slug, 'b')).toMatchObject({
      status: 403,
      body: { message: 'You have reached the maximum attempts for this checkpoint (2). Please try a different checkpoint.' },
    });
  });

  it('counts the same answer twice within 5 seconds once', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ', maxAttempts: 3 });
    await attempt(user, cp.slug, 'a');
    const again = await attempt(user, cp.slug, 'a');
    expect(again.body).toMatchObject({ outcome: 'incorrect', attempts: 1 });
    expect((await attempt(user, cp.slug, 'c')).body).toMatchObject({ attempts: 2 });
  });

  it('a completed checkpoint earns no second spin', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ' });
    await attempt(user, cp.slug, 'b');
    expect(await attempt(user, cp.slug, 'b_a')).toMatchObject({ status: 409 });
  });

  it('parallel attempts never pass the cap', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ', maxAttempts: 3 });
    const answers = ['a', 'c', 'd', 'a_c', 'a_d', 'c_d', 'a_c_d', 'a_b', 'b_c', 'b_d'];
    const results = await Promise.all(answers.map((a) => attempt(user, cp.slug, a)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeLessThanOrEqual(3);
    const list = await api('GET', '/api/checkpoints', user);
    expect(
      (list.body.data as { checkpointId: string; attempts: number }[]).find((c) => c.checkpointId === cp.slug)?.attempts,
    ).toBeLessThanOrEqual(3);
    expect(results.every((r) => [200, 403, 409].includes(r.status))).toBe(true);
  });
});

describe('bad input', () => {
  it.each([
    ['an unknown checkpoint', '/api/checkpoints/no-such-checkpoint/attempts', { answer: 'x' }, 404],
    ['a missing answer', null, {}, 400],
    ['a number as answer', null, { answer: 42 }, 400],
    ['a huge answer', null, { answer: 'x'.repeat(100_000) }, 413],
    ['a long answer', null, { answer: 'x'.repeat(5000) }, 400],
  ])('%s gets a 4xx with a message', async (_, url, body, status) => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Str' });
    const response = await api('POST', url ?? `/api/checkpoints/${cp.slug}/attempts`, user, body);
    expect(response.status).toBe(status);
    expect(typeof response.body.message).toBe('string');
    expect((await api('GET', '/api/checkpoints', user)).body.data).toBeTruthy();
    expect((await spin(user)).status).toBe(403);
  });

  it('malformed JSON gets a 400', async () => {
    const user = await createUser();
    const response = await api('POST', '/api/spin', user, '{"type":', { 'content-type': 'application/json' });
    expect(response).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
  });
});
