// A database of its own on the benchmark's PostgreSQL for one run, dropped afterwards: the test database is left
// alone. Undefined (with a warning) when PostgreSQL cannot be reached, so a benchmark can go on with PGlite alone.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const name = `quackquest_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(`PostgreSQL is not reachable at ${adminUrl} (${String(error)}): skipping it.`);
    return undefined;
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // The app's pool has closed its connections; give the server a moment to see them go before forcing.
      for (let i = 0; ; i++) {
        try {
          await client.query(`drop database if exists ${name}${i >= 20 ? ' with (force)' : ''}`);
          break;
        } catch (error) {
          if (i >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      await client.end();
    },
  };
}
