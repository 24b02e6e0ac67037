// Prometheus metrics (prom-client) at GET /metrics, only with METRICS_TOKEN set and only for a scraper that sends
// it as a bearer token (docs/deploy.md, decision 024). What a deployer watches on the festival evening: request
// rate and latency by route, the database pool, the size of batched reads, sign-ins, attempts, spins, claims and
// review decisions, and the review backlog. Per app, not global: tests and benchmarks build several apps in one
// process. Routes are labelled by their pattern (`/api/console/vouchers/:code`), never by the raw address, so a
// voucher code or a token never becomes a label and the number of series stays bounded.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BuildInfo } from '../config/build-info';
import type { MailQueueStats } from '../mail/queue';
import { batchObservers } from '../db/batch';
import { refuse } from './errors';

export interface MetricsSources {
  /** The build this instance runs: qq_build_info{version, commit} 1. */
  build?: BuildInfo;
  /** PostgreSQL's pool; undefined on PGlite. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Answers waiting for a reviewer, and the age in seconds of the oldest. */
  reviewBacklog: () => Promise<{ pending: number; oldestSeconds: number }>;
  mailQueue?: () => Promise<MailQueueStats>;
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
  collectDefaultMetrics({ register: registry, prefix: 'qq_' });
  const registers = [registry];
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

  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'qq_db_pool_connections',
      help: 'PostgreSQL connections of this instance: total, idle, and queries waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  new Gauge({
    name: 'qq_review_backlog',
    help: 'Text and photo answers waiting for a reviewer (state=pending) and the age in seconds of the oldest (state=oldest_seconds)',
    labelNames: ['state'],
    registers,
    async collect() {
      const backlog = await sources.reviewBacklog();
      this.set({ state: 'pending' }, backlog.pending);
      this.set({ state: 'oldest_seconds' }, backlog.oldestSeconds);
    },
  });

  if (sources.mailQueue) {
    const stats = sources.mailQueue;
    new Gauge({
      name: 'qq_mail_queue',
      help: 'E-mail queue (decision 025): queued, due now, age in seconds of the oldest due, sent in the last hour, failed and expired in the last day',
      labelNames: ['state'],
      registers,
      async collect() {
        const queue = await stats();
        this.set({ state: 'queued' }, queue.queued);
        this.set({ state: 'due' }, queue.due);
        this.set({ state: 'oldest_due_seconds' }, queue.oldestDueSeconds);
        this.set({ state: 'sent_last_hour' }, queue.sentLastHour);
        this.set({ state: 'failed_last_day' }, queue.failedLastDay);
        this.set({ state: 'expired_last_day' }, queue.expiredLastDay);
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
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
