// Starts the stack once for all journeys and returns its teardown:
// a fresh PostgreSQL database, a real SMTP server, a local OIDC provider, the built web app served by
// the real server, and a small control server the tests use to read e-mail and set the provider's user.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { assertPortsFree } from '../../apps/server/test/free-ports';
import { buildServerForTests } from '../../apps/server/test/server-build';
import { startOidcProvider } from '../../apps/server/test/oidc-provider';
import { startPushService } from '../../apps/server/test/push-service';
import { startSmtp } from '../../apps/server/test/smtp';
import { waitForHealth } from '../../apps/server/test/wait-for-health';
import { APP_PORT, APP_URL, CONTROL_PORT, OWN_PORTS } from './ports';

const root = fileURLToPath(new URL('../../', import.meta.url));
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export default async function globalSetup() {
  // With Lingui's pseudo-locale (decision 050): only this build can be told to speak it (tests/pseudo-locale.spec.ts).
  execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_PSEUDO_LOCALE: '1' },
  });

  // Another run's stack on these ports would answer this run's journeys with its own database.
  await assertPortsFree(
    [APP_PORT, CONTROL_PORT, ...Object.values(OWN_PORTS)],
    "another e2e run? Set E2E_APP_PORT and E2E_CONTROL_PORT (the journeys' own servers take the thirteen ports after the control port).",
  );
  const dbName = `quackquest_e2e_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${dbName}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-e2e-'));
  const smtp = await startSmtp();
  const oidc = await startOidcProvider();
  // Where the journeys' browsers are subscribed (tests/reminders.spec.ts): it checks each message's VAPID signature
  // and decrypts it, as a browser's push service and the browser would.
  const push = await startPushService();

  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: APP_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'QuackQuest <crew@quackquest.test>',
    GOOGLE_CLIENT_ID: 'quackquest-e2e',
    GOOGLE_CLIENT_SECRET: 'quackquest-e2e-secret',
    OIDC_ISSUER: oidc.url,
    PUSH_SERVICES: push.url,
    LOG_LEVEL: 'warn',
  };
  // Journeys run operator commands (review:approve) against the same database.
  process.env.E2E_DATABASE_URL = databaseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  // The PGlite journey (tests/console-pglite.spec.ts) starts a server of its own that mails here too.
  process.env.E2E_SMTP_URL = smtp.url;

  // The server as `npm start` runs it, built once for the run; the journeys' own servers and commands use it too.
  const built = await buildServerForTests();
  process.env.E2E_SERVER_JS = built.server;
  process.env.E2E_OPS_JS = built.ops;
  const server = spawn(process.execPath, ['--enable-source-maps', built.server], { cwd: root, env, stdio: 'inherit' });
  let serverExited = false;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve(void (serverExited = true))));
  // A server that exits early fails the setup at once, and the teardown never waits for a past exit.
  await waitForHealth(`${APP_URL}/healthz`, { timeoutMs: 60_000, exited: () => serverExited });

  const control = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    if (url.pathname === '/mail') {
      const to = (url.searchParams.get('to') ?? '').toLowerCase();
      const mails = smtp.received
        .filter((m) => m.to.includes(to))
        .map((m) => ({
          subject: m.parsed.subject ?? '',
          from: m.parsed.from?.text ?? '',
          text: m.parsed.text ?? '',
          html: m.parsed.html || '',
        }));
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify(mails));
    }
    if (url.pathname === '/push/subscriber' && request.method === 'POST') {
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify(push.subscriber()));
    }
    if (url.pathname === '/push/received') {
      const id = url.searchParams.get('subscriber');
      response.setHeader('content-type', 'application/json');
      return response.end(
        JSON.stringify({
          received: push.received.filter((p) => p.subscriberId === id).map((p) => p.text),
          refused: push.refused,
        }),
      );
    }
    if (url.pathname === '/oidc/identity' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        oidc.setIdentity(JSON.parse(body) as { email: string; name?: string });
        response.end('{}');
      });
      return undefined;
    }
    response.statusCode = 404;
    return response.end();
  });
  await new Promise<void>((resolve) => control.listen(CONTROL_PORT, '127.0.0.1', resolve));

  return async () => {
    control.close();
    server.kill('SIGTERM');
    await exited;
    await smtp.close();
    await oidc.close();
    await push.close();
    // With the databases of journeys' own servers that a stopped run left (support/own-server.ts).
    const own = await adminQuery(`select datname from pg_database where datname like '${dbName}\\_own\\_%'`);
    for (const { datname } of own) await adminQuery(`drop database if exists ${String(datname)} with (force)`);
    await adminQuery(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
    built.remove();
  };
}

async function adminQuery(sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}
