import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';
import { checkListenHost, isLoopbackAddress } from './listen';

const secret = 'x'.repeat(32);
/** Production's explicit settings (decision 024), so only HOST is under test. */
const productionSettings = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail:25',
  PUBLIC_URL: 'https://quackquest.example',
  MAIL_FROM: 'QuackQuest <no-reply@quackquest.example>',
  VAPID_PUBLIC_KEY: 'BOKEXLypUiwig0lZlE7yr0fShY7Y-csXRbMV8KxjzLOxA79us5PuNkd5rCrtHLBheUhgVMfZNfKD4wqftPgaNRY',
  VAPID_PRIVATE_KEY: 't2Vw_x3l_biga8UmJa-BZEtFcEaztlt5mu8s2WZvSTU',
  ALLOW_EMBEDDED_DATABASE: '1',
  ALLOW_LOCAL_PHOTOS: '1',
};

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]'])('%s is this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });
  it.each(['10.0.0.1', '0.0.0.0', '::', '::ffff:10.0.0.1', '128.0.0.1', '', undefined])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('checkListenHost (server.ts calls it before listening)', () => {
  it('lets development listen on loopback', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) expect(() => checkListenHost(parseEnv({ HOST }))).not.toThrow();
  });

  it('stops development on 0.0.0.0, naming HOST, NODE_ENV and ALLOW_REMOTE_DEV', () => {
    for (const env of [{ HOST: '0.0.0.0' }, { HOST: '::' }, { HOST: '192.168.1.20', NODE_ENV: 'test' }]) {
      let error: unknown;
      try {
        checkListenHost(parseEnv(env));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^\s*HOST:/m);
      expect((error as Error).message).toContain('NODE_ENV');
      expect((error as Error).message).toContain('ALLOW_REMOTE_DEV=1');
    }
  });

  it('lets development listen beyond loopback when ALLOW_REMOTE_DEV=1, and production anywhere', () => {
    expect(() => checkListenHost(parseEnv({ HOST: '0.0.0.0', ALLOW_REMOTE_DEV: '1' }))).not.toThrow();
    expect(() => checkListenHost(parseEnv({ ...productionSettings, HOST: '0.0.0.0', SESSION_SECRET: secret }))).not.toThrow();
  });
});
