// `backup` and `restore` of the embedded database and local photos (decision 030). With a server running on
// DATA_DIR, backup asks it for the file (backup/routes.ts); otherwise it opens DATA_DIR itself. Restore never
// runs next to a server, checks the whole file before it changes anything, and keeps what DATA_DIR held aside.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { sql } from 'drizzle-orm';
import {
  COUNTED_TABLES,
  COUNT_ROWS_SQL,
  type BackupManifest,
  createBackupStream,
  readBackupFile,
  removeStaleStaging,
  rowCounts,
  writeBackupFile,
} from '../backup/archive';
import { BACKUP_PATH, backupToken } from '../backup/routes';
import type { Env } from '../config/env';
import { loadSecret } from '../config/secret';
import { type Database, openDatabase, queryRows } from '../db/client';
import { DatabaseInUseError, dataDirHolder } from '../db/pglite-lock';
import { conflict, invalid } from '../domain/errors';
import { localServerUrl } from './database';
import { type VerifyResult, formatVerify, verifyInvariants } from '../db/invariants';

const PG_DUMP_ADVICE =
  'backup and restore copy the embedded database; this configuration uses PostgreSQL (DATABASE_URL). Back it up with ' +
  'pg_dump, e.g. pg_dump --format=custom --file quackquest.dump "$DATABASE_URL", and restore with pg_restore ' +
  '(docs/deploy.md, "Backups").';

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** Where the snapshot was taken: by the running server, or by this command. */
  takenBy: 'server' | 'cli';
  manifest: BackupManifest;
}

export async function backup(options: { env: Env; file: string; openDatabase: () => Promise<Database> }): Promise<BackupResult> {
  const { env, file } = options;
  if (env.DATABASE_URL) throw invalid(PG_DUMP_ADVICE);
  if (existsSync(file)) throw conflict(`${file} already exists: choose another --out.`);
  const started = Date.now();
  const holder = dataDirHolder(path.resolve(env.DATA_DIR, 'pgdata'));
  let stream: Readable;
  if (holder) stream = await askServer(env, holder);
  else {
    const database = await options.openDatabase();
    await removeStaleStaging(env.DATA_DIR);
    stream = (await createBackupStream(database, env.DATA_DIR)).stream;
  }
  await writeBackupFile(stream, file);
  // Read back whole: a file that cannot be restored is found now, not on the day it is needed.
  const { manifest } = await readBackupFile(file);
  return { file, bytes: (await stat(file)).size, ms: Date.now() - started, takenBy: holder ? 'server' : 'cli', manifest };
}

async function askServer(env: Env, holder: number): Promise<Readable> {
  const url = localServerUrl(env, BACKUP_PATH);
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${backupToken(loadSecret(env))}` },
  }).catch(() => undefined);
  if (!response) {
    throw new DatabaseInUseError(
      `A QuackQuest server (process ${holder}) has DATA_DIR (${env.DATA_DIR}) open but does not answer at ${url}: ` +
        'run backup with the same HOST and PORT as the server.',
    );
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw conflict(`The server refused the backup: ${body.message ?? `HTTP ${response.status}`}`);
  }
  return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
}

export function formatBackup(result: BackupResult, env: Env): string {
  const { manifest } = result;
  const lines = [
    `Wrote ${result.file}: ${formatBytes(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s ` +
      `(snapshot taken by ${result.takenBy === 'server' ? 'the running server' : 'this command'} at ${manifest.createdAt}).`,
    formatCounts(manifest),
    'Checked: every entry matches the manifest. Keep the file as private as DATA_DIR: it holds visitors\u2019 data and the signing secret.',
  ];
  if (env.S3_BUCKET)
    lines.push(`Photos are in the bucket ${env.S3_BUCKET}, not in this file: back it up as docs/deploy.md says.`);
  return lines.join('\n');
}

function formatCounts(manifest: BackupManifest, counts = manifest.counts): string {
  const rows = COUNTED_TABLES.map((t) => `${t} ${counts[t]}`).join(', ');
  return `${rows}; ${manifest.photos.count} photos (${formatBytes(manifest.photos.bytes)}).`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function defaultBackupName(now: Date): string {
  return `quackquest-backup-${now.toISOString().slice(0, 19).replace(/:/g, '')}.tar.gz`;
}

export interface RestoreResult {
  manifest: BackupManifest;
  dataDir: string;
  counts: Record<string, number>;
  verify: VerifyResult;
  /** Where DATA_DIR's previous contents are kept (with --force). */
  keptIn?: string;
}

/** Names in DATA_DIR that are not a kept-aside copy or a staging folder. */
async function contentsOf(root: string): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  return names.filter((n) => !n.startsWith('before-restore-') && !n.startsWith('.restore-') && !n.startsWith('.backup-staging-'));
}

function refuseWhileHeld(root: string): void {
  const holder = dataDirHolder(path.join(root, 'pgdata'));
  if (holder) {
    throw new DatabaseInUseError(
      `A QuackQuest server (process ${holder}) has DATA_DIR (${root}) open: stop it before restoring into it. ` +
        '(backup works while it runs; restore does not.)',
    );
  }
}

export async function restore(options: { env: Env; file: string; force: boolean; now: Date }): Promise<RestoreResult> {
  const { env, file, force } = options;
  if (env.DATABASE_URL) throw invalid(PG_DUMP_ADVICE);
  const root = path.resolve(env.DATA_DIR);
  refuseWhileHeld(root);
  const existing = await contentsOf(root);
  if (existing.length > 0 && !force) {
    throw conflict(
      `DATA_DIR (${root}) is not empty (it holds ${existing.slice(0, 3).join(', ')}${existing.length > 3 ? ', ...' : ''}): ` +
        'restore into an empty DATA_DIR, or add --force to move what it holds aside (into before-restore-<time>) first.',
    );
  }
  await mkdir(root, { recursive: true });
  const staging = await mkdtemp(path.join(root, '.restore-'));
  try {
    const { manifest, pgdata } = await readBackupFile(path.resolve(file), staging);
    const { PGlite } = await import('@electric-sql/pglite');
    const loaded = await PGlite.create({ dataDir: path.join(staging, 'pgdata'), loadDataDir: new Blob([pgdata]) });
    await loaded.close();
    // The lock file of the process that was running when the backup was taken.
    await rm(path.join(staging, 'pgdata', 'quackquest.pid'), { force: true });
    const database = await openDatabase({ dataDir: staging });
    let counts: Record<string, number>;
    let verify: VerifyResult;
    try {
      const [row] = await queryRows<Record<string, unknown>>(database.db, sql.raw(COUNT_ROWS_SQL));
      counts = rowCounts(row!).counts;
      verify = await verifyInvariants(database.db);
    } finally {
      await database.close();
    }
    const differ = COUNTED_TABLES.filter((t) => counts[t] !== manifest.counts[t]);
    if (differ.length > 0) {
      const what = differ.map((t) => `${t} ${counts[t]} instead of ${manifest.counts[t]}`).join(', ');
      throw invalid(`${path.basename(file)} is damaged: the restored database holds ${what}. Nothing was restored.`);
    }
    // The swap: nothing in DATA_DIR changed until here, and a server that started meanwhile stops it.
    refuseWhileHeld(root);
    let keptIn: string | undefined;
    const current = await contentsOf(root);
    if (current.length > 0) {
      keptIn = path.join(root, `before-restore-${options.now.toISOString().slice(0, 19).replace(/:/g, '')}`);
      await mkdir(keptIn);
      for (const name of current) await rename(path.join(root, name), path.join(keptIn, name));
    }
    for (const name of await readdir(staging)) await rename(path.join(staging, name), path.join(root, name));
    return { manifest, dataDir: root, counts, verify, ...(keptIn ? { keptIn } : {}) };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export function formatRestore(result: RestoreResult, file: string): string {
  const lines = [
    `Restored ${file} (taken at ${result.manifest.createdAt}) into ${result.dataDir}.`,
    `${formatCounts(result.manifest, result.counts)} The same as when it was taken.`,
    formatVerify(result.verify),
  ];
  if (result.keptIn) lines.push(`What DATA_DIR held before is in ${result.keptIn}: delete it once the restored data is right.`);
  lines.push('Start the server (npm start) on this DATA_DIR.');
  return lines.join('\n');
}
