// The command line itself, spawned as an operator runs it. The commands' work is tested in the other
// files through the functions the CLI calls.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env';
import { takePort } from '../../test/resilience/harness';
import { runCli as runBuiltCli } from '../../test/built-server';
import { repoRoot } from '../../test/helpers';
import { scratchDir } from '../../test/scratch';
import { users } from '../db/schema';
import { openOpsDatabase } from './database';
import { applyPack } from '../campaign/load';
import { readPack } from '../campaign/pack';
import { skipInPgliteRun } from '../../test/once';

function runCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCliWith({}, ...args);
}

function runCliWith(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runBuiltCli(args, { ...process.env, INIT_CWD: repoRoot, ...env });
}

const COMMANDS = [
  'campaign:validate',
  'campaign:load',
  'campaign:versions',
  'campaign:restore',
  'review:list',
  'review:approve',
  'review:reject',
  'ducks:adjust',
  'export:leaderboard',
  'export:claims',
  'export:winners',
  'voucher:redeem',
  'qr:sheet',
  'operator:add',
  'operator:remove',
  'operator:list',
  'migrate',
  'backup',
  'restore',
  'mail:status',
  'ledger:digest',
  'wheel:verify',
];

describe.skipIf(skipInPgliteRun)('npm run ops', () => {
  it('--help lists every command with an example', async () => {
    const { code, stdout } = await runCli('--help');
    expect(code).toBe(0);
    for (const command of COMMANDS) {
      expect(stdout).toContain(`\n  ${command}`);
      expect(stdout).toMatch(new RegExp(`\\n {6}e\\.g\\. npm run ops -- ${command}( |\\n)`));
    }
  });

  it("migrate brings a new database to the build's schema and says so; a second run changes nothing", async () => {
    const env = {
      DATA_DIR: scratchDir('quackquest-migrate'),
      PORT: String(await takePort()),
      DATABASE_URL: '',
    };
    const journal = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/drizzle/meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const expected = `${journal.entries.length} of ${journal.entries.length} migrations applied; the latest is ${journal.entries.at(-1)!.tag}.`;
    const first = await runCliWith(env, 'migrate');
    expect(first).toMatchObject({ code: 0, stdout: `${expected}\n` });
    // In production it needs the database's setting only, none of serving visitors' (issue 31 part 3).
    const production = {
      ...env,
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_DATABASE: '1',
      SESSION_SECRET: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
    };
    expect(await runCliWith(production, 'migrate')).toMatchObject({ code: 0, stdout: `${expected}\n` });
    // Two CLI processes, each opening PGlite: generous on a loaded machine.
  }, 180_000);

  it('an unknown command exits 2 with a message on stderr', async () => {
    const { code, stdout, stderr } = await runCli('vouchers:redeem', 'QQ-ABCDE-FGHJK');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('Unknown command "vouchers:redeem"');
  });

  it('a --rename that is not kind:OLD=NEW exits 2 with how to write it, before anything is read', async () => {
    const { code, stderr } = await runCli('campaign:load', 'campaigns/demo', '--rename', 'quiz=lifeboat-quiz');
    expect(code).toBe(2);
    expect(stderr).toContain('--rename "quiz=lifeboat-quiz": write it as checkpoint:OLD=NEW or "reward:Old Item=New Item".');
    expect(stderr).toContain(
      'Usage: npm run ops -- campaign:load <dir> [--rename <checkpoint:OLD=NEW> ...] [--confirm] [--dry-run]',
    );
  });

  it('wheel:verify takes its day as YYYY-MM-DD, and says when the wheel has no seed for it', async () => {
    const env = { DATA_DIR: scratchDir('quackquest-wheel'), PORT: String(await takePort()), DATABASE_URL: '' };
    const database = await openOpsDatabase(parseEnv(env));
    try {
      await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
    } finally {
      await database.close();
    }
    const refused = await runCliWith(env, 'wheel:verify', '--day', '28/11/2026');
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('--day must be a date as YYYY-MM-DD')]);
    expect(await runCliWith(env, 'wheel:verify', '--day', '2001-01-01')).toMatchObject({
      code: 0,
      stdout: 'The wheel has no seed for 2001-01-01: no spin was spun on it.\n',
    });
  }, 120_000);

  it('a broken pack exits 1 naming file, entry and field, without a stack trace', async () => {
    const dir = scratchDir('quackquest-pack');
    writeFileSync(
      path.join(dir, 'campaign.yaml'),
      `basedOn: ${path.join(repoRoot, 'campaigns/singapore-2025')}\ntimeZone: Mars/Olympus_Mons\n`,
    );
    const { code, stderr } = await runCli('campaign:validate', dir);
    expect(code).toBe(1);
    expect(stderr).toContain('campaign.yaml: field "timeZone": must be an IANA time zone like Asia/Singapore');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe.skipIf(skipInPgliteRun)("what visitors wrote reaches the operator's terminal without escape codes", () => {
  it('export to stdout and an error naming the address: no ESC or BEL, the text kept', async () => {
    const dataDir = scratchDir('quackquest-ops');
    const env = { DATA_DIR: dataDir, PORT: String(await takePort()), DATABASE_URL: '' };
    const database = await openOpsDatabase(parseEnv(env));
    try {
      await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
      await database.db.insert(users).values({
        email: 'evil@example.com',
        fullName: '\u001b[31mEvil\u001b[0m\u0007\u001b]52;c;cm0gLXJmIH4=\u0007',
        cabinOwner: false,
        acceptedTermsAt: new Date(),
      });
    } finally {
      await database.close();
    }
    const exported = await runCliWith(env, 'export:leaderboard');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/\r\n1,1,Evil,evil@example\.com,,,no,0,0,\d{4}-\d\d-\d\dT[\d:.]+\+08:00\r\n/);
    expect(exported.stdout).not.toContain('\u001b');
    expect(exported.stdout).not.toContain('\u0007');
    const refused = await runCliWith(env, 'ducks:adjust', '\u001b[2J\u001b[31mnobody@example.com', '1', '--reason', 'x');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('No visitor has the e-mail nobody@example.com.');
    expect(refused.stderr).not.toContain('\u001b');
    expect(refused.stderr).not.toContain('\u0007');
    // Three processes each open the embedded database: slow on a busy machine, never a timing assertion.
  }, 120_000);
});

describe.skipIf(skipInPgliteRun)('the embedded database', () => {
  it('is not opened while a server answers on the configured port: two processes would corrupt it', async () => {
    const server = http.createServer((_req, res) => res.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const env = parseEnv({ DATA_DIR: scratchDir('quackquest-ops'), PORT: String(port) });
      await expect(openOpsDatabase(env)).rejects.toThrow(`A QuackQuest server answers at http://127.0.0.1:${port}/healthz`);
    } finally {
      server.close();
    }
  });
});
