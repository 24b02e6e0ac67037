// Configuration, parsed once at start-up. A bad value stops the process with the variable's name.
import { isIP } from 'node:net';
import { REVIEW_LEASE_SECONDS, REVIEW_UNDO_SECONDS } from '@quackquest/contract';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** PostgreSQL connections per server instance unless DATABASE_POOL_SIZE says otherwise (decision 013). */
export const DEFAULT_POOL_SIZE = 10;
/** PostgreSQL's waits, in milliseconds, unless DATABASE_*_TIMEOUT_MS say otherwise (decision 067). */
export const DEFAULT_DATABASE_TIMEOUTS = { statementMs: 15_000, lockMs: 3_000, poolMs: 10_000 } as const;
/** Sign-in e-mails per client IP per 15 minutes and from all instances per minute (decision 015). */
export const DEFAULT_SIGNIN_LINKS_PER_IP = 3000;
export const DEFAULT_SIGNIN_MAIL_PER_MINUTE = 300;
const DEFAULT_PUSH_PER_MINUTE = 60_000;
/** The push services of Chrome and Edge (FCM), Firefox (Mozilla), Safari (Apple) and Windows (WNS). */
const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://*.push.services.mozilla.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
];

/** A yes/no setting: 1 or true, 0 or false; unset is no. */
const flag = optional.pipe(z.enum(['0', '1', 'true', 'false']).optional()).transform((v) => v === '1' || v === 'true');

/** A whole number from the environment, with a default when unset or empty. */
const count = (fallback: number, max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(max).default(fallback));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).default(3000)),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional()),
  /** Connections each server instance keeps to PostgreSQL (bench/RESULTS.md, "Several instances"). */
  DATABASE_POOL_SIZE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(500).default(DEFAULT_POOL_SIZE),
  ),
  /**
   * PostgreSQL: how long one statement may run, a lock may be waited for, and a request may wait for a free
   * connection, in milliseconds (decision 067). Past any of them the request is refused with "busy" (503) at once
   * instead of hanging; migrations wait for locks the same time and then try again.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: count(DEFAULT_DATABASE_TIMEOUTS.statementMs, 3_600_000),
  DATABASE_LOCK_TIMEOUT_MS: count(DEFAULT_DATABASE_TIMEOUTS.lockMs, 600_000),
  DATABASE_POOL_TIMEOUT_MS: count(DEFAULT_DATABASE_TIMEOUTS.poolMs, 600_000),
  /**
   * Tests only (NODE_ENV=test): the server's clock this many milliseconds off the machine's, so a journey can restart a
   * server on the next day (the wheel's seeds are shown once their day is over, decision 082). Refused otherwise.
   */
  TEST_CLOCK_OFFSET_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
  /** The pack that seeds an empty database at start (decision 026); outside production the demo campaign when unset. */
  CAMPAIGN: optional,
  /** Outside production, unset: http://localhost:PORT (parseEnv), so the e-mailed links follow PORT. */
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  // Parsed here so that a malformed one is named in one line at start, never its password nor a stack trace.
  /** The commit this build was made from, when the deployer's pipeline knows it (config/build-info.ts). */
  BUILD_COMMIT: optional,
  SMTP_URL: optional.refine((url) => url === undefined || isSmtpUrl(url), {
    message: 'must be an smtp:// or smtps:// address, e.g. smtp://user:password@mail.example.com:587',
  }),
  MAIL_FROM: optional,
  /** Sign-in e-mails one client IP may ask for per 15 minutes: a ship or venue shares one IP (decision 015). */
  SIGNIN_LINKS_PER_IP: count(DEFAULT_SIGNIN_LINKS_PER_IP, 1_000_000),
  /** Sign-in e-mails all instances together send per minute, within the SMTP account's rate (decision 015). */
  SIGNIN_MAIL_PER_MINUTE: count(DEFAULT_SIGNIN_MAIL_PER_MINUTE, 1_000_000),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url({ message: 'must be a URL, e.g. https://s3.example.com' }).optional()),
  S3_REGION: optional,
  SESSION_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** The built visitor app; defaults to apps/web/dist. */
  WEB_DIST: optional,
  /** Which proxies' X-Forwarded-For to believe (decision 018): off, a hop count, or addresses/CIDRs. */
  TRUST_PROXY: optional.transform((value, ctx) => parseTrustProxy(value, ctx)),
  /** Development listens beyond loopback only when this says so (decision 018). */
  ALLOW_REMOTE_DEV: flag,
  /** How long a reviewer holds the answers they are handed without asking again (decision 053). */
  REVIEW_LEASE_SECONDS: count(REVIEW_LEASE_SECONDS, 3600),
  REVIEW_UNDO_SECONDS: count(REVIEW_UNDO_SECONDS, 3600),
  /** Request bodies: time allowed on top of their bytes at the minimum rate (decision 017). */
  BODY_GRACE_MS: z.coerce.number().int().min(1).default(30_000),
  /** The slowest real transfer: 40,000 B/s = 320 kbit/s, 80 % of ship Wi-Fi's 400 kbit/s (decision 017). */
  BODY_MIN_BYTES_PER_SEC: z.coerce.number().int().min(1).default(40_000),
  /** Production keeps photos on this machine's disk only when this says so (one instance; decision 024). */
  ALLOW_LOCAL_PHOTOS: flag,
  /** Production runs on the embedded database (PGlite) only when this says so (one instance; decision 024). */
  ALLOW_EMBEDDED_DATABASE: flag,
  /** On SIGTERM, /readyz answers 503 this long before the server stops accepting (http/health.ts). */
  DRAIN_DELAY_MS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(60_000).default(0)),
  /** Turns on GET /metrics for a scraper sending it as a bearer token (http/metrics.ts). */
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * The server's VAPID key pair (decision 063): Web Push reminders are signed with the private key, and browsers
   * subscribe with the public one, so every instance needs the same pair (`npx web-push generate-vapid-keys`).
   * Generated once and kept in DATA_DIR outside production (config/vapid.ts).
   */
  VAPID_PUBLIC_KEY: optional.pipe(
    z
      .string()
      .regex(/^[\w-]{87}$/, 'must be the base64url public key (87 characters) of a P-256 pair')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optional.pipe(
    z
      .string()
      .regex(/^[\w-]{43}$/, 'must be the base64url private key (43 characters) of a P-256 pair')
      .optional(),
  ),
  /** Who the push services may contact about our pushes: a mailto: or https: address (reminders/vapid.ts when unset). */
  VAPID_SUBJECT: optional.pipe(
    z
      .string()
      .regex(/^(mailto:|https:)/, 'must be a mailto: or https: address')
      .optional(),
  ),
  /** Reminders all instances together hand to push services per minute (decision 063). */
  PUSH_PER_MINUTE: count(DEFAULT_PUSH_PER_MINUTE, 10_000_000),
  /**
   * The push services a browser's subscription may name, as origins, `*.` for any subdomain (decision 064): the
   * server sends to no other address a visitor gives it. The browsers' own services when unset.
   */
  PUSH_SERVICES: optional.transform((value) =>
    value === undefined
      ? DEFAULT_PUSH_SERVICES
      : value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

/** Fastify's trustProxy: false (the socket's address), a hop count, or the proxies' addresses and CIDRs. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges: 127.0.0.0/8 + ::1, link-local, private networks. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const text = value?.trim().toLowerCase();
  if (text === undefined || text === '' || text === 'off' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'a hop count is the number of proxies in front of the server (1 to 10)' });
    return false;
  }
  if (text === 'true' || text === 'on') {
    // Believing every hop is believing the left-most X-Forwarded-For, which any client writes.
    ctx.addIssue({ code: 'custom', message: 'say how many proxies there are (e.g. 1) or list their addresses, not "true"' });
    return false;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `"${bad.join('", "')}" is not an IP address or CIDR; use off, a hop count, or addresses/CIDRs separated by commas`,
    });
    return false;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

export class ConfigError extends Error {}

/**
 * `databaseOnly`: for an operator command that only opens the database (`npm run migrate`, `verify`): in production
 * it needs DATABASE_URL, not the secrets and addresses of serving visitors (issue 31 part 3).
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env, { databaseOnly = false } = {}): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = { ...result.data, PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}` };
  if (env.TEST_CLOCK_OFFSET_MS !== undefined && env.NODE_ENV !== 'test')
    throw new ConfigError("Invalid configuration:\n  TEST_CLOCK_OFFSET_MS: only for NODE_ENV=test (the journeys' clock)");
  if (env.NODE_ENV !== 'production') return { ...env, CAMPAIGN: env.CAMPAIGN ?? DEMO_CAMPAIGN };
  const unsafe = productionRefusals(env, source).filter((line) => !databaseOnly || line.startsWith('DATABASE_URL'));
  if (unsafe.length > 0)
    throw new ConfigError(`Unsafe production configuration:\n${unsafe.map((line) => `  ${line}`).join('\n')}`);
  return env;
}

const DEMO_CAMPAIGN = 'campaigns/demo';

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** https, or plain http on this machine's loopback (a proxy in front on the same machine, test:deploy). */
function isHttps(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:') return true;
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.'));
}

/**
 * What production refuses to start with (decision 024), each naming its variable. A missing CAMPAIGN is allowed
 * here and refused by server.ts only when the database holds no campaign yet.
 */
function productionRefusals(env: Env, source: NodeJS.ProcessEnv): string[] {
  const refusals: string[] = [];
  if (!env.SESSION_SECRET) refusals.push('SESSION_SECRET: required when NODE_ENV=production');
  // The address in every e-mailed link, and what makes the session cookies Secure: never the development default.
  if (!source.PUBLIC_URL) {
    refusals.push(
      'PUBLIC_URL: required when NODE_ENV=production: the https:// address visitors open, used in every e-mailed link',
    );
  } else if (!isHttps(env.PUBLIC_URL)) {
    refusals.push(
      `PUBLIC_URL: must be an https:// address when NODE_ENV=production (cookies are sent over https only), not ${env.PUBLIC_URL}; plain http is allowed for a loopback address only`,
    );
  }
  if (!env.MAIL_FROM) {
    refusals.push(
      'MAIL_FROM: required when NODE_ENV=production: the sender visitors see, e.g. "QuackQuest <no-reply@your-domain>"',
    );
  }
  if (!env.SMTP_URL) {
    refusals.push('SMTP_URL: required when NODE_ENV=production: visitors and the crew sign in with an e-mailed link or code');
  }
  for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const) {
    if (!env[name]) {
      refusals.push(
        `${name}: required when NODE_ENV=production: reminders are signed with the VAPID pair and every instance needs the same one (npx web-push generate-vapid-keys)`,
      );
    }
  }
  if (!env.DATABASE_URL && !env.ALLOW_EMBEDDED_DATABASE) {
    refusals.push(
      'DATABASE_URL: required when NODE_ENV=production, or set ALLOW_EMBEDDED_DATABASE=1 to run one instance on the embedded database in DATA_DIR',
    );
  }
  if (!env.S3_BUCKET && !env.ALLOW_LOCAL_PHOTOS) {
    refusals.push(
      "S3_BUCKET: required when NODE_ENV=production, or set ALLOW_LOCAL_PHOTOS=1 to keep photos on this machine's disk (one instance only)",
    );
  }
  return refusals;
}
