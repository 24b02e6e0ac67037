// Everything a request handler needs, built once by buildApp() and passed to each domain's routes.
import type { CampaignCache } from './campaign/active';
import type { Env } from './config/env';
import type { Db } from './db/client';
import type { MailQueueHandle } from './mail/queue';
import type { Vapid } from './reminders/vapid';
import type { Storage } from './uploads/storage';

export interface AppContext {
  db: Db;
  env: Env;
  campaign: CampaignCache;
  storage: Storage;
  /** Signs upload URLs and tokens. */
  secret: string;
  /** Where e-mail goes: the queue the worker sends from (mail/queue.ts, decision 025). */
  mail: MailQueueHandle;
  /** The VAPID keys reminders are signed with; browsers subscribe with the public one (reminders/vapid.ts). */
  vapid: Vapid;
  /** Milliseconds since the epoch; replaceable in tests. */
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by buildApp() on the root instance; every plugin and request (request.server) sees it. */
    ctx: AppContext;
  }
}
