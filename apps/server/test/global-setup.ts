// Once per run of the server tests: the server built to spawn (server-build.ts), and for the PostgreSQL run a fresh
// database, both removed afterwards. PostgreSQL is at 127.0.0.1:5432 (trust auth) unless TEST_POSTGRES_URL says
// otherwise.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type ServerBuild, buildServerForTests } from './server-build';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const build = await buildServerForTests();
  project.provide('serverBuild', { server: build.server, ops: build.ops });
  if (process.env.TEST_DB !== 'postgres') return async () => build.remove();
  const name = `quackquest_test_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  project.provide('databaseUrl', url.toString());
  return async () => {
    build.remove();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    serverBuild: ServerBuild;
  }
}
