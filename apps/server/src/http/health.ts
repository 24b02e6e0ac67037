// Liveness and readiness for load balancers and orchestrators (docs/deploy.md):
// - GET /healthz: the process answers (no dependency checked, so a database outage never restarts it);
// - GET /readyz: "send me traffic" (decision 057): 200 while the database answers, "ready" when the photo store and
//   the SMTP server answer too and "degraded" when one of them does not (the game goes on: e-mail waits in the
//   queue, uploads fail with a message), 503 when the database does not and while draining on SIGTERM. A mail or
//   store outage must not make a load balancer pull every instance at once.
// The body names each check as ok or failing, never why (that is logged): the endpoints are public.
import type { FastifyInstance } from 'fastify';
import type { BuildInfo } from '../config/build-info';

export interface ReadinessChecks {
  database: () => Promise<unknown>;
  storage: () => Promise<unknown>;
  mail: () => Promise<unknown>;
}

/** A check that has not answered in this long is failing. */
const CHECK_TIMEOUT_MS = 3_000;
/** SMTP's answer is reused this long: each check opens a connection and logs in. */
const MAIL_CHECK_TTL_MS = 30_000;
/** The photo store's: each check writes a small probe object. */
const STORAGE_CHECK_TTL_MS = 10_000;

export type CheckName = keyof ReadinessChecks;
/** Each check's failure, or undefined when it passed. */
export type CheckResults = Record<CheckName, Error | undefined>;

/** The checks as /readyz and /metrics (qq_dependency_up) both run them: each in time, the costly ones reused a while. */
export function dependencyChecks(checks: ReadinessChecks): () => Promise<CheckResults> {
  const run: ReadinessChecks = {
    database: checks.database,
    storage: reuse(checks.storage, STORAGE_CHECK_TTL_MS),
    mail: reuse(checks.mail, MAIL_CHECK_TTL_MS),
  };
  const names = Object.keys(run) as CheckName[];
  return async () => {
    const results = await Promise.all(names.map((name) => withTimeout(run[name]())));
    return Object.fromEntries(names.map((name, i) => [name, results[i]])) as CheckResults;
  };
}

export function registerHealth(
  app: FastifyInstance,
  check: () => Promise<CheckResults>,
  options: { drainDelayMs: number; build?: BuildInfo },
) {
  let draining = false;

  // While draining, every answer closes its connection: a proxy that keeps connections open (nginx's keepalive)
  // stops reusing them during the delay, instead of sending a request on one just as the server closes it (a
  // POST lost that way is not retried by nginx). docs/deploy.md, "Health and stopping".
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) void reply.header('connection', 'close');
    done(null, payload);
  });

  // With the build it runs (issue 31 part 3): after an upgrade, every instance should say the same commit.
  const build = options.build ?? { version: 'unknown', commit: 'unknown' };
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok', ...build }));

  app.get('/readyz', { config: { public: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.status(503).send({ status: 'draining' });
    const results = await check();
    const outcome: Record<string, 'ok' | 'failing'> = {};
    for (const [name, error] of Object.entries(results)) {
      outcome[name] = error ? 'failing' : 'ok';
      if (error) request.log.warn({ check: name, reason: error.message }, 'readiness check failing');
    }
    if (outcome.database === 'failing') return reply.status(503).send({ status: 'not ready', checks: outcome });
    const degraded = Object.values(results).some((error) => error);
    return reply.status(200).send({ status: degraded ? 'degraded' : 'ready', checks: outcome });
  });

  /**
   * SIGTERM: /readyz answers 503 at once while everything else is still served for `drainDelayMs` (time for a load
   * balancer to notice), then the server stops accepting and closes once the requests in flight are answered.
   */
  return async function drain(): Promise<void> {
    draining = true;
    if (options.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainDelayMs));
    await app.close();
  };
}

/** Undefined when the check passed in time, else the error. */
async function withTimeout(check: Promise<unknown>): Promise<Error | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Error>((resolve) => {
    timer = setTimeout(() => resolve(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.then(() => undefined), late]);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  } finally {
    clearTimeout(timer);
  }
}

/** The check's last answer (success or failure) for `ttlMs`; one check at a time. */
function reuse(check: () => Promise<unknown>, ttlMs: number): () => Promise<unknown> {
  let last: { at: number; result: Promise<unknown> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > ttlMs) {
      const result = check();
      result.catch(() => undefined);
      last = { at: now, result };
    }
    return last.result;
  };
}
