// Backups of the embedded database (decision 030): a real server on PGlite keeps taking spins, claims, scans
// and photos while `npm run ops -- backup` runs; the file restores into a fresh DATA_DIR where `ops verify`
// passes, the rows are those the manifest counted, and every photo an attempt names is there. Restore refuses a
// running server's DATA_DIR, a damaged or foreign file, and a DATA_DIR that holds data (unless --force).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { COUNTED_TABLES, COUNT_ROWS_SQL, readBackupFile, rowCounts } from '../backup/archive';
import { applyPack } from '../campaign/load';
import { readPack } from '../campaign/pack';
import { parseEnv } from '../config/env';
import { type Database, openDatabase, queryRows } from '../db/client';
import { DatabaseInUseError } from '../db/pglite-lock';
import { runCli as runBuiltCli } from '../../test/built-server';
import { repoRoot, unique } from '../../test/helpers';
import {
  type Client,
  type ServerProcess,
  createClient,
  killAllServers,
  newKey,
  removeTempDirs,
  spawnServer,
  takePort,
  tempDir,
} from '../../test/resilience/harness';
import { type Visitor, seedSpins, seedVisitors } from '../../test/resilience/seed';
import { backup, restore } from './backup';
import { formatVerify, verifyInvariants } from '../db/invariants';

const testDb = process.env.TEST_DB ?? 'pglite';
const SECRET = 'resilience-test-secret-0123456789abcdef'; // the one spawnServer gives its servers
const ITEM = 'Draught Beer';
const SCAN = { slug: 'day-01-gangway', qr: 'QQSG25-GANGWAY-MWMXXG' };
const PHOTO_SLUG = 'day-04-deck-selfie'; // Upload, open on the demo's day 4, 3 attempts
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z',
  'base64',
);

function runCli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _, ...inherited } = process.env;
  return runBuiltCli(args, { ...inherited, NODE_ENV: 'test', INIT_CWD: repoRoot, ...env }, 240_000);
}

/** What visitors do while the backup is taken: scans, spins, claims and photos, until stop(). */
async function play(server: ServerProcess, client: Client, visitors: Visitor[], stopped: () => boolean) {
  const done = { scans: 0, spins: 0, claims: 0, photos: 0, failures: [] as string[] };
  const visitor = async (v: Visitor) => {
    for (let round = 0; round < 3 && !stopped(); round++) {
      const scan = await client.request(server.baseUrl, 'POST', `/api/checkpoints/${SCAN.slug}/attempts`, {
        cookie: v.cookie,
        body: { answer: SCAN.qr },
      });
      if (scan.status === 200) done.scans++;
      const spin = await client.request(server.baseUrl, 'POST', '/api/spin', { cookie: v.cookie, body: { type: 'Scan' } });
      if (spin.status === 200) done.spins++;
      const claim = await client.request(server.baseUrl, 'POST', '/api/claims', {
        cookie: v.cookie,
        body: { item: ITEM },
        headers: { 'idempotency-key': newKey() },
      });
      if (claim.status === 201) done.claims++;
      else if (claim.status !== 409) done.failures.push(`claim ${claim.status} ${JSON.stringify(claim.body)}`);
      const query = new URLSearchParams({
        filetype: 'image/jpeg',
        filename: 'duck.jpg',
        checkpointId: PHOTO_SLUG,
        filesize: String(JPEG.length),
      });
      const url = await client.request(server.baseUrl, 'GET', `/api/uploads/url?${query.toString()}`, { cookie: v.cookie });
      if (url.status !== 200) continue; // three photos each at most
      const put = await fetch(new URL(url.body.uploadUrl as string, server.baseUrl), {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: JPEG,
      });
      if (put.status !== 200) done.failures.push(`photo PUT ${put.status}`);
      const answer = await client.request(server.baseUrl, 'POST', `/api/checkpoints/${PHOTO_SLUG}/attempts`, {
        cookie: v.cookie,
        body: { answer: url.body.key },
      });
      if (answer.status === 200) done.photos++;
      else done.failures.push(`photo answer ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  };
  // A few visitors at a time, again and again, until the backup is written.
  let next = 0;
  const worker = async () => {
    while (!stopped()) await visitor(visitors[next++ % visitors.length]!);
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return done;
}

async function countsOf(dataDir: string): Promise<Record<string, number>> {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await queryRows<Record<string, unknown>>(database.db, sql.raw(COUNT_ROWS_SQL));
    return rowCounts(row!).counts;
  } finally {
    await database.close();
  }
}

describe.skipIf(testDb === 'postgres')('backup and restore of the embedded database and photos', () => {
  let client: Client | undefined;
  let database: Database | undefined;
  /** The database a backup() opened itself (as the CLI does). */
  const held: { database?: Database } = {};

  afterAll(async () => {
    client?.destroy();
    await killAllServers();
    await database?.close();
    await held.database?.close().catch(() => undefined);
    removeTempDirs();
  });

  it(
    'a backup taken while visitors play restores into a fresh DATA_DIR; verify passes and the rows are those it counted',
    { timeout: 900_000 },
    async () => {
      const dataDir = tempDir('backup-live');
      database = await openDatabase({ dataDir });
      await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
      const tag = unique('backup');
      const visitors = await seedVisitors(database.db, { count: 24, ducks: 12, tag });
      await seedSpins(database.db, { tag, campaignId: 'demo', slugs: ['day-07-lighthouse-lookout', 'day-10-engine-room'] });
      await database.close();
      database = undefined;

      const port = await takePort();
      const server = await spawnServer({ name: 'backup', port, dataDir, timeoutMs: 180_000 });
      client = createClient(8);
      const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), SESSION_SECRET: SECRET };
      const file = path.join(tempDir('backup-files'), 'live.tar.gz');

      let stop = false;
      // Some traffic first, so the backup has photos; then the backup in the middle of more.
      const warmUp = play(server, client, visitors, () => stop);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const taken = runCli(env, 'backup', '--out', file).finally(() => {
        stop = true;
      });
      const [result, traffic] = await Promise.all([taken, warmUp]).catch((error: unknown) => {
        throw new Error(`${String(error)}; the server said:\n${server.output()}`);
      });
      expect(result.code, `${result.stderr}\nthe server said:\n${server.output()}`).toBe(0);
      expect(result.stdout).toContain('snapshot taken by the running server');
      expect(traffic.failures).toEqual([]);
      expect(traffic.photos).toBeGreaterThan(0);
      expect(traffic.claims).toBeGreaterThan(0);

      // The server kept answering during and after the backup.
      expect((await client.request(server.baseUrl, 'GET', '/healthz')).status).toBe(200);
      const { manifest } = await readBackupFile(file);
      expect(manifest.counts.users).toBe(24);
      expect(manifest.photos.count).toBeGreaterThan(0);
      expect(manifest.counts.claims).toBeGreaterThan(0);

      // Not into the running server's DATA_DIR, not even with --force.
      await expect(restore({ env: parseEnv(env), file, force: true, now: new Date() })).rejects.toThrow(
        new DatabaseInUseError(
          `A QuackQuest server (process ${server.child.pid}) has DATA_DIR (${dataDir}) open: stop it before restoring into it. ` +
            '(backup works while it runs; restore does not.)',
        ),
      );

      const fresh = tempDir('backup-restored');
      const otherPort = String(await takePort()); // nothing answers there
      const restored = await runCli({ DATA_DIR: fresh, PORT: otherPort }, 'restore', file);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('All invariants hold.');
      // `ops verify` itself, on the restored DATA_DIR.
      const verified = await runCli({ DATA_DIR: fresh, PORT: otherPort }, 'verify');
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
      expect(verified.stdout).toContain('All invariants hold.');

      const counts = await countsOf(fresh);
      for (const table of COUNTED_TABLES) expect(counts[table], table).toBe(manifest.counts[table]);
      // Every photo a restored attempt names is in the restored uploads, byte for byte.
      database = await openDatabase({ dataDir: fresh });
      const keys = await queryRows<{ answer: string }>(
        database.db,
        sql`select a.answer from attempts a join checkpoints c on c.id = a.checkpoint_id where c.slug = ${PHOTO_SLUG}`,
      );
      await database.close();
      database = undefined;
      expect(keys.length).toBeGreaterThan(0);
      for (const { answer } of keys) expect(readFileSync(path.join(fresh, 'uploads', answer))).toEqual(JPEG);
      console.info(
        `[backup] while ${traffic.scans} scans, ${traffic.spins} spins, ${traffic.claims} claims and ${traffic.photos} photos went on: ` +
          `${result.stdout.split('\n')[0]}`,
      );

      // With the server stopped, the command opens DATA_DIR itself.
      await server.stop();
      const offline = path.join(path.dirname(file), 'offline.tar.gz');
      const cold = await backup({
        env: parseEnv({ ...env, PORT: otherPort }),
        file: offline,
        openDatabase: async () => (held.database = await openDatabase({ dataDir })),
      });
      await held.database?.close();
      expect(cold.takenBy).toBe('cli');
      expect(cold.manifest.counts.claims).toBeGreaterThanOrEqual(manifest.counts.claims!);
      expect(cold.manifest.photos.count).toBeGreaterThanOrEqual(manifest.photos.count);

      // A DATA_DIR that holds data: refused, then with --force restored over, the old contents kept aside.
      const now = new Date('2026-11-25T20:15:00Z');
      await expect(restore({ env: parseEnv({ DATA_DIR: fresh }), file: offline, force: false, now })).rejects.toThrow(
        /^DATA_DIR \(.*\) is not empty \(it holds pgdata, uploads\): restore into an empty DATA_DIR, or add --force/,
      );
      const forced = await restore({ env: parseEnv({ DATA_DIR: fresh }), file: offline, force: true, now });
      expect(forced.keptIn).toBe(path.join(fresh, 'before-restore-2026-11-25T201500'));
      expect(readdirSync(forced.keptIn!).sort()).toEqual(['pgdata', 'uploads']);
      expect(await countsOf(fresh)).toEqual(cold.manifest.counts);
      const verify = await verifyInvariants((database = await openDatabase({ dataDir: fresh })).db);
      expect(verify.ok, formatVerify(verify)).toBe(true);
    },
  );

  it('refuses a file that is not a backup, or a damaged one, and changes nothing', { timeout: 300_000 }, async () => {
    const dir = tempDir('backup-bad');
    const target = tempDir('backup-bad-target');
    const attempt = (file: string) => restore({ env: parseEnv({ DATA_DIR: target }), file, force: false, now: new Date() });

    writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    await expect(attempt(path.join(dir, 'notes.txt'))).rejects.toThrow(
      'notes.txt is not a QuackQuest backup (it is not a .tar.gz file). Nothing was restored.',
    );
    writeFileSync(path.join(dir, 'other.tar.gz'), gzipSync(Buffer.alloc(1024)));
    await expect(attempt(path.join(dir, 'other.tar.gz'))).rejects.toThrow(
      'other.tar.gz is not a QuackQuest backup (it has no manifest.json: not a backup, or cut short). Nothing was restored.',
    );
    await expect(attempt(path.join(dir, 'missing.tar.gz'))).rejects.toThrow(
      `There is no file ${path.join(dir, 'missing.tar.gz')}.`,
    );

    // A real backup of an empty database, then cut short and then with one byte changed.
    const source = tempDir('backup-bad-source');
    const good = path.join(dir, 'good.tar.gz');
    await backup({
      env: parseEnv({ DATA_DIR: source, PORT: String(await takePort()) }),
      file: good,
      openDatabase: async () => (held.database = await openDatabase({ dataDir: source })),
    });
    await held.database?.close();
    const bytes = readFileSync(good);
    writeFileSync(path.join(dir, 'cut.tar.gz'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(attempt(path.join(dir, 'cut.tar.gz'))).rejects.toThrow(
      'cut.tar.gz is damaged: the compressed data is cut short or corrupt. Nothing was restored.',
    );
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(path.join(dir, 'flipped.tar.gz'), flipped);
    await expect(attempt(path.join(dir, 'flipped.tar.gz'))).rejects.toThrow(
      /^flipped\.tar\.gz is damaged: .*Nothing was restored\.$/,
    );
    // Nothing was left in the target by any of them.
    expect(readdirSync(target)).toEqual([]);
    expect(existsSync(path.join(target, 'pgdata'))).toBe(false);

    // The command line says the same on stderr, exit code 1.
    const cli = await runCli({ DATA_DIR: target, PORT: String(await takePort()) }, 'restore', path.join(dir, 'cut.tar.gz'));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toBe('cut.tar.gz is damaged: the compressed data is cut short or corrupt. Nothing was restored.\n');
  });
});
