// Configuration, parsed once at start-up. A bad value stops the process with the variable's name.
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** PostgreSQL connections per server instance unless DATABASE_POOL_SIZE says otherwise (decision 013). */
export const DEFAULT_POOL_SIZE = 10;

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
  CAMPAIGN: z.string().min(1).default('campaigns/demo'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  SMTP_URL: optional,
  MAIL_FROM: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  S3_BUCKET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: optional,
  SESSION_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** The built visitor app; defaults to apps/web/dist. */
  WEB_DIST: optional,
  /** Request bodies: time allowed on top of their bytes at the minimum rate (decision 017). */
  BODY_GRACE_MS: z.coerce.number().int().min(1).default(30_000),
  /** The slowest real transfer: 40,000 B/s = 320 kbit/s, 80 % of ship Wi-Fi's 400 kbit/s (decision 017). */
  BODY_MIN_BYTES_PER_SEC: z.coerce.number().int().min(1).default(40_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production');
  }
  return env;
}
