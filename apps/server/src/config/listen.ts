// Where a development server may listen (decision 018): its dev outbox hands out every sign-in link, so
// outside production it stays on loopback unless ALLOW_REMOTE_DEV says otherwise.
import { isIP } from 'node:net';
import { ConfigError, type Env } from './env';

/** 127.0.0.0/8, ::1 and their IPv4-mapped form: the machine itself. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

/** Stops start-up when a development (or test) server would listen beyond this machine without being told to. */
export function checkListenHost(env: Pick<Env, 'NODE_ENV' | 'HOST' | 'ALLOW_REMOTE_DEV'>): void {
  if (env.NODE_ENV === 'production' || env.ALLOW_REMOTE_DEV) return;
  if (env.HOST.toLowerCase() === 'localhost' || isLoopbackAddress(env.HOST)) return;
  throw new ConfigError(
    `Invalid configuration:\n  HOST: ${env.HOST} is reachable from other machines, and with NODE_ENV=${env.NODE_ENV} the dev ` +
      'outbox hands out every sign-in link. Listen on 127.0.0.1, set NODE_ENV=production, or set ALLOW_REMOTE_DEV=1 ' +
      '(the outbox still answers only requests from this machine).',
  );
}
