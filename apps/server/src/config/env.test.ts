import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

const secret = 'x'.repeat(32);
/** Everything production insists on (decision 024). */
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: secret,
  SMTP_URL: 'smtp://mail.example.com:587',
  DATABASE_URL: 'postgres://qq@db:5432/qq',
  S3_BUCKET: 'photos',
  PUBLIC_URL: 'https://quackquest.example',
  MAIL_FROM: 'QuackQuest <no-reply@quackquest.example>',
  VAPID_PUBLIC_KEY: 'BOKEXLypUiwig0lZlE7yr0fShY7Y-csXRbMV8KxjzLOxA79us5PuNkd5rCrtHLBheUhgVMfZNfKD4wqftPgaNRY',
  VAPID_PRIVATE_KEY: 't2Vw_x3l_biga8UmJa-BZEtFcEaztlt5mu8s2WZvSTU',
};

describe('parseEnv', () => {
  it('starts with no variables at all, on the documented defaults', () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      CAMPAIGN: 'campaigns/demo',
      PUBLIC_URL: 'http://localhost:3000',
      NODE_ENV: 'development',
      OIDC_ISSUER: 'https://accounts.google.com',
      DATABASE_POOL_SIZE: 10,
      SIGNIN_LINKS_PER_IP: 3000,
      SIGNIN_MAIL_PER_MINUTE: 300,
    });
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('makes the e-mailed links follow PORT when PUBLIC_URL is unset outside production (issue 30 part 5)', () => {
    expect(parseEnv({ PORT: '3471' }).PUBLIC_URL).toBe('http://localhost:3471');
    expect(parseEnv({ PORT: '3471', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:3471');
    expect(parseEnv({ PORT: '3471', PUBLIC_URL: 'http://192.168.1.20:3471' }).PUBLIC_URL).toBe('http://192.168.1.20:3471');
  });

  it('treats the empty values of .env.example as unset', () => {
    const env = parseEnv({
      DATABASE_URL: '',
      S3_BUCKET: '',
      SMTP_URL: '',
      SESSION_SECRET: '',
      GOOGLE_CLIENT_ID: '',
      DATABASE_POOL_SIZE: '',
      SIGNIN_LINKS_PER_IP: '',
    });
    expect(env).toMatchObject({ DATABASE_URL: undefined, S3_BUCKET: undefined, SMTP_URL: undefined, SESSION_SECRET: undefined });
    expect(env.DATABASE_POOL_SIZE).toBe(10);
    expect(env.SIGNIN_LINKS_PER_IP).toBe(3000);
  });

  it('reads the values it is given', () => {
    expect(
      parseEnv({ PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: 'postgresql://u:p@db:5432/qq', DATABASE_POOL_SIZE: '4' }),
    ).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://u:p@db:5432/qq',
      DATABASE_POOL_SIZE: 4,
    });
  });

  it('takes the database timeouts, with defaults that bound every wait (decision 067)', () => {
    expect(parseEnv({})).toMatchObject({
      DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
      DATABASE_LOCK_TIMEOUT_MS: 3_000,
      DATABASE_POOL_TIMEOUT_MS: 10_000,
    });
    expect(parseEnv({ DATABASE_LOCK_TIMEOUT_MS: '500' }).DATABASE_LOCK_TIMEOUT_MS).toBe(500);
  });

  it('asks a command that only opens the database for its setting alone in production (npm run migrate)', () => {
    const env = parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://owner@db/qq' }, { databaseOnly: true });
    expect(env.DATABASE_URL).toBe('postgres://owner@db/qq');
    expect(() => parseEnv({ NODE_ENV: 'production' }, { databaseOnly: true })).toThrow(
      /^Unsafe production configuration:\n {2}DATABASE_URL: required when NODE_ENV=production, or set ALLOW_EMBEDDED_DATABASE=1[^\n]*$/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://owner@db/qq' })).toThrow(/SESSION_SECRET/);
  });

  it.each<[string, Record<string, string>, string]>([
    ['a PORT that is not a number', { PORT: 'eighty' }, 'PORT'],
    ['a PORT out of range', { PORT: '70000' }, 'PORT'],
    ['production without SESSION_SECRET', { NODE_ENV: 'production' }, 'SESSION_SECRET'],
    ['a SESSION_SECRET too short to be safe', { NODE_ENV: 'production', SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    ['production without a VAPID pair', { ...production, VAPID_PRIVATE_KEY: '' }, 'VAPID_PRIVATE_KEY'],
    ['a VAPID_PUBLIC_KEY that is no P-256 key', { VAPID_PUBLIC_KEY: 'abc' }, 'VAPID_PUBLIC_KEY'],
    ['a DATABASE_URL without its scheme', { DATABASE_URL: 'localhost:5432/quackquest' }, 'DATABASE_URL'],
    ['a DATABASE_URL of another database', { DATABASE_URL: 'mysql://u@db/qq' }, 'DATABASE_URL'],
    ['a PUBLIC_URL that is not a URL', { PUBLIC_URL: 'quackquest.example' }, 'PUBLIC_URL'],
    ['an unknown NODE_ENV', { NODE_ENV: 'staging' }, 'NODE_ENV'],
    ['an SMTP_URL that is not an address', { SMTP_URL: 'mail.example.com:587' }, 'SMTP_URL'],
    ['an SMTP_URL with a port out of range', { SMTP_URL: 'smtp://user:pw@mail.example.com:99999' }, 'SMTP_URL'],
    ['an SMTP_URL of another protocol', { SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    ['production on a plain http PUBLIC_URL', { ...production, PUBLIC_URL: 'http://quackquest.example' }, 'PUBLIC_URL'],
    ['production without PUBLIC_URL', { ...production, PUBLIC_URL: '' }, 'PUBLIC_URL'],
    ['production without MAIL_FROM', { ...production, MAIL_FROM: '' }, 'MAIL_FROM'],
    ['a DATABASE_POOL_SIZE of 0', { DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    ['a DATABASE_LOCK_TIMEOUT_MS of 0 (no bound)', { DATABASE_LOCK_TIMEOUT_MS: '0' }, 'DATABASE_LOCK_TIMEOUT_MS'],
    [
      'a DATABASE_STATEMENT_TIMEOUT_MS that is not a number',
      { DATABASE_STATEMENT_TIMEOUT_MS: '15s' },
      'DATABASE_STATEMENT_TIMEOUT_MS',
    ],
    ['a DATABASE_POOL_SIZE that is not a number', { DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    ['a TRUST_PROXY that believes every hop', { TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    ['a TRUST_PROXY address that is not one', { TRUST_PROXY: '10.0.0.1, proxy.internal' }, 'TRUST_PROXY'],
    ['a TRUST_PROXY CIDR out of range', { TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    ['a TRUST_PROXY hop count beyond reason', { TRUST_PROXY: '100' }, 'TRUST_PROXY'],
    ['an ALLOW_REMOTE_DEV that is not 1 or 0', { ALLOW_REMOTE_DEV: 'yes please' }, 'ALLOW_REMOTE_DEV'],
    ["a journey's clock outside the tests", { TEST_CLOCK_OFFSET_MS: '86400000' }, 'TEST_CLOCK_OFFSET_MS'],
    ["a journey's clock in production", { NODE_ENV: 'production', TEST_CLOCK_OFFSET_MS: '86400000' }, 'TEST_CLOCK_OFFSET_MS'],
  ])('stops on %s, naming the variable', (_, source, variable) => {
    let error: unknown;
    try {
      parseEnv(source);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(new RegExp(`^\\s*${variable}:`, 'm'));
  });

  it('names a malformed SMTP_URL without its password', () => {
    expect(() => parseEnv({ SMTP_URL: 'smtp://quack:sekret-password@mail.example.com:99999' })).toThrow(
      /^Invalid configuration:\n {2}SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ address/,
    );
    expect(() => parseEnv({ SMTP_URL: 'smtp://quack:sekret-password@mail.example.com:99999' })).not.toThrow(/sekret/);
  });

  it('takes plain http for PUBLIC_URL in production on a loopback address only (a proxy on the same machine)', () => {
    for (const url of ['http://127.0.0.1:8080', 'http://localhost', 'http://[::1]:3000', 'https://quackquest.example']) {
      expect(parseEnv({ ...production, PUBLIC_URL: url }).PUBLIC_URL).toBe(url);
    }
    expect(() => parseEnv({ ...production, PUBLIC_URL: 'http://10.0.0.5' })).toThrow(
      'PUBLIC_URL: must be an https:// address when NODE_ENV=production (cookies are sent over https only), not http://10.0.0.5',
    );
  });

  it('believes no proxy unless TRUST_PROXY names them, in every NODE_ENV (decision 018)', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv(production).TRUST_PROXY).toBe(false);
    for (const off of ['', 'off', 'false', '0', 'OFF']) expect(parseEnv({ TRUST_PROXY: off }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1, fd00::/8, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('reads ALLOW_REMOTE_DEV as 1/true or 0/false, off by default', () => {
    expect(parseEnv({}).ALLOW_REMOTE_DEV).toBe(false);
    expect(parseEnv({ ALLOW_REMOTE_DEV: '1' }).ALLOW_REMOTE_DEV).toBe(true);
    expect(parseEnv({ ALLOW_REMOTE_DEV: 'true' }).ALLOW_REMOTE_DEV).toBe(true);
    expect(parseEnv({ ALLOW_REMOTE_DEV: '0' }).ALLOW_REMOTE_DEV).toBe(false);
  });

  it('accepts production with its explicit settings, and loads no demo campaign there', () => {
    const env = parseEnv(production);
    expect(env.NODE_ENV).toBe('production');
    expect(env.CAMPAIGN).toBeUndefined();
    expect(parseEnv({ ...production, CAMPAIGN: 'campaigns/singapore-2025' }).CAMPAIGN).toBe('campaigns/singapore-2025');
  });

  it.each<[string, string, Record<string, string>]>([
    ['SMTP_URL', 'SMTP_URL:', { SMTP_URL: '' }],
    ['DATABASE_URL', 'ALLOW_EMBEDDED_DATABASE=1', { DATABASE_URL: '' }],
    ['S3_BUCKET', 'ALLOW_LOCAL_PHOTOS=1', { S3_BUCKET: '' }],
    ['SESSION_SECRET', 'SESSION_SECRET:', { SESSION_SECRET: '' }],
  ])('refuses production without %s, naming it and the way out', (variable, hint, missing) => {
    expect(() => parseEnv({ ...production, ...missing })).toThrow(new RegExp(`^\\s*${variable}:.*`, 'm'));
    expect(() => parseEnv({ ...production, ...missing })).toThrow(hint);
  });

  it('runs production on the embedded database and local photos only when told to', () => {
    const env = parseEnv({
      ...production,
      DATABASE_URL: '',
      S3_BUCKET: '',
      ALLOW_EMBEDDED_DATABASE: '1',
      ALLOW_LOCAL_PHOTOS: '1',
    });
    expect(env).toMatchObject({
      DATABASE_URL: undefined,
      S3_BUCKET: undefined,
      ALLOW_EMBEDDED_DATABASE: true,
      ALLOW_LOCAL_PHOTOS: true,
    });
  });
});
