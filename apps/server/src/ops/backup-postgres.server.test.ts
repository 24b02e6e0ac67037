// PostgreSQL with photos on the instance's disk (issue 31 part 5): the two lines of docs/deploy.md ("Backups"), run as
// written by /bin/sh, the dump and the photos' copy, then the restore into an empty database and an empty DATA_DIR.
// Only the folders, the date and the URLs differ: `$DATABASE_URL` and `$DATA_DIR` are set as the deployer's shell has
// them. The restored database names the restored photo, byte for byte, and its invariants hold.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../test/helpers';
import { makePhoto } from '../../test/photo';
import { onPostgres, privateDatabases } from '../../test/private-databases';
import { scratchDir } from '../../test/scratch';
import { applyPack } from '../campaign/load';
import { readPack } from '../campaign/pack';
import { parseEnv } from '../config/env';
import { queryRows } from '../db/client';
import { formatVerify, verifyInvariants } from '../db/invariants';
import { createStorage } from '../uploads/storage';

const databases = privateDatabases();

/** The fenced lines after the heading's paragraph that starts with `lead`. */
function recipe(lead: string): string[] {
  const doc = readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
  const from = doc.indexOf(lead);
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(from))?.[1];
  return (block ?? '').trim().split('\n');
}

function sh(command: string, env: Record<string, string>) {
  return spawnSync('/bin/sh', ['-c', command], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 });
}

describe.skipIf(!onPostgres)('PostgreSQL with local photos: the backup lines of docs/deploy.md', () => {
  it('dump and photos copied, then restored into an empty database and DATA_DIR, name each other', async () => {
    const [backupLine, restoreLine] = recipe('**PostgreSQL with photos on the instance');
    expect(backupLine).toMatch(/^pg_dump .* && tar -czf /);
    expect(restoreLine).toMatch(/^pg_restore .* && tar -xzf /);

    // The festival's machine: a database with a photo answer, and the photo under DATA_DIR/uploads.
    const source = await databases.scratch();
    const dataDir = scratchDir('qq-pg-photos');
    const database = await databases.open({ databaseUrl: source.url, dataDir: '' });
    await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
    const storage = createStorage(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
    const photo = await makePhoto(7);
    const key = 'backup-test/duck.jpg';
    expect(await storage.save(key, photo, 'image/jpeg')).toBe(true);
    await database.db.execute(sql`
      with u as (insert into users (email, full_name) values ('photo@example.com', 'Photo Visitor') returning id)
      insert into attempts (user_id, checkpoint_id, answer, outcome, counted)
      select u.id, c.id, ${key}, 'submitted', true from u, checkpoints c where c.type = 'Upload' limit 1`);

    const backups = scratchDir('qq-pg-backups');
    const backup = sh(backupLine!.replaceAll('/backups', backups), { DATABASE_URL: source.url, DATA_DIR: dataDir });
    expect(backup.status, backup.stderr).toBe(0);
    const today = spawnSync('date', ['+%F'], { encoding: 'utf8' }).stdout.trim();

    // Another machine: an empty database and an empty DATA_DIR.
    const target = await databases.scratch();
    const newDataDir = scratchDir('qq-pg-restored');
    const restore = sh(restoreLine!.replaceAll('/backups', backups).replaceAll('2026-11-28', today), {
      DATABASE_URL: target.url,
      DATA_DIR: newDataDir,
    });
    expect(restore.status, restore.stderr).toBe(0);

    const restored = await databases.open({ databaseUrl: target.url, dataDir: '' });
    const [answer] = await queryRows<{ answer: string }>(
      restored.db,
      sql`select a.answer from attempts a join users u on u.id = a.user_id where u.email = 'photo@example.com'`,
    );
    expect(answer?.answer).toBe(key);
    const restoredStorage = createStorage(parseEnv({ DATA_DIR: newDataDir, NODE_ENV: 'test' }));
    const stream = await restoredStorage.read(key);
    expect(stream).toBeDefined();
    expect(Buffer.concat(await stream!.toArray())).toEqual(photo);
    const result = await verifyInvariants(restored.db);
    expect(result.ok, formatVerify(result)).toBe(true);
  }, 180_000);
});
