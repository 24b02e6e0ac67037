// The topology `npm run test:deploy` starts (scripts/test-deploy.ts): its ports, its public address and who connects
// from where.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NGINX = '/usr/sbin/nginx';
const base = Number(process.env.DEPLOY_PORT_BASE ?? 4313);
export const PORTS = { proxy: base, app1: base + 1, app2: base + 2, store: base + 3, smtp: base + 4, prometheus: base + 5 };
export const PROXY = `http://127.0.0.1:${PORTS.proxy}`;
export const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The per-client sign-in limit of the instances: small, so that the X-Forwarded-For check reaches it. */
export const LINKS_PER_IP = 30;
/** 3 a minute (a tenth of it, decision 058): the per-client limit the forged addresses must not escape. */
export const LINKS_PER_IP_A_MINUTE = LINKS_PER_IP / 10;
// Each actor connects from an address of its own on the loopback network (127.0.0.0/8), so the address the server
// records tells them apart, and none of them is nginx's own 127.0.0.1.
export const FROM = { visitor: '127.0.0.3', staff: '127.0.0.4', reviewer: '127.0.0.5', loop: '127.0.0.6', forger: '127.0.0.2' };
/** The alert rules' `for`, in the test's copy of them (monitoring.ts): seconds, not minutes. */
export const ALERT_FOR_SECONDS = 2;
/** What the failures' step injects, and the alert each must fire. */
export const FAILURE_ALERTS = {
  'SMTP server stopped': ['QuackQuestMailServerDown', 'QuackQuestMailNotSending'],
  'photo disk full': ['QuackQuestPhotoStoreFailing'],
  'a table locked': ['QuackQuestDatabaseBusy'],
};
