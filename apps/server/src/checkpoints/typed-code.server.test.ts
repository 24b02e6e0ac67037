// A code typed from under a printed QR (decision 029): graded on the server like a scan, with the same
// attempts, spin and limits; the expected text never reaches the browser, not even after a wrong try.
import { describe, expect, it } from 'vitest';
import { addCheckpoint, api, createUser, getTestContext, me, spin, type TestUser } from '../../test/helpers';
import { attempts } from '../db/schema';
import { INVALID_CODES_PER_DAY } from './attempts';

const typed = (user: TestUser, slug: string, answer: unknown) =>
  api('POST', `/api/checkpoints/${slug}/attempts`, user, { answer, typed: true });

describe('a typed code', () => {
  it('completes a Scan checkpoint like a scan: one attempt, one spin, the ducks posted', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Scan', maxAttempts: 1, qrTexts: ['QQT-GANGWAY-MWMXXG'] });
    // Case, spaces and dashes do not matter; O/0 and I/L/1 are read as one.
    const { status, body } = await typed(user, cp.slug, '  qqt gangway mwmxxg ');
    expect(status).toBe(200);
    expect(body).toEqual({ outcome: 'valid', attempts: 1, maxAttempts: 1, spinEarned: true });
    const won = await spin(user);
    expect(won.status).toBe(200);
    expect((await me(user)).duckPoints).toBe(won.body.duckPointsAwarded);
    // Used up: any further code is refused like a further scan (the same one within 5 s counts once).
    expect((await typed(user, cp.slug, 'QQT-GANGWAY-MWMXXG')).body).toMatchObject({
      outcome: 'valid',
      attempts: 1,
      spinEarned: false,
    });
    expect(await typed(user, cp.slug, 'another code')).toMatchObject({
      status: 403,
      body: { message: 'You have reached the maximum attempts for this checkpoint (1). Please try a different checkpoint.' },
    });
  });

  it('on a ScanNoSpin checkpoint counts the attempt and earns no spin', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'ScanNoSpin', qrTexts: ['QQT-L0UNGE-I1'] });
    expect((await typed(user, cp.slug, 'qqt-lounge-l1')).body).toMatchObject({ outcome: 'valid', spinEarned: false });
    expect((await spin(user)).status).toBe(403);
  });

  it('refuses a wrong code like a wrong scan: not an attempt, no spin, no hint of the right one', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Scan', maxAttempts: 1, qrTexts: ['QQT-RIGHT-H8PZD4'] });
    for (const wrong of ['QQT-RIGHT-H8PZD', 'QQT-RIGHT-H8PZD44', 'QQT RIGHT', 'QQSG25-BEACON-NKRG8U']) {
      const { status, body } = await typed(user, cp.slug, wrong);
      expect(status).toBe(200);
      expect(body).toEqual({ outcome: 'invalid', attempts: 0, maxAttempts: 1, spinEarned: false });
      expect(JSON.stringify(body)).not.toContain('H8PZD4');
    }
    expect((await spin(user)).status).toBe(403);
    // The one attempt the cap allows is still there.
    expect((await typed(user, cp.slug, 'qqt-right-h8pzd4')).body).toMatchObject({ outcome: 'valid', attempts: 1 });
  });

  it('an empty code is a clear 400, not an attempt', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Scan' });
    expect(await typed(user, cp.slug, '   ')).toMatchObject({
      status: 400,
      body: { message: 'Please type the code printed under the QR code.' },
    });
    // Only separators: nothing to compare.
    expect((await typed(user, cp.slug, ' - . ')).body).toMatchObject({ outcome: 'invalid' });
  });

  it('shares the per-minute limit with wrong scans', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Scan' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await api('POST', `/api/checkpoints/${cp.slug}/attempts`, user, { answer: `SCAN-${i}` })).status);
    for (let i = 0; i < 11; i++) statuses.push((await typed(user, cp.slug, `TYPED-${i}`)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it(`allows at most ${INVALID_CODES_PER_DAY} different wrong codes a day, typed or scanned; a right code still passes`, async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Scan', qrTexts: ['QQT-DAILY-XGADE2'] });
    const { database } = await getTestContext();
    // Earlier today (so the per-minute limit does not apply): one short of the cap, one code seen many times.
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await database.db.insert(attempts).values([
      ...Array.from({ length: INVALID_CODES_PER_DAY - 1 }, (_, i) => ({
        userId: user.id,
        checkpointId: cp.id,
        answer: `GUESS${i}`,
        outcome: 'invalid',
        counted: false,
        createdAt: hoursAgo(2),
      })),
      ...Array.from({ length: 30 }, () => ({
        userId: user.id,
        checkpointId: cp.id,
        answer: 'GUESS0',
        outcome: 'invalid',
        counted: false,
        createdAt: hoursAgo(3),
      })),
      // Yesterday's do not count.
      { userId: user.id, checkpointId: cp.id, answer: 'OLD', outcome: 'invalid', counted: false, createdAt: hoursAgo(25) },
    ]);
    expect((await typed(user, cp.slug, 'one more guess')).status).toBe(200);
    const refused = await typed(user, cp.slug, 'and another');
    expect(refused).toMatchObject({ status: 429, body: { message: 'Too many invalid codes today. Please try again later.' } });
    expect((await api('POST', `/api/checkpoints/${cp.slug}/attempts`, user, { answer: 'SCANNED-GUESS' })).status).toBe(429);
    // A right code is graded before the limit: the limit only stops wrong ones.
    expect((await typed(user, cp.slug, 'QQT-DAILY-XGADE2')).body).toMatchObject({ outcome: 'valid' });
    // Another visitor is not affected.
    expect((await typed(await createUser(), cp.slug, 'and another')).status).toBe(200);
  });
});
