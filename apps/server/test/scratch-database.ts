// A PostgreSQL database of a test's own, created empty beside the shared test database and dropped by the test: for
// the server tests (resilience/harness.ts), the journeys' own servers (e2e/support/own-server.ts) and the topology test
// (scripts/test-deploy.ts). No vitest here, so the journeys and the scripts can use it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own on the test PostgreSQL (`adminUrl`, by default TEST_POSTGRES_URL's), named `prefix` and a
 * random suffix: the shared test database is left alone.
 */
export async function createScratchDatabase({
  adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  prefix = 'quackquest_resilience',
}: { adminUrl?: string; prefix?: string } = {}): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  return {
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
