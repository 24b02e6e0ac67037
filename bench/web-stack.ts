// The pieces of a web benchmark's stack (bench/web-budget.ts, bench/first-scan.ts): a build of the visitor app, the real
// server serving it on the embedded database with the dev outbox, and a visitor signed up through the API.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUpVisitor } from '../apps/server/test/sign-up';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Vite's build of the visitor app of the checkout at `root` into `outDir`; the CLI flags apply to this build only. */
export function buildWeb(outDir: string, root = repoRoot, extraArgs: string[] = []): void {
  execFileSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...extraArgs],
    { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The server of the checkout at `root` (this one unless told) on the embedded database, serving the build `webDist`. */
export function startServer(webDist: string, dataDir: string, port: number, root = repoRoot): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Embedded database, dev outbox, local uploads, no Google: whatever the shell has set.
  for (const name of [
    'DATABASE_URL',
    'SMTP_URL',
    'S3_BUCKET',
    'S3_ENDPOINT',
    'S3_REGION',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'SESSION_SECRET',
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    // development: the dev outbox is how this script signs a visitor up (production turns it off).
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    CAMPAIGN: 'campaigns/demo',
    LOG_LEVEL: 'warn',
  });
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export interface Visitor {
  email: string;
  name: string;
  session: string;
}

/** Signs a visitor up the way the app does: e-mail link (read from the dev outbox), verify, sign up. */
export async function createVisitor(origin: string): Promise<Visitor> {
  const email = `lighthouse-${randomBytes(4).toString('hex')}@example.com`;
  const name = 'Marina Tan';
  const session = await signUpVisitor(
    {
      post: async (route, body, cookie) => {
        const response = await fetch(`${origin}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        return {
          status: response.status,
          setCookie: response.headers.getSetCookie().join('\n'),
          json: text ? JSON.parse(text) : null,
        };
      },
      linkFor: async (to) => {
        const outbox = (await (await fetch(`${origin}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as {
          link: string;
        }[];
        if (!outbox[0]) throw new Error(`no sign-in link in the dev outbox for ${to}`);
        return outbox[0].link;
      },
    },
    { email, name, fields: { InstagramHandle: '', PhoneNumber: '', CabinOwnership: 'no', termsAccepted: true } },
  );
  return { email, name, session };
}
