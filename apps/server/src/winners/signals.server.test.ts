// Signals that several accounts may be one person (issue 32 part 3, decision 075): the browser and the address each
// account signed up from, kept as keyed hashes, shown to the prize committee beside each winner, and gone with an
// erasure.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, newBrowser, signupBody, uniqueEmail, uniqueIp } from '../../test/auth';
import { createOperator } from '../../test/console';
import { getTestContext } from '../../test/helpers';
import { signupSignals, users } from '../db/schema';
import { vettingOf } from './vetting';

/** Signs up through the e-mail link, as the web app does, from this browser (its qq_browser cookie) and address. */
async function signUpFrom(browser: string, ip: string, userName: string): Promise<number> {
  const { app, database } = await getTestContext();
  const email = uniqueEmail('signal');
  const sent = await call(app, 'POST', '/api/auth/email-link', { body: { email, returnTo: '/signup' }, ip, cookie: browser });
  expect(sent.status).toBe(202);
  const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const token = new URL(outbox.json<{ link: string }[]>().at(-1)!.link).searchParams.get('token')!;
  const verified = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip, cookie: browser });
  expect(verified.status).toBe(200);
  const signedUp = await call(app, 'POST', '/api/auth', {
    body: signupBody(email, verified.body.idToken as string, { userName }),
    ip,
    cookie: browser,
  });
  expect(signedUp.status).toBe(201);
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

describe('the browser and the address of each sign-up (decision 075)', () => {
  it('flags accounts made in the same browser and sign-ups from one address within minutes, and forgets them at erasure', async () => {
    const { app, database } = await getTestContext();
    const [shared, other, ship, home] = [newBrowser(), newBrowser(), uniqueIp(), uniqueIp()];
    const first = await signUpFrom(shared, ship, 'First Account');
    const second = await signUpFrom(shared, ship, 'Second Account');
    const neighbour = await signUpFrom(other, ship, 'Ship Neighbour');
    const elsewhere = await signUpFrom(newBrowser(), home, 'At Home');

    // No address or cookie is kept as it is: only keyed hashes, equal for equal inputs.
    const rows = await database.db.select().from(signupSignals).where(eq(signupSignals.userId, first));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.network).not.toContain(ship);
    expect(rows[0]!.browser).not.toContain(shared.split('=')[1]!);

    const vetting = await vettingOf(database.db, [first, neighbour, elsewhere]);
    expect(vetting.get(first)).toMatchObject({
      sameBrowserAccounts: [{ userId: second, name: 'Second Account', blocked: false }],
      sameAddressSoon: 2,
    });
    expect(vetting.get(neighbour)).toMatchObject({ sameBrowserAccounts: [], sameAddressSoon: 2 });
    expect(vetting.get(elsewhere)).toMatchObject({ sameBrowserAccounts: [], sameAddressSoon: 0 });

    // The second account's personal data erased: its signals go with it.
    const admin = await createOperator('admin');
    const erased = await call(app, 'POST', `/api/console/participants/${second}/erase`, {
      cookie: admin.cookie,
      body: { confirm: 'ERASE' },
    });
    expect(erased.status).toBe(200);
    expect(
      await database.db
        .select()
        .from(signupSignals)
        .where(and(eq(signupSignals.userId, second))),
    ).toEqual([]);
    expect((await vettingOf(database.db, [first])).get(first)).toMatchObject({ sameBrowserAccounts: [], sameAddressSoon: 1 });
  });

  it('has no address signal for an account made before signals were kept', async () => {
    const { database } = await getTestContext();
    const [old] = await database.db
      .insert(users)
      .values({ email: uniqueEmail('old'), fullName: 'Old Account' })
      .returning();
    expect((await vettingOf(database.db, [old!.id])).get(old!.id)).toMatchObject({
      sameBrowserAccounts: [],
      sameAddressSoon: null,
    });
  });
});
