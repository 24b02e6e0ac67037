// `npm run test:deploy`: things failing while visitors play. The SMTP server stops, the photo disk fills and a table
// stays locked; each failure's alert fires in Prometheus within its rule's `for`, requests behind the lock are refused
// "busy" instead of hanging, both instances say they are degraded and stay in the proxy, and the visitor's requests
// keep passing (issue 31).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { check, step } from './checks';
import { Person, send } from './http';
import type { Deployment } from './journey';
import { fillDisk, type Prometheus } from './monitoring';
import { startLoop } from './people';
import { waitFor } from './pieces';
import { FAILURE_ALERTS, FROM, PROXY } from './topology';

/** When each alert fired (ms after the failures began), the bytes that filled the disk, the visitor's requests. */
export interface FailuresSeen {
  firedAt: Map<string, number>;
  filled: number;
  requests: number;
}

export async function failuresSeen(
  { databaseUrl, smtp, storeDisk, app1, app2 }: Deployment,
  prometheus: Prometheus,
  visitor: Person,
): Promise<FailuresSeen> {
  return step('failures seen: SMTP stopped, photo disk full, a table locked; alerts fire, readiness stays up', async () => {
    const p = prometheus;
    const expected = Object.values(FAILURE_ALERTS).flat();
    const before = await p.firing();
    check(
      expected.every((name) => !before.has(name)),
      `none of the failures' alerts fires before (${[...before].join(', ') || 'none firing'})`,
    );
    const during = startLoop(visitor);
    const at = Date.now();
    // SMTP: the server stops; a visitor asks for a sign-in link, which waits in the queue while sends fail.
    await smtp.close();
    const asker = new Person(`smtp-down-${randomBytes(3).toString('hex')}@example.com`, '127.0.0.9');
    const asked = await asker.call(PROXY, 'POST', '/api/auth/email-link', { email: asker.email });
    check(asked.status === 202, `a sign-in link is still asked for with the SMTP server down (${asked.status})`);
    // The photo store's disk fills up.
    const filled = fillDisk(storeDisk);
    // A session holds a table locked; visitors' profiles, which read it, are refused "busy" once the lock
    // timeout passes (decision 067), and keep being asked for, as visitors would, until the alert fires.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table claims in access exclusive mode');
    const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const profile = () => send(`${PROXY}/api/profile`, { from: FROM.visitor, headers: { cookie }, timeoutMs: 60_000 });
    const behindLock: string[] = [];
    let asking = true;
    const askers = [0, 1, 2, 3].map(async () => {
      while (asking) {
        const answer = await profile();
        let code = 'no JSON';
        try {
          code = answer.json<{ code?: string }>().code ?? '';
        } catch {
          // A proxy's page: shown as such in the check below.
        }
        behindLock.push(`${answer.status} ${code}`);
      }
    });
    const firedAt = new Map<string, number>();
    const fired = (names: string[]) => async () => {
      const firing = await p.firing();
      for (const name of expected) if (firing.has(name) && !firedAt.has(name)) firedAt.set(name, Date.now() - at);
      return names.every((name) => firedAt.has(name));
    };
    const lockAlerts = FAILURE_ALERTS['a table locked'];
    try {
      // The lock is released as soon as its alert fires: the request waiting behind it is then answered.
      await waitFor(`the alert ${lockAlerts.join(', ')} fires`, 45_000, fired(lockAlerts));
    } finally {
      asking = false;
      await Promise.all(askers);
      await locker.query('commit');
      await locker.end();
    }
    await waitFor(`the alerts ${expected.join(', ')} fire`, 90_000, fired(expected)).catch((error: unknown) => {
      const missing = expected.filter((name) => !firedAt.has(name));
      throw new Error(`${(error as Error).message}; fired: ${[...firedAt.keys()].join(', ')}; not: ${missing.join(', ')}`);
    });
    check(firedAt.size === expected.length, `each failure's alert fired (${[...firedAt.keys()].join(', ')})`);
    check(
      behindLock.length > 0 && behindLock.every((answer) => answer === '503 serverBusy'),
      `each request behind the lock was refused "busy" (503 serverBusy) instead of hanging (${behindLock.length}: ${[...new Set(behindLock)].join(', ')})`,
    );
    const after = await profile();
    check(after.status === 200, `the profile is served once the lock is released (${after.status})`);
    // Each instance's SMTP answer is reused for 30 s: ask until both name the failures, never seeing a 503.
    const notReady: string[] = [];
    for (const instance of [app1, app2]) {
      let last = '';
      await waitFor(`${instance.name} degraded, naming mail and storage`, 45_000, async () => {
        const ready = await send(`${instance.url}/readyz`);
        last = `${ready.status} ${ready.body.toString()}`;
        if (ready.status !== 200) notReady.push(`${instance.name}: ${last}`);
        const body = ready.json<{ status: string; checks: Record<string, string> }>();
        return body.status === 'degraded' && body.checks.mail === 'failing' && body.checks.storage === 'failing';
      }).catch((error: unknown) => {
        throw new Error(`${(error as Error).message} (last: ${last})`);
      });
      check(true, `${instance.name} says degraded, naming mail and storage (${last})`);
    }
    check(notReady.length === 0, `both instances stayed ready (200) throughout (${notReady.join('; ')})`);
    await during.stop();
    check(
      during.stats.failures.length === 0,
      `the visitor's requests kept passing during the failures (${during.stats.failures.slice(0, 5).join('; ')})`,
    );
    check(during.stats.byUpstream.size === 2, `no instance left the proxy (${[...during.stats.byUpstream.keys()].join(', ')})`);
    return { firedAt, filled, requests: during.stats.requests };
  });
}
