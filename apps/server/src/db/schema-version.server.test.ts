// An older build on a database a newer build migrated (issue 31 part 3): it refuses to serve with one line naming
// both counts and what to do, instead of carrying on against columns and functions it does not know.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SchemaNewerError, knownMigrations, openDatabase } from './client';
import { skipInPgliteRun } from '../../test/once';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(skipInPgliteRun)('a database migrated by a newer build', () => {
  it('is refused at start with one line naming both counts and what to do', { timeout: 120_000 }, async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', 0)`);
    await first.close();

    const known = knownMigrations();
    const refusal = openDatabase({ dataDir: dir });
    await expect(refusal).rejects.toThrow(SchemaNewerError);
    await expect(refusal).rejects.toThrow(
      `The database's schema is newer than this build: ${known.length + 1} migrations applied, this build knows ${known.length} (up to ${known.at(-1)!}). Run the newer build, or restore a backup taken with this one (docs/deploy.md).`,
    );
  });
});
