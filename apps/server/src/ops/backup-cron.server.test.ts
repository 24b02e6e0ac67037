// The cron line for nightly backups in docs/deploy.md ("Backups"), run as cron would run it (issue 31 part 5): its
// command, with cron's `\%` read as `%`, by /bin/sh. Only the deployer's folders and `npm run -s ops --` are replaced,
// by a scratch folder and this run's build of the same command, so a line that no longer works fails here.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../test/helpers';
import { takePort } from '../../test/resilience/harness';
import { scratchDir } from '../../test/scratch';

const testDb = process.env.TEST_DB ?? 'pglite';
const DAY_MS = 86_400_000;

describe.skipIf(testDb === 'postgres')('the nightly backup cron line of docs/deploy.md', () => {
  it("writes tonight's file and removes the line's own files older than 14 days, keeping every other", async () => {
    const deployDoc = readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
    const line = /^0 3 \* \* \* (.+)$/m.exec(deployDoc)?.[1];
    expect(line, 'docs/deploy.md has a cron line at 03:00').toBeDefined();

    const backups = scratchDir('qq-cron-backups');
    const files = { old: 'qq-2026-01-01.tar.gz', recent: 'qq-2026-01-20.tar.gz', notOurs: 'archive-2026-01-01.tar.gz' };
    const aged = (name: string, days: number) => {
      writeFileSync(path.join(backups, name), 'an earlier night');
      const at = new Date(Date.now() - days * DAY_MS);
      utimesSync(path.join(backups, name), at, at);
    };
    aged(files.old, 20);
    aged(files.recent, 10);
    aged(files.notOurs, 20);

    const command = line!
      .replaceAll('\\%', '%')
      .replace('cd /srv/quackquest ', `cd '${repoRoot}' `)
      .replace('npm run -s ops --', `'${process.execPath}' '${inject('serverBuild').ops}'`)
      .replaceAll('/backups', backups);
    // Each replacement found its text: the line still has the shape the document explains.
    expect(command).not.toMatch(/\/srv\/|\/backups|npm run|\\%/);

    const { DATABASE_URL: _, ...inherited } = process.env;
    const run = spawnSync('/bin/sh', ['-c', command], {
      env: { ...inherited, NODE_ENV: 'test', DATA_DIR: scratchDir('qq-cron-data'), PORT: String(await takePort()) },
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(run.status, run.stderr).toBe(0);

    const tonight = `qq-${spawnSync('date', ['+%F'], { encoding: 'utf8' }).stdout.trim()}.tar.gz`;
    expect(readdirSync(backups).sort()).toEqual([files.notOurs, tonight, files.recent].sort());
    // A real backup: the archive's gzip header, and more than an empty file.
    const written = readFileSync(path.join(backups, tonight));
    expect(written.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(written.length).toBeGreaterThan(100_000);
  }, 300_000);
});
