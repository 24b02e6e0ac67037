// The journey of `npm run test:deploy` through the proxy: a visitor signs up, answers, uploads a photo and claims a
// reward while one instance restarts under a loop of requests; a reviewer approves on the other instance; the staff
// redeem the voucher.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { S3StandIn } from '../../apps/server/test/s3';
import type { TestSmtp } from '../../apps/server/test/smtp';
import { check, step } from './checks';
import { Person, send } from './http';
import { type LoopStats, consoleSignIn, idTokenByEmail, type startLoop } from './people';
import { type Instance, delay, waitFor } from './pieces';
import { FROM, PROXY, root } from './topology';

/** What the topology's first steps started, for the journey's and the failures' steps. */
export interface Deployment {
  databaseUrl: string;
  smtp: TestSmtp;
  store: S3StandIn;
  /** The photo store's small disk, which the failures' step fills. */
  storeDisk: string;
  app1: Instance;
  app2: Instance;
  crew: { reviewer: string; staff: string };
}

/** The loop of requests while the journey goes on. */
export type Loop = ReturnType<typeof startLoop>;

export interface Restart {
  drainMs: number;
  downMs: number;
  exitCode: number | null;
  readyzWhileDraining: number;
}

export async function signUp({ smtp }: Deployment, visitor: Person): Promise<void> {
  await step('visitor: the app, e-mail sign-in (link read from SMTP), sign-up', async () => {
    const page = await visitor.call(PROXY, 'GET', '/');
    check(page.status === 200 && page.body.toString().includes('<div id="root">'), 'the built web app is served');
    const idToken = await idTokenByEmail(smtp, visitor, PROXY);
    const signedUp = await visitor.call(PROXY, 'POST', '/api/auth', {
      action: 'signup',
      idToken,
      email: visitor.email,
      userName: 'Deploy Duck',
      InstagramHandle: '@deployduck',
      PhoneNumber: '+65 8123 4567',
      CabinOwnership: 'no',
    });
    check(signedUp.status === 201, `signed up (got ${signedUp.status} ${signedUp.body.toString()})`);
    check(visitor.cookies.has('qq_session'), 'a session cookie');
    const me = await visitor.call(PROXY, 'GET', '/api/me');
    check(me.status === 200, 'GET /api/me');
  });
}

export async function twoCheckpoints(visitor: Person): Promise<void> {
  await step('visitor: two checkpoints (scan, quiz) through the proxy', async () => {
    const scan = await visitor.call(PROXY, 'POST', '/api/checkpoints/day-01-gangway/attempts', {
      answer: 'QQSG25-GANGWAY-MWMXXG',
    });
    check(
      scan.status === 200 && scan.json().spinEarned === true,
      `scan earns a spin (got ${scan.status} ${scan.body.toString()})`,
    );
    const quiz = await visitor.call(PROXY, 'POST', '/api/checkpoints/day-02-lifeboat-drill/attempts', { answer: ['b'] });
    check(quiz.status === 200 && quiz.json().spinEarned === true, `quiz earns a spin (got ${quiz.status})`);
  });
}

/** The photo's upload and answer; returns its key and the instance that took the answer. */
export async function uploadPhoto({ store }: Deployment, visitor: Person): Promise<{ key: string; takenBy: string }> {
  const photo = readFileSync(path.join(root, 'campaigns/singapore-2025/images/photo-1.jpg'));
  return step('visitor: a photo to the store through a presigned URL (write-once, signed)', async () => {
    const query = `filetype=image/jpeg&checkpointId=day-04-deck-selfie&filesize=${photo.length}&filename=duck.jpg`;
    const asked = await visitor.call(PROXY, 'GET', `/api/uploads/url?${query}`);
    check(asked.status === 200, `upload URL (got ${asked.status} ${asked.body.toString()})`);
    const { uploadUrl, headers, key } = asked.json<{ uploadUrl: string; headers: Record<string, string>; key: string }>();
    check(uploadUrl.startsWith(`${PROXY}/qq-photos/`), 'the URL is the store through the proxy, not an instance');
    const put = (url: string, extra: Record<string, string> = headers) =>
      send(url, { method: 'PUT', headers: extra, body: photo, from: FROM.visitor });
    const unsigned = await put(uploadUrl.split('?')[0]!);
    check(unsigned.status === 403, `an unsigned PUT is refused (${unsigned.status})`);
    const forged = await put(uploadUrl.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000'));
    check(forged.status === 403, `a forged signature is refused (${forged.status})`);
    const pngClaim = await put(uploadUrl, { ...headers, 'content-type': 'image/png' });
    check(pngClaim.status === 403, `another content type than signed is refused (${pngClaim.status})`);
    const stored = await put(uploadUrl);
    check(stored.status === 200, `the signed PUT is stored (${stored.status} ${stored.body.toString()})`);
    const again = await put(uploadUrl);
    check(again.status === 412, `a second PUT of the key is refused: the photo cannot be replaced (${again.status})`);
    check(store.get(key)?.body.equals(photo), 'the store holds the photo');
    const attempt = await visitor.call(PROXY, 'POST', '/api/checkpoints/day-04-deck-selfie/attempts', { answer: key });
    check(
      attempt.status === 200 && attempt.json().outcome === 'submitted',
      `photo answer submitted (${attempt.body.toString()})`,
    );
    check(attempt.upstream !== undefined, 'nginx names the instance that took it');
    return { key, takenBy: attempt.upstream };
  });
}

/** The instance that took the photo's answer is restarted under the loop: it drains, exits 0 and starts again. */
export async function restartUnderLoop(restarted: Instance, other: Instance, visitor: Person, loop: Loop): Promise<Restart> {
  const restart: Restart = { drainMs: 0, downMs: 0, exitCode: null, readyzWhileDraining: 0 };
  await step(`restart of ${restarted.name} (SIGTERM: drain, /readyz 503, exit 0; start again) under the loop`, async () => {
    await delay(1500);
    const at = Date.now();
    restarted.child!.kill('SIGTERM');
    // The signal is handled in its own turn: ask until the answer changes (at most 2 s).
    for (let tries = 0; tries < 20; tries += 1) {
      restart.readyzWhileDraining = (await send(`${restarted.url}/readyz`).catch(() => undefined))?.status ?? 0;
      if (restart.readyzWhileDraining !== 200) break;
      await delay(100);
    }
    check(restart.readyzWhileDraining === 503, `/readyz answers 503 while draining (got ${restart.readyzWhileDraining})`);
    restart.exitCode = await restarted.exit;
    restart.drainMs = Date.now() - at;
    check(restart.exitCode === 0, `the instance exits 0 after draining (got ${restart.exitCode})`);
    // Meanwhile the visitor goes on: nginx sends everything to the other instance.
    const during = await visitor.call(PROXY, 'GET', '/api/spin');
    check(during.status === 200 && during.upstream?.endsWith(`:${other.port}`), `served by ${other.name} while one is down`);
    await delay(1500);
    await restarted.start();
    restart.downMs = Date.now() - at;
    loop.stats.restarted = true;
  });
  return restart;
}

/** The reviewer, on the other instance directly: the photo read from the store, approved. */
export async function reviewOnTheOther({ smtp, crew }: Deployment, other: Instance, visitor: Person): Promise<void> {
  const photo = readFileSync(path.join(root, 'campaigns/singapore-2025/images/photo-1.jpg'));
  await step(`review on the other instance (${other.name}, directly): reads the photo from the store, approves`, async () => {
    const reviewer = new Person(crew.reviewer, FROM.reviewer);
    await consoleSignIn(smtp, reviewer, other.url, 'reviewer');
    const list = await reviewer.call(other.url, 'GET', '/api/console/reviews?state=pending&checkpoint=day-04-deck-selfie');
    check(list.status === 200, `review list (${list.status})`);
    const item = list
      .json<{ items: { attemptId: number; visitorEmail: string; photoUrl: string | null }[] }>()
      .items.find((i) => i.visitorEmail === visitor.email);
    check(item?.photoUrl, "the visitor's photo waits for review");
    const bytes = await reviewer.call(other.url, 'GET', `${item.photoUrl}?size=original`);
    check(
      bytes.status === 200 && bytes.body.equals(photo),
      `the other instance serves the photo from the store (${bytes.status}, ${bytes.body.length} of ${photo.length} bytes)`,
    );
    // The built server on its runtime dependencies makes a rendition (sharp's prebuilt libvips) and keeps it.
    const thumb = await reviewer.call(other.url, 'GET', `${item.photoUrl}?size=thumb`);
    check(
      thumb.status === 200 && thumb.headers['content-type'] === 'image/webp' && thumb.body.length < photo.length,
      `the other instance makes its thumbnail (${thumb.status}, ${thumb.headers['content-type']}, ${thumb.body.length} bytes)`,
    );
    const decided = await reviewer.call(other.url, 'POST', '/api/console/reviews/decisions', {
      decisions: [{ attemptId: item.attemptId, decision: 'approve' }],
    });
    check(decided.status === 200 && decided.json<{ results: { ok: boolean }[] }>().results[0]?.ok, 'approved');
  });
}

/** Three spins and a claim; returns the voucher's code. */
export async function spinAndClaim(visitor: Person): Promise<string> {
  return step('visitor: three spins, a reward claimed', async () => {
    const status = await visitor.call(PROXY, 'GET', '/api/spin');
    check(status.json().spinsLeft === 3, `three spins earned (got ${status.body.toString()})`);
    let ducks = 0;
    for (let i = 0; i < 3; i += 1) {
      const spun = await visitor.call(PROXY, 'POST', '/api/spin', {});
      check(spun.status === 200, `spin ${i + 1} (${spun.status} ${spun.body.toString()})`);
      ducks += spun.json<{ duckPointsAwarded: number }>().duckPointsAwarded;
    }
    check(ducks >= 3, `at least 3 ducks (got ${ducks})`);
    const claimed = await visitor.call(
      PROXY,
      'POST',
      '/api/claims',
      { item: 'Draught Beer' },
      { 'idempotency-key': randomUUID() },
    );
    check(claimed.status === 201, `claimed Draught Beer (${claimed.status} ${claimed.body.toString()})`);
    return claimed.json<{ voucherCode: string }>().voucherCode;
  });
}

export async function redeemVoucher({ smtp, crew }: Deployment, visitor: Person, voucher: string): Promise<void> {
  await step('staff: console sign-in through the proxy, voucher redeemed', async () => {
    const staff = new Person(crew.staff, FROM.staff);
    await consoleSignIn(smtp, staff, PROXY, 'staff');
    const found = await staff.call(PROXY, 'GET', `/api/console/vouchers/${encodeURIComponent(voucher)}`);
    check(found.status === 200 && found.json().redeemedAt === null, 'the voucher is found, not redeemed yet');
    const redeemed = await staff.call(PROXY, 'POST', `/api/console/vouchers/${encodeURIComponent(voucher)}/redeem`);
    check(redeemed.status === 200 && typeof redeemed.json().redeemedAt === 'number', 'redeemed');
    const profile = await visitor.call(PROXY, 'GET', '/api/profile');
    const claims = profile.json<{ claimed?: { voucherCode: string; redeemed: boolean }[] }>().claimed ?? [];
    check(
      claims.some((c) => c.voucherCode === voucher && c.redeemed),
      'the visitor sees it redeemed',
    );
  });
}

/** The loop stopped: none of its requests failed, and both instances answered after the restart. */
export async function loopHeld(loop: Loop, restarted: Instance): Promise<LoopStats> {
  return step('the loop of requests: none failed, both instances served after the restart', async () => {
    // A little more traffic with both instances up again.
    await waitFor('the restarted instance serves loop requests', 15_000, () =>
      Promise.resolve((loop.stats.afterRestart.get(`127.0.0.1:${restarted.port}`) ?? 0) > 0),
    );
    await loop.stop();
    const stats = loop.stats;
    check(stats.failures.length === 0, `no request failed (${stats.failures.length}: ${stats.failures.slice(0, 5).join('; ')})`);
    check(stats.afterRestart.size === 2, 'after the restart both instances answer again');
    return stats;
  });
}
