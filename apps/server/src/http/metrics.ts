// Prometheus metrics (prom-client) at GET /metrics, only with METRICS_TOKEN set and only for a scraper that sends
// it as a bearer token (docs/deploy.md, decision 024). What a deployer watches on the festival evening: request
// rate and latency by route, the database pool, the size of batched reads, sign-ins, attempts, spins, claims and
// review decisions; every failure of the mail, the photo store and the database (http/failure-counters.ts); whether
// each dependency answers; and, from one instance only, the database-wide figures (http/database-metrics.ts).
// Named and typed as Prometheus has it (issue 31): counters end in _total, units in the name, one kind of thing
// per metric, the runtime's own metrics under their standard names. deploy/prometheus/ holds the alert rules.
// Per app, not global: tests and benchmarks build several apps in one process. Routes are labelled by their
// pattern (`/api/console/vouchers/:code`), never by the raw address, so a voucher code or a token never becomes a
// label and the number of series stays bounded.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BuildInfo } from '../config/build-info';
import type { Database } from '../db/client';
import type { DatabaseErrorObserver } from '../db/errors-seen';
import { batchObservers } from '../db/batch';
import { databaseMetrics } from './database-metrics';
import { refuse } from './errors';
import type { FailureCounters } from './failure-counters';
import type { CheckResults } from './health';

export interface MetricsSources {
  /** The build this instance runs: qq_build_info{version, commit} 1. */
  build?: BuildInfo;
  database: Database;
  /** This instance's dependency checks, as /readyz runs them: qq_dependency_up. */
  checks: () => Promise<CheckResults>;
  failures: FailureCounters;
  now: () => number;
}

/** Successful calls counted as game events, by route pattern. */
const EVENTS: Record<string, string> = {
  'POST /api/auth/email-link': 'sign_in_mail',
  'POST /api/auth': 'sign_in',
  'POST /api/auth/console': 'console_sign_in',
  'POST /api/checkpoints/:id/attempts': 'attempt',
  'POST /api/spin': 'spin',
  'POST /api/claims': 'claim',
  'POST /api/console/reviews/decisions': 'review_decisions',
  'POST /api/console/reviews/undo': 'review_undo',
  'POST /api/console/vouchers/:code/redeem': 'redemption',
};

const digest = (text: string) => createHash('sha256').update(text).digest();

export function registerMetrics(app: FastifyInstance, token: string | undefined, sources: MetricsSources): void {
  if (!token) return;
  const registry = new Registry();
  // Under their standard names (process_cpu_seconds_total, nodejs_eventloop_lag_seconds...), which dashboards know.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const { database, failures } = sources;
  for (const counter of Object.values(failures) as Counter[]) registry.registerMetric(counter);
  const countDatabaseError: DatabaseErrorObserver = (kind) => failures.databaseErrors.inc({ kind });
  database.errorObservers.add(countDatabaseError);
  app.addHook('onClose', async () => {
    database.errorObservers.delete(countDatabaseError);
  });
  new Gauge({
    name: 'qq_dependency_up',
    help: 'Whether this instance reaches each dependency (1) or not (0), as /readyz checks it: database, storage (the photo store takes a write), mail (the SMTP server takes a login)',
    labelNames: ['dependency'],
    registers,
    async collect() {
      for (const [dependency, error] of Object.entries(await sources.checks())) this.set({ dependency }, error ? 0 : 1);
    },
  });
  const databaseWide = databaseMetrics(database, sources.now);
  if (sources.build) {
    const info = new Gauge({
      name: 'qq_build_info',
      help: 'The build this instance runs (always 1): version and commit',
      labelNames: ['version', 'commit'],
      registers,
    });
    info.set(sources.build, 1);
  }

  const duration = new Histogram({
    name: 'qq_http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const events = new Counter({
    name: 'qq_events_total',
    help: 'Successful game and console actions: sign_in_mail, sign_in, console_sign_in, attempt, spin, claim, review_decisions, review_undo, redemption',
    labelNames: ['event'],
    registers,
  });
  const batchSize = new Histogram({
    name: 'qq_read_batch_size',
    help: 'Requests answered by one batched database read (db/batch.ts), by kind of read',
    labelNames: ['read'],
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers,
  });
  const observeBatch = (read: string, size: number) => batchSize.observe({ read }, size);
  batchObservers.add(observeBatch);
  app.addHook('onClose', async () => {
    batchObservers.delete(observeBatch);
  });

  if (database.poolStats) {
    const pool = database.poolStats;
    new Gauge({
      name: 'qq_db_pool_connections',
      help: 'Database connections of this instance for requests, idle or busy (their sum is the pool open now)',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = pool();
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'busy' }, stats.total - stats.idle);
      },
    });
    new Gauge({
      name: 'qq_db_pool_waiting_queries',
      help: 'Queries of this instance waiting for a free database connection',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const status = reply.statusCode;
    duration.observe({ method: request.method, route, status: String(status) }, reply.elapsedTime / 1000);
    const event = EVENTS[`${request.method} ${route}`];
    if (event && status < 300) events.inc({ event });
  });

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected))
      return refuse(reply, 401, { code: 'unauthenticated', message: 'Send the metrics token as a bearer token.' });
    let wide = '';
    if (await database.leadsMetrics()) {
      wide = await databaseWide
        .refresh()
        .then(() => databaseWide.registry.metrics())
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'database-wide metrics not read');
          return '';
        });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send((await registry.metrics()) + wide);
  });
}
