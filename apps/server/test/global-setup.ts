// Once per run of the server tests: the server built to spawn (server-build.ts), for the PostgreSQL run a fresh
// database, and a temporary folder that holds every other one the run makes (TMPDIR, which the test processes and the
// servers they start inherit), all removed afterwards: a test process ended by the runner does not clean up itself. PostgreSQL is at 127.0.0.1:5432 (trust auth) unless TEST_POSTGRES_URL says
// otherwise.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type ServerBuild, buildServerForTests } from './server-build';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'quackquest-server-tests-'));
  process.env.TMPDIR = scratch;
  const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  const build = await buildServerForTests();
  project.provide('serverBuild', { server: build.server, ops: build.ops });
  if (process.env.TEST_DB !== 'postgres') {
    return async () => {
      build.remove();
      removeScratch();
    };
  }
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
    removeScratch();
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
