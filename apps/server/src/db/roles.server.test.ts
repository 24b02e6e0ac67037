// The app under a PostgreSQL role of its own (decision 066, docs/deploy.md "Database roles"): with the grants of
// deploy/postgres-roles.sql a real server starts on a migrated database, loads its campaign and serves visitors'
// scans, spins and claims, its audit rows sealed (decision 065); the same role is refused any change to the schema
// and to the trail, its seals and its head. A role that may not migrate meets a database that lacks migrations with
// one line naming what to run. PostgreSQL only: PGlite has one role, the process's (said in decision 066).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { refusal, repoRoot } from '../../test/helpers';
import {
  type ScratchDatabase,
  createClient,
  createScratchDatabase,
  killAllServers,
  newKey,
  removeTempDirs,
  spawnServer,
  takePort,
  tempDir,
} from '../../test/resilience/harness';
import { seedVisitors } from '../../test/resilience/seed';
import { CLI_ACTOR, recordAudit } from '../audit/audit';
import { type Database, MigrationsRefusedError, knownMigrations, openDatabase } from './client';
import { formatVerify, verifyInvariants } from './invariants';

const onPostgres = process.env.TEST_DB === 'postgres';
const scratches: ScratchDatabase[] = [];
const opened: Database[] = [];
const roles: string[] = [];
const client = createClient(4);

afterAll(async () => {
  client.destroy();
  await killAllServers();
  await Promise.all(opened.map((database) => database.close()));
  await Promise.all(scratches.map((scratch) => scratch.drop()));
  if (roles.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
    await admin.connect();
    for (const role of roles) await admin.query(`drop role if exists ${role}`);
    await admin.end();
  }
  removeTempDirs();
});

async function scratch(): Promise<ScratchDatabase> {
  const made = await createScratchDatabase();
  scratches.push(made);
  return made;
}

/** A login role for the app, with nothing granted yet; its URL on `database`. */
async function appRole(owner: pg.Client, database: ScratchDatabase): Promise<{ name: string; url: string }> {
  const name = `qq_app_${randomBytes(4).toString('hex')}`;
  roles.push(name);
  await owner.query(`create role ${name} login`);
  const url = new URL(database.url);
  url.username = name;
  return { name, url: url.toString() };
}

describe.skipIf(!onPostgres)('the app under its own PostgreSQL role', () => {
  it('plays the game and writes a sealed trail, and may change neither the schema nor the trail', async () => {
    const database = await scratch();
    // Migrated by its owner, as `npm run migrate` does.
    const ownerDb = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    opened.push(ownerDb);
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    const app = await appRole(owner, database);
    const grants = readFileSync(path.join(repoRoot, 'deploy', 'postgres-roles.sql'), 'utf8').replaceAll(
      ':"app"',
      `"${app.name}"`,
    );
    await owner.query(grants);
    await owner.end();

    // A real server as the app's role: it starts (nothing to migrate), loads the demo campaign (audited) and serves.
    const server = await spawnServer({ name: 'roles', port: await takePort(), dataDir: tempDir('roles'), databaseUrl: app.url });
    const [visitor] = await seedVisitors(ownerDb.db, { count: 1, ducks: 100, tag: `roles-${randomBytes(3).toString('hex')}` });
    const scan = await client.request(server.baseUrl, 'POST', '/api/checkpoints/day-01-gangway/attempts', {
      cookie: visitor!.cookie,
      body: { answer: 'QQSG25-GANGWAY-MWMXXG' },
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    const spin = await client.request(server.baseUrl, 'POST', '/api/spin', { cookie: visitor!.cookie, body: { type: 'Scan' } });
    expect(spin.status, JSON.stringify(spin.body)).toBe(200);
    const claim = await client.request(server.baseUrl, 'POST', '/api/claims', {
      cookie: visitor!.cookie,
      body: { item: 'Draught Beer' },
      headers: { 'idempotency-key': newKey() },
    });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);

    // As the app's role: an operator's action is recorded and sealed, the trail is intact, and nothing can change it.
    const asApp = await openDatabase({ databaseUrl: app.url, dataDir: '' });
    opened.push(asApp);
    await asApp.db.transaction((tx) =>
      recordAudit(tx, { actor: CLI_ACTOR, action: 'participant.adjust_ducks', subject: `user:${visitor!.id}`, at: new Date() }),
    );
    const result = await verifyInvariants(asApp.db);
    expect(result.ok, formatVerify(result)).toBe(true);
    expect(result.auditHead.seq).toBeGreaterThanOrEqual(1);
    for (const [statement, refused] of [
      [sql`alter table audit_log disable trigger user`, /must be owner/],
      [sql`alter table audit_seals disable trigger user`, /must be owner/],
      [sql`drop trigger audit_log_seal on audit_log`, /must be owner/],
      [
        sql`create or replace function qq_audit_hash(text, bigint, bigint, timestamptz, text, text, text, jsonb, jsonb) returns text language sql as $$ select '' $$`,
        /permission denied/,
      ],
      [sql`update audit_log set actor = 'someone else'`, /permission denied/],
      [sql`delete from audit_log`, /permission denied/],
      [sql`truncate audit_log`, /permission denied/],
      [sql`insert into audit_seals (seq, audit_id, hash) values (1000000, 1000000, '')`, /permission denied/],
      [sql`update audit_chain set seq = 0`, /permission denied/],
      [sql`create table some_table (id int)`, /permission denied/],
    ] as const) {
      expect(await refusal(asApp.db.execute(statement)), JSON.stringify(statement.queryChunks)).toMatch(refused);
    }
  });

  it('refuses to start on a database that lacks migrations it may not apply, naming what to run', async () => {
    const database = await scratch();
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    const app = await appRole(owner, database);
    await owner.end();
    const failure = await openDatabase({ databaseUrl: app.url, dataDir: '' }).then(
      (db) => {
        opened.push(db);
        return undefined;
      },
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationsRefusedError);
    expect(String((failure as Error).message)).toBe(
      `DATABASE_URL's role may not change the schema, and ${knownMigrations().length} of this build's ${knownMigrations().length} migrations are not applied: run \`npm run migrate\` with the owner's DATABASE_URL first (docs/deploy.md, "Database roles").`,
    );
  });
});
