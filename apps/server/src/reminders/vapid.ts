// The server's VAPID identity (RFC 8292, decision 063): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or outside
// production a pair generated once and kept in DATA_DIR, like the session secret (config/secret.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { Env } from '../config/env';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact: VAPID_SUBJECT, else PUBLIC_URL when https, else MAIL_FROM's address. */
  subject: string;
}

function subjectOf(env: Env): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.PUBLIC_URL.startsWith('https:')) return env.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1] ?? env.MAIL_FROM;
  return `mailto:${address?.includes('@') ? address : 'crew@localhost'}`;
}

export function loadVapid(env: Env): Vapid {
  const subject = subjectOf(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.resolve(env.DATA_DIR, 'vapid-keys.json');
  if (existsSync(file)) return { ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<Vapid, 'subject'>), subject };
  mkdirSync(env.DATA_DIR, { recursive: true });
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify({ publicKey, privateKey }), { mode: 0o600 });
  return { publicKey, privateKey, subject };
}
