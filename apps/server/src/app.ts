// Builds the Fastify app. It never listens: server.ts does, and tests call app.inject().
import fastifyCookie from '@fastify/cookie';
import { UPLOAD_MAX_BYTES } from '@quackquest/contract';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { auditRoutes } from './audit/routes';
import { backupRoutes } from './backup/routes';
import { authRoutes } from './auth/routes';
import { perApp } from './cache/per-app';
import { createCampaignCache } from './campaign/active';
import { campaignConsoleRoutes } from './campaign/console-routes';
import { campaignRoutes } from './campaign/routes';
import { checkpointRoutes } from './checkpoints/routes';
import { dashboardRoutes } from './dashboard/routes';
import { startOfToday } from './text/time';
import type { Env, TrustProxy } from './config/env';
import { loadSecret } from './config/secret';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { bodyDeadlineMs, registerBodyDeadline } from './http/body-deadline';
import { registerCompression } from './http/compression';
import { registerErrorHandlers } from './http/errors';
import { buildInfo } from './config/build-info';
import { dependencyChecks, registerHealth } from './http/health';
import { createFailureCounters } from './http/failure-counters';
import { registerMetrics } from './http/metrics';
import { redactingLogOptions } from './http/log-redaction';
import { registerOriginCheck } from './http/origin';
import { registerRouteRegistry } from './http/route-registry';
import { registerSecurityHeaders } from './http/security-headers';
import { responseSerializerCompiler } from './http/serializer';
import { validatorCompiler } from './http/validation';
import { registerWeb } from './http/web';
import { createMailer, type Mailer } from './mail/mailer';
import { type MailWorker, startMailWorker } from './mail/queue';
import { noticeRoutes } from './notices/routes';
import { reminderRoutes } from './reminders/routes';
import { announcementRoutes } from './announcements/routes';
import { kioskRoutes } from './kiosks/routes';
import { loadVapid } from './reminders/vapid';
import { type ReminderWorker, startReminderWorker } from './reminders/worker';
import { operatorRoutes } from './operators/routes';
import { participantRoutes } from './participants/routes';
import { photoRoutes } from './photos/routes';
import { reviewRoutes } from './reviews/routes';
import { rewardRoutes } from './rewards/routes';
import { spinRoutes } from './spin/routes';
import { createStorage, reportingFailures, type Storage } from './uploads/storage';
import { uploadRoutes } from './uploads/routes';
import { leaderboardRoutes } from './leaderboard/routes';
import { exportRoutes } from './exports/routes';
import { winnerRoutes } from './winners/routes';
import { winnerNoticeHooks } from './winners/winners';
import { voucherRoutes } from './vouchers/routes';
import { rewardStockRoutes } from './rewards/console-routes';

export interface BuildOptions {
  env: Env;
  database: Database;
  storage?: Storage;
  mailer?: Mailer;
  /**
   * The mail queue's and the reminder queue's rows this app's workers serve ('main'). Tests that share one database
   * give each app its own, so an app's e-mail reaches its own SMTP server or dev outbox.
   */
  mailChannel?: string;
  /** How often the mail worker looks at the queue without a nudge (500 ms). */
  mailPollMs?: number;
  /** How often the reminder worker looks for an unlock and due reminders (1 s). */
  reminderPollMs?: number;
  now?: () => number;
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
}

export async function buildApp(options: BuildOptions) {
  const { env, database } = options;
  const bodyDeadline = { graceMs: env.BODY_GRACE_MS, minBytesPerSec: env.BODY_MIN_BYTES_PER_SEC };
  const app = Fastify({
    ...loggerOptions(options.logger ?? { level: env.LOG_LEVEL }),
    bodyLimit: 64 * 1024,
    // Timeouts (decision 017): a request must arrive whole within the longest body deadline (a 10 MB photo
    // at the minimum rate) plus its headers; a socket silent both ways for 2 minutes is closed. Each body has
    // its own, shorter deadline in proportion to its size (http/body-deadline.ts).
    requestTimeout: bodyDeadlineMs(bodyDeadline, UPLOAD_MAX_BYTES) + 30_000,
    connectionTimeout: 120_000,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    routerOptions: { maxParamLength: 300 },
    // A request that reaches a stopping instance on a connection it still holds is served (its database is open
    // until the close ends), not answered 503: a 503 is the database busy (decision 067), which nginx passes to the
    // visitor rather than to the other instance (deploy/nginx.conf).
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: env.NODE_ENV !== 'production' }));
  registerErrorHandlers(app);
  registerBodyDeadline(app, bodyDeadline);

  const secret = loadSecret(env);
  const failures = createFailureCounters();
  const mailChannel = options.mailChannel ?? 'main';
  const mailer = options.mailer ?? (await createMailer(env, app.log, () => ctx.now()));
  // E-mail leaves through the queue (decision 025): stopped on close, before server.ts closes the database; a
  // send cut short is retried later.
  const mailWorker = startMailWorker({
    db: database.background ?? database.db,
    mailer,
    secret,
    channel: mailChannel,
    perMinute: env.SIGNIN_MAIL_PER_MINUTE,
    now: () => ctx.now(),
    log: app.log,
    ...(options.mailPollMs ? { pollMs: options.mailPollMs } : {}),
    hooks: { winner_notice: winnerNoticeHooks },
    senderName: async () => (await ctx.campaign.get()).info.mail?.senderName,
    seen: {
      sent: () => failures.mailSent.inc(),
      failed: () => failures.mailSendFailures.inc(),
      gaveUp: (state) => failures.mailGivenUp.inc({ state }),
    },
  });
  app.decorate('mailWorker', mailWorker);
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    mailer.close?.();
  });

  const vapid = loadVapid(env);
  // Reminders when a day's checkpoint opens (decision 063): stopped on close like the mail worker.
  const reminderWorker = startReminderWorker({
    db: database.background ?? database.db,
    vapid,
    channel: mailChannel,
    perMinute: env.PUSH_PER_MINUTE,
    now: () => ctx.now(),
    log: app.log,
    appName: async () => (await ctx.campaign.get()).info.name,
    mail: { channel: mailChannel, secret, nudge: () => mailWorker.nudge() },
    publicUrl: env.PUBLIC_URL,
    todayStart: async (now) => startOfToday(now.getTime(), (await ctx.campaign.get()).info.timeZone),
    ...(options.reminderPollMs ? { pollMs: options.reminderPollMs } : {}),
  });
  app.decorate('reminderWorker', reminderWorker);
  app.addHook('onClose', () => reminderWorker.stop());

  const ctx: AppContext = {
    db: database.db,
    env,
    // The lifetime is read through perApp so that overrideCacheSettings (tests, bench --no-caches) applies.
    campaign: createCampaignCache(
      database.db,
      () => perApp(ctx, 'campaignTtlMs', (settings) => settings.campaignTtlMs),
      () => ctx.now(),
    ),
    // Every failure of the store counted and logged (issue 31: a full disk was silent).
    storage: reportingFailures(options.storage ?? createStorage(env), (operation, error) => {
      failures.photoStoreErrors.inc({ operation });
      app.log.error({ err: error, operation }, 'photo store failed');
    }),
    secret,
    mail: { channel: mailChannel, secret, nudge: () => mailWorker.nudge() },
    vapid,
    now: options.now ?? Date.now,
  };
  app.decorate('ctx', ctx);

  await app.register(fastifyCookie, { secret: ctx.secret });
  // Before every route and the static files, whose answers it compresses.
  registerCompression(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", ...photoStoreOrigins(env)],
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
      },
    },
  });
  registerOriginCheck(app, env.PUBLIC_URL);
  registerRouteRegistry(app);

  const checks = dependencyChecks({
    database: () => database.db.execute('select 1'),
    storage: () => ctx.storage.ready(),
    mail: () => mailer.ready(),
  });
  const drain = registerHealth(app, checks, { drainDelayMs: env.DRAIN_DELAY_MS, build: buildInfo(env.BUILD_COMMIT) });
  app.decorate('drain', drain);
  registerMetrics(app, env.METRICS_TOKEN, {
    build: buildInfo(env.BUILD_COMMIT),
    database,
    checks,
    failures,
    now: () => ctx.now(),
  });
  await app.register(authRoutes(ctx, mailer, mailWorker));
  await app.register(campaignRoutes(ctx));
  await app.register(leaderboardRoutes(ctx));
  await app.register(checkpointRoutes(ctx));
  await app.register(spinRoutes(ctx));
  await app.register(noticeRoutes(ctx));
  await app.register(reminderRoutes(ctx));
  await app.register(announcementRoutes(ctx));
  await app.register(kioskRoutes(ctx));
  await app.register(uploadRoutes(ctx));
  await app.register(photoRoutes(ctx));
  await app.register(rewardRoutes(ctx));
  await app.register(operatorRoutes(ctx));
  await app.register(auditRoutes(ctx));
  await app.register(campaignConsoleRoutes(ctx));
  await app.register(reviewRoutes(ctx));
  await app.register(voucherRoutes(ctx));
  await app.register(rewardStockRoutes(ctx));
  await app.register(exportRoutes(ctx));
  await app.register(winnerRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(participantRoutes(ctx));
  await app.register(backupRoutes(ctx, database));
  await registerWeb(app, env.WEB_DIST);
  return app;
}

/** Where browsers send photos: the store's own origin when S3_ENDPOINT names it, any https bucket otherwise. */
function photoStoreOrigins(env: Env): string[] {
  if (!env.S3_BUCKET) return [];
  return env.S3_ENDPOINT ? [new URL(env.S3_ENDPOINT).origin] : ['https:'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness 503, then close once the requests in flight are answered (http/health.ts). */
    drain(): Promise<void>;
    /** This process's mail queue worker (mail/queue.ts): tests flush it. */
    mailWorker: MailWorker;
    /** This process's reminder worker (reminders/worker.ts): tests flush it. */
    reminderWorker: ReminderWorker;
  }
}

/**
 * Only the proxies TRUST_PROXY names are believed about the client's address (decision 018). Fastify 5.12
 * ignores a bare hop count (it cannot tell a proxy from a direct client), so a count becomes the function
 * Express uses: believe that many hops, for servers reachable only through their proxy.
 */
function trustProxyOption(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Every logger the app gets keeps credentials out of its lines (http/log-redaction.ts). */
function loggerOptions(logger: NonNullable<BuildOptions['logger']>): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  if (typeof (logger as FastifyBaseLogger).child === 'function') {
    return { loggerInstance: (logger as FastifyBaseLogger).child({}, redactingLogOptions) };
  }
  if (typeof logger !== 'object') return { logger };
  const own = logger as { serializers?: Record<string, unknown> };
  const merged = { ...own, ...redactingLogOptions, serializers: { ...own.serializers, ...redactingLogOptions.serializers } };
  return { logger: merged };
}
