// What production refuses to start with (decision 024): each unsafe setting named, never a stack trace.
import { describe, expect, it } from 'vitest';
import { startServerUntilExit } from '../../test/start-server';
import { skipInPgliteRun } from '../../test/once';

const safe = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(40),
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_URL: 'https://quackquest.example',
  MAIL_FROM: 'QuackQuest <no-reply@quackquest.example>',
  VAPID_PUBLIC_KEY: 'BOKEXLypUiwig0lZlE7yr0fShY7Y-csXRbMV8KxjzLOxA79us5PuNkd5rCrtHLBheUhgVMfZNfKD4wqftPgaNRY',
  VAPID_PRIVATE_KEY: 't2Vw_x3l_biga8UmJa-BZEtFcEaztlt5mu8s2WZvSTU',
  ALLOW_EMBEDDED_DATABASE: '1',
  ALLOW_LOCAL_PHOTOS: '1',
  LOG_LEVEL: 'warn',
};

// Each test starts the server as its own process, which on a busy machine takes tens of seconds to open PGlite.
describe.skipIf(skipInPgliteRun)('the server in production', { timeout: 120_000 }, () => {
  it('refuses to start without e-mail, a database, a photo store and a secret, naming each variable', async () => {
    const { code, stderr } = await startServerUntilExit({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    for (const variable of [
      'SESSION_SECRET:',
      'SMTP_URL:',
      'DATABASE_URL:',
      'S3_BUCKET:',
      'PUBLIC_URL:',
      'MAIL_FROM:',
      'VAPID_PRIVATE_KEY:',
    ]) {
      expect(stderr).toContain(variable);
    }
    expect(stderr).toContain('ALLOW_EMBEDDED_DATABASE=1');
    expect(stderr).toContain('ALLOW_LOCAL_PHOTOS=1');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('does not load the demo campaign into an empty database: CAMPAIGN must be named', async () => {
    const { code, stderr } = await startServerUntilExit(safe);
    expect(code).toBe(1);
    expect(stderr).toContain('CAMPAIGN: required when NODE_ENV=production and the database holds no campaign yet');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('names DATABASE_URL, not its password, when PostgreSQL cannot be opened', async () => {
    const { code, stderr } = await startServerUntilExit({
      ...safe,
      CAMPAIGN: 'campaigns/demo',
      DATABASE_URL: 'postgres://quack:sekret-password@127.0.0.1:1/festival',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('DATABASE_URL: cannot open the database festival on 127.0.0.1:1');
    expect(stderr).not.toContain('sekret-password');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
