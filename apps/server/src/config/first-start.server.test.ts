// Issue 30 part 5: a developer's first start, with PORT set and nothing else. The server says where to open the app
// and where the sign-in e-mails are (the dev outbox), and the link it e-mails points at that port: PUBLIC_URL follows
// PORT when unset outside production. The server runs as its own process, as `npm start` runs it (the built server).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnBuiltServer } from '../../test/built-server';
import { takePort } from '../../test/resilience/harness';
import { skipInPgliteRun } from '../../test/once';

describe.skipIf(skipInPgliteRun)('the first start of a development server', { timeout: 240_000 }, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-first-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('with PORT set, prints the address and the outbox, and e-mails links on that port', async () => {
    const port = await takePort();
    // Only what a fresh clone has: no NODE_ENV, PUBLIC_URL, SMTP_URL or DATABASE_URL of the test run.
    const {
      NODE_ENV: _,
      DATABASE_URL: __,
      CAMPAIGN: ___,
      PUBLIC_URL: ____,
      SMTP_URL: _____,
      LOG_LEVEL: ______,
      ...inherited
    } = process.env;
    const server = spawnBuiltServer({ ...inherited, PORT: String(port), DATA_DIR: dataDir });
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      let output = '';
      const started = new Promise<string>((resolve, reject) => {
        server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
          const line = output.split('\n').find((entry) => entry.includes('QuackQuest is running'));
          if (line) resolve(line);
        });
        server.once('exit', () => reject(new Error(`the server exited before it started:\n${output}`)));
      });
      // Not a terminal here: the line is JSON, as a log collector would read it.
      const line = JSON.parse(await started) as { msg: string; url: string; outbox: string };
      const url = `http://localhost:${port}`;
      expect(line.msg).toBe(
        `QuackQuest is running: open ${url} — sign-in e-mails are not sent: read them in the dev outbox, ${url}/api/dev/outbox?to=ADDRESS`,
      );
      expect(line).toMatchObject({ url, outbox: `${url}/api/dev/outbox?to=ADDRESS` });

      const email = 'first-start@example.com';
      const asked = await fetch(`http://127.0.0.1:${port}/api/auth/email-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, returnTo: '/' }),
      });
      expect(asked.status).toBe(202);
      const outbox = (await (await fetch(`http://127.0.0.1:${port}/api/dev/outbox?to=${email}`)).json()) as { link: string }[];
      expect(new URL(outbox[0]!.link).origin).toBe(url);
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  });
});
