// The database-wide metrics come from one instance (db/client.ts, leadsMetrics; issue 31): of the instances on one
// PostgreSQL, exactly one exports them at a time, and another takes over when that one's connection is gone.
import { inject } from 'vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { getTestContext } from '../../test/helpers';
import { type Database, openDatabase } from './client';

const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

/** Asks until `probe` answers `wanted` (the lock moves when PostgreSQL notices a connection is gone). */
async function until(probe: () => Promise<boolean>, wanted: boolean): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  let answer = await probe();
  while (answer !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await probe();
  }
  return answer;
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('the instance that exports the database-wide metrics', () => {
  it('is one at a time, and another takes over when it is gone', async () => {
    const first = (await getTestContext()).database;
    const open = async () => {
      const database = await openDatabase({ databaseUrl: inject('databaseUrl'), dataDir: '', poolSize: 2 });
      opened.push(database);
      return database;
    };
    const [second, third] = [await open(), await open()];
    expect(await first.leadsMetrics()).toBe(true);
    expect(await second.leadsMetrics()).toBe(false);
    expect(await third.leadsMetrics()).toBe(false);
    // The leader's connection drops, as when its instance dies: the next instance asked takes over.
    await first.db.execute(
      "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = 7283002 and granted",
    );
    expect(await until(() => second.leadsMetrics(), true)).toBe(true);
    expect(await until(() => first.leadsMetrics(), false)).toBe(false);
    expect(await third.leadsMetrics()).toBe(false);
    // A stopped instance gives it up at once.
    await second.close();
    opened.splice(opened.indexOf(second), 1);
    expect(await until(() => third.leadsMetrics(), true)).toBe(true);
  });
});
