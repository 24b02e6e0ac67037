import { randomBytes } from 'node:crypto';
import {
  CLAIM_REFUSALS,
  type CampaignScreens,
  type ClaimRefusalCode,
  type Profile,
  foreseeClaimRefusal,
  messages,
} from '@quackquest/contract';
import { describe, expect, it } from 'vitest';
import { DAY, type TestUser, addReward, api, createUser, me, nowSec } from '../../test/helpers';

const VOUCHER = /^QQ-[A-Z0-9]{5}-[A-Z0-9]{5}$/;

const newKey = () => `key-${randomBytes(8).toString('hex')}`;

/** `key: null` sends no Idempotency-Key header at all. */
const claim = (user: TestUser, item: string, key: string | null = newKey(), extra: Record<string, unknown> = {}) =>
  api('POST', '/api/claims', user, { item, ...extra }, key === null ? {} : { 'idempotency-key': key });

async function stockOf(user: TestUser, item: string): Promise<number | undefined> {
  const { body } = await api('GET', '/api/inventory', user);
  return (body.items as { item: string; quantity: number }[]).find((r) => r.item === item)?.quantity;
}

async function claimedBy(user: TestUser) {
  const { body } = await api('GET', '/api/profile', user);
  return body.claimed as { item: string; quantity: number; voucherCode: string; timestamp: number }[];
}

/** What a visitor can see of a claim's effects: balance, remaining stock and the profile's vouchers. */
async function visible(user: TestUser, item: string) {
  return { ducks: (await me(user)).duckPoints, stock: await stockOf(user, item), claimed: await claimedBy(user) };
}

describe('POST /api/claims', () => {
  it('sells one: 201 with a voucher, ducks debited, stock down by one, listed in the profile', async () => {
    const user = await createUser({ ducks: 12 });
    const reward = await addReward({ price: 5, stock: 3 });
    const response = await claim(user, reward.item);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ item: reward.item, price: 5, duckPoints: 7 });
    const voucherCode = response.body.voucherCode as string;
    expect(voucherCode).toMatch(VOUCHER);
    expect((await me(user)).duckPoints).toBe(7);
    expect(await stockOf(user, reward.item)).toBe(2);
    expect(await claimedBy(user)).toEqual([
      { item: reward.item, quantity: 1, voucherCode, timestamp: response.body.timestamp, redeemed: false },
    ]);
  });

  it('the same Idempotency-Key returns the first voucher with 200 and charges nothing more', async () => {
    const user = await createUser({ ducks: 20 });
    const reward = await addReward({ price: 5, stock: 3 });
    const key = newKey();
    const first = await claim(user, reward.item, key);
    expect(first.status).toBe(201);
    const before = await visible(user, reward.item);
    const again = await claim(user, reward.item, key);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ item: reward.item, voucherCode: first.body.voucherCode, duckPoints: 15 });
    expect(await visible(user, reward.item)).toEqual(before);
    expect(before).toMatchObject({ ducks: 15, stock: 2 });
    expect(before.claimed).toHaveLength(1);
  });

  it('the same key replays the first voucher even after the reward sold out', async () => {
    const user = await createUser({ ducks: 10 });
    const reward = await addReward({ price: 5, stock: 1 });
    const key = newKey();
    const first = await claim(user, reward.item, key);
    expect(first.status).toBe(201);
    expect(await claim(user, reward.item, key)).toMatchObject({ status: 200, body: { voucherCode: first.body.voucherCode } });
    expect((await me(user)).duckPoints).toBe(5);
  });

  it('parallel requests with one key sell once', async () => {
    const user = await createUser({ ducks: 50 });
    const reward = await addReward({ price: 5, stock: 10 });
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(user, reward.item, key)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    expect(new Set(results.map((r) => r.body.voucherCode)).size).toBe(1);
    expect(await visible(user, reward.item)).toMatchObject({ ducks: 45, stock: 9, claimed: [{ item: reward.item }] });
  });

  it("another visitor's use of the same key is their own claim", async () => {
    const ada = await createUser({ ducks: 10 });
    const bob = await createUser({ ducks: 10 });
    const reward = await addReward({ price: 5, stock: 5 });
    const key = newKey();
    const first = await claim(ada, reward.item, key);
    const second = await claim(bob, reward.item, key);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.voucherCode).not.toBe(first.body.voucherCode);
    expect((await me(ada)).duckPoints).toBe(5);
    expect((await me(bob)).duckPoints).toBe(5);
  });

  it('the same key for another reward is refused with 422 and changes nothing', async () => {
    const user = await createUser({ ducks: 20 });
    const first = await addReward({ price: 5, stock: 3 });
    const other = await addReward({ price: 5, stock: 3 });
    const key = newKey();
    expect((await claim(user, first.item, key)).status).toBe(201);
    const before = await visible(user, other.item);
    const response = await claim(user, other.item, key);
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('This Idempotency-Key was already used for another reward.');
    expect(await visible(user, other.item)).toEqual(before);
    expect(before.stock).toBe(3);
  });

  it.each([
    ['a missing key', null, 'The Idempotency-Key header is required.'],
    ['a short key', 'abc1234', 'The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".'],
    ['a long key', 'k'.repeat(101), 'The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".'],
    ['a key with a space', 'abcd efgh', 'The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".'],
  ])('%s is refused with 400 and changes nothing', async (_, key, message) => {
    const user = await createUser({ ducks: 10 });
    const reward = await addReward({ price: 5, stock: 3 });
    const before = await visible(user, reward.item);
    expect(await claim(user, reward.item, key)).toMatchObject({ status: 400, body: { message } });
    expect(await visible(user, reward.item)).toEqual({ ducks: 10, stock: 3, claimed: [] });
    expect(before).toEqual({ ducks: 10, stock: 3, claimed: [] });
  });

  it('accepts a key of exactly 8 and of exactly 100 allowed characters', async () => {
    const user = await createUser({ ducks: 10 });
    const reward = await addReward({ price: 5, stock: 3 });
    expect((await claim(user, reward.item, 'aZ0_-aZ0')).status).toBe(201);
    expect((await claim(user, reward.item, 'x'.repeat(100))).status).toBe(201);
  });
});

describe('refusals change nothing', () => {
  it('not enough ducks: 409 with the spec message', async () => {
    const user = await createUser({ ducks: 3 });
    const reward = await addReward({ price: 5, stock: 3 });
    const response = await claim(user, reward.item);
    expect(response).toMatchObject({
      status: 409,
      body: { message: 'You need 5 ducks to claim this reward. You currently have 3 ducks.' },
    });
    expect(await visible(user, reward.item)).toEqual({ ducks: 3, stock: 3, claimed: [] });
  });

  it('a visitor with no ducks at all is told they have 0', async () => {
    const user = await createUser();
    const reward = await addReward({ price: 40, stock: 3 });
    expect((await claim(user, reward.item)).body.message).toBe(
      'You need 40 ducks to claim this reward. You currently have 0 ducks.',
    );
  });

  it('sold out: 409 "Limit for this reward is reached."', async () => {
    const user = await createUser({ ducks: 10 });
    const reward = await addReward({ price: 5, stock: 0 });
    expect(await claim(user, reward.item)).toMatchObject({ status: 409, body: { message: 'Limit for this reward is reached.' } });
    expect(await visible(user, reward.item)).toEqual({ ducks: 10, stock: 0, claimed: [] });
  });

  it.each([
    ['before its start', { startDate: nowSec() + DAY, endDate: nowSec() + 2 * DAY }],
    ['after its end', { startDate: nowSec() - 2 * DAY, endDate: nowSec() - DAY }],
    ['before an open-ended start', { startDate: nowSec() + DAY }],
    ['after an end with no start', { endDate: nowSec() - 60 }],
  ])('%s: 403 "This reward is not available at this time."', async (_, window) => {
    const user = await createUser({ ducks: 10 });
    const reward = await addReward({ price: 5, stock: 3, ...window });
    expect(await claim(user, reward.item)).toMatchObject({
      status: 403,
      body: { message: 'This reward is not available at this time.' },
    });
    expect(await visible(user, reward.item)).toEqual({ ducks: 10, stock: 3, claimed: [] });
  });

  it('inside its window a reward is sold', async () => {
    const user = await createUser({ ducks: 10 });
    const reward = await addReward({ price: 5, stock: 3, startDate: nowSec() - DAY, endDate: nowSec() + DAY });
    expect((await claim(user, reward.item)).status).toBe(201);
  });

  it('a reward for cabin owners refuses a visitor without a cabin, and sells to an owner', async () => {
    const reward = await addReward({ price: 5, stock: 3, eligibility: 'owners' });
    const visitor = await createUser({ ducks: 10, cabinOwner: false });
    const response = await claim(visitor, reward.item);
    expect(response).toMatchObject({ status: 403, body: { message: 'This reward is for cabin owners only.' } });
    expect(await visible(visitor, reward.item)).toEqual({ ducks: 10, stock: 3, claimed: [] });
    const owner = await createUser({ ducks: 10, cabinOwner: true });
    expect((await claim(owner, reward.item)).status).toBe(201);
  });

  it('a reward for non-owners refuses a cabin owner, and sells to a visitor without a cabin', async () => {
    const reward = await addReward({ price: 5, stock: 3, eligibility: 'non-owners' });
    const owner = await createUser({ ducks: 10, cabinOwner: true });
    const response = await claim(owner, reward.item);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('This reward is for visitors who do not have a cabin yet.');
    expect(await visible(owner, reward.item)).toEqual({ ducks: 10, stock: 3, claimed: [] });
    const visitor = await createUser({ ducks: 10, cabinOwner: false });
    expect((await claim(visitor, reward.item)).status).toBe(201);
  });

  // The app foresees eligibility and the per-user limit from the profile (contract: foreseeClaimRefusal) so that a
  // row nobody can claim does not look claimable; it must foresee what qq_claim decides, never a rule of its own.
  it.each([
    ['owners', true],
    ['owners', false],
    ['non-owners', true],
    ['non-owners', false],
    ['everyone', true],
    ['everyone', false],
  ] as const)(
    "for %s, a visitor (owner: %s): the profile's foresight and the server's answer agree",
    async (eligibility, cabinOwner) => {
      const reward = await addReward({ price: 5, stock: 3, eligibility, perUserLimit: 1 });
      const visitor = await createUser({ ducks: 20, cabinOwner });
      const foresee = async () => {
        const profile = (await api('GET', '/api/profile', visitor)).body as Profile;
        const claimedOfThis = profile.claimed.filter((c) => c.item === reward.item).length;
        const item = { ...reward, quantity: (await stockOf(visitor, reward.item))!, eligibility, perUserLimit: 1 };
        return foreseeClaimRefusal(item, (await me(visitor)).duckPoints, nowSec(), {
          eligibleAs: profile.eligibleAs,
          claimedOfThis,
        });
      };
      const foreseen = await foresee();
      const response = await claim(visitor, reward.item);
      // A refusal of eligibility speaks the pack's words for its sign-up answers, as the app's row does.
      const { signup } = (await api('GET', '/api/campaign', visitor)).body.screens as CampaignScreens;
      const said = (code: ClaimRefusalCode) =>
        code === 'owners_only'
          ? signup!.yes.refusal
          : code === 'non_owners_only'
            ? signup!.no.refusal
            : messages.rewardLimitReached;
      expect(response.status === 201 ? null : response.body.message).toBe(foreseen && said(foreseen));
      if (response.status !== 201) return;
      // Claimed once: the limit of one is foreseen as the server then refuses.
      const again = await foresee();
      expect(again).toBe('limit_reached');
      expect((await claim(visitor, reward.item)).body.code).toBe(CLAIM_REFUSALS.limit_reached.text);
    },
  );

  it('the per-user limit: 409 once reached, another visitor can still claim', async () => {
    const user = await createUser({ ducks: 30 });
    const reward = await addReward({ price: 5, stock: 5, perUserLimit: 2 });
    expect((await claim(user, reward.item)).status).toBe(201);
    expect((await claim(user, reward.item)).status).toBe(201);
    const before = await visible(user, reward.item);
    expect(await claim(user, reward.item)).toMatchObject({
      status: 409,
      body: { message: 'You have already claimed this reward as many times as allowed.' },
    });
    expect(await visible(user, reward.item)).toEqual(before);
    expect(before).toMatchObject({ ducks: 20, stock: 3 });
    expect((await claim(await createUser({ ducks: 5 }), reward.item)).status).toBe(201);
  });

  it('an unknown or removed reward: 404', async () => {
    const user = await createUser({ ducks: 10 });
    const removed = await addReward({ price: 5, stock: 3, removed: true });
    for (const item of ['No such reward', removed.item]) {
      const response = await claim(user, item);
      expect(response).toMatchObject({ status: 404, body: { message: 'Reward not found.' } });
    }
    expect((await me(user)).duckPoints).toBe(10);
    expect(await claimedBy(user)).toEqual([]);
  });

  it('a missing or empty item: 400 with a message', async () => {
    const user = await createUser({ ducks: 10 });
    for (const body of [{}, { item: '' }, { item: 42 }]) {
      const response = await api('POST', '/api/claims', user, body, { 'idempotency-key': newKey() });
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    expect((await me(user)).duckPoints).toBe(10);
  });

  it('a refused key can be used again once the claim is possible', async () => {
    const user = await createUser({ ducks: 3 });
    const reward = await addReward({ price: 3, stock: 3, eligibility: 'owners' });
    const key = newKey();
    expect((await claim(user, reward.item, key)).status).toBe(403);
    const other = await addReward({ price: 3, stock: 3 });
    expect((await claim(user, other.item, key)).status).toBe(201);
  });
});

describe('identity comes from the session', () => {
  it.each(['user_id', 'email'])('a "%s" in the body never charges or credits another visitor', async (field) => {
    const me_ = await createUser({ ducks: 10 });
    const other = await createUser({ ducks: 10 });
    const reward = await addReward({ price: 5, stock: 3 });
    const response = await claim(me_, reward.item, newKey(), { [field]: other.email });
    // The contract's object schemas drop unknown keys: the claim is the session user's.
    expect(response.status).toBe(201);
    expect((await me(me_)).duckPoints).toBe(5);
    expect(await claimedBy(me_)).toHaveLength(1);
    expect((await me(other)).duckPoints).toBe(10);
    expect(await claimedBy(other)).toEqual([]);
  });

  it("a visitor with no ducks cannot spend another visitor's ducks by naming them", async () => {
    const poor = await createUser();
    const rich = await createUser({ ducks: 100 });
    const reward = await addReward({ price: 5, stock: 3 });
    const response = await claim(poor, reward.item, newKey(), { user_id: rich.email, email: rich.email });
    expect(response).toMatchObject({
      status: 409,
      body: { message: 'You need 5 ducks to claim this reward. You currently have 0 ducks.' },
    });
    expect((await me(rich)).duckPoints).toBe(100);
    expect(await stockOf(rich, reward.item)).toBe(3);
  });

  it.each([
    ['POST', '/api/claims'],
    ['GET', '/api/profile'],
    ['GET', '/api/inventory'],
  ] as const)('%s %s without a session: 401 with a message', async (method, url) => {
    const reward = await addReward({ price: 5, stock: 3 });
    const response = await api(
      method,
      url,
      undefined,
      method === 'POST' ? { item: reward.item } : undefined,
      method === 'POST' ? { 'idempotency-key': newKey() } : {},
    );
    expect(response).toMatchObject({ status: 401, body: { message: 'Please log in to continue.' } });
    const viewer = await createUser();
    expect(await stockOf(viewer, reward.item)).toBe(3);
  });

  it('a forged session cookie: 401 and nothing sold', async () => {
    const reward = await addReward({ price: 5, stock: 3 });
    const forged: TestUser = {
      id: 0,
      email: 'x@example.com',
      cookie: 'qq_session=forged',
      headers: { cookie: 'qq_session=forged' },
    };
    const response = await claim(forged, reward.item);
    expect(response.status).toBe(401);
    expect(response.body.message).toBeTruthy();
    expect(await stockOf(await createUser(), reward.item)).toBe(3);
  });
});

describe('the first rule broken gives the message: window, stock, eligibility, per-user limit, balance', () => {
  it.each([
    ['window before stock', { stock: 0, endDate: nowSec() - DAY }, false, 403, 'This reward is not available at this time.'],
    ['stock before eligibility', { stock: 0, eligibility: 'owners' }, false, 409, 'Limit for this reward is reached.'],
    [
      'eligibility before balance',
      { price: 50, eligibility: 'non-owners' },
      true,
      403,
      'This reward is for visitors who do not have a cabin yet.',
    ],
    [
      'per-user limit before balance',
      { price: 50, perUserLimit: 0 },
      false,
      409,
      'You have already claimed this reward as many times as allowed.',
    ],
  ] as const)('%s', async (_, reward, cabinOwner, status, message) => {
    const user = await createUser({ ducks: 10, cabinOwner });
    const added = await addReward({ price: 5, stock: 3, ...reward });
    expect(await claim(user, added.item)).toMatchObject({ status, body: { message } });
    expect((await me(user)).duckPoints).toBe(10);
  });
});
