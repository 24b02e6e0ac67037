// A backup of the embedded database (PGlite) and the local photos, as one .tar.gz file (decision 030):
//   pgdata.tar       PGlite's data folder, dumped while no query or transaction runs (db/client.ts, exclusive)
//   session-secret   DATA_DIR's signing secret when there is one, so signed-in visitors stay signed in
//   uploads/<key>    every photo under DATA_DIR/uploads at that moment
//   manifest.json    last: format and version, when, the row counts of that moment, the size and SHA-256 of
//                    every other entry
// The same code writes it in the running server (backup/routes.ts) and in the CLI when no server runs.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database } from '../db/client';
import { invalid } from '../domain/errors';
import { migrationsFolder } from '../paths';
import { END_OF_ARCHIVE, TarFormatError, fileHeader, padding, readTar } from './tar';

export const BACKUP_FORMAT = 'quackquest-backup';
const BACKUP_VERSION = 1;

/** The tables whose rows a backup counts; a restore must find the same numbers. */
export const COUNTED_TABLES = [
  'users',
  'attempts',
  'uploads',
  'spins',
  'ledger',
  'claims',
  'rewards',
  'checkpoints',
  'campaigns',
  'operators',
  'audit_log',
  'mail_queue',
] as const;

export const COUNT_ROWS_SQL = `select ${COUNTED_TABLES.map((t) => `(select count(*) from ${t}) as ${t}`).join(', ')},
  (select count(*) from drizzle.__drizzle_migrations) as migrations`;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Migrations applied to the database at that moment: a backup of a newer version is refused. */
  migrations: number;
  counts: Record<string, number>;
  photos: { count: number; bytes: number };
  files: Record<string, { bytes: number; sha256: string }>;
}

/** What a backup holds about its moment, known as soon as the snapshot is taken. */
export interface Snapshot {
  createdAt: Date;
  counts: Record<string, number>;
  migrations: number;
  /** Milliseconds the database was held: no request could use it meanwhile. */
  heldMs: number;
}

const PHOTO_NAME = /^[\w.-]{1,200}$/;
const STAGING_PREFIX = '.backup-staging-';

export function rowCounts(row: Record<string, unknown>): { counts: Record<string, number>; migrations: number } {
  return {
    counts: Object.fromEntries(COUNTED_TABLES.map((t) => [t, Number(row[t])])),
    migrations: Number(row.migrations),
  };
}

/**
 * Takes the snapshot at once and answers with it and the backup as a gzip stream (read it to the end or destroy
 * it: either removes the photos' staging folder). The photos are hard-linked into a staging folder under DATA_DIR
 * while the database is held, so a photo written or removed later changes neither.
 */
export async function createBackupStream(database: Database, dataDir: string): Promise<{ snapshot: Snapshot; stream: Readable }> {
  if (!database.exclusive) throw new Error('A backup file holds the embedded database; PostgreSQL has pg_dump (docs/deploy.md).');
  const root = path.resolve(dataDir);
  const uploadsDir = path.join(root, 'uploads');
  const staging = await mkdtemp(path.join(root, STAGING_PREFIX));
  try {
    const started = Date.now();
    const taken = await database.exclusive(async (db) => {
      const [row] = await db.query<Record<string, unknown>>(COUNT_ROWS_SQL);
      const pgdata = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
      const photos = await linkPhotos(uploadsDir, staging);
      return { row: row!, pgdata, photos };
    });
    const snapshot: Snapshot = { createdAt: new Date(), heldMs: Date.now() - started, ...rowCounts(taken.row) };
    const secretFile = path.join(root, 'session-secret');
    const secret = existsSync(secretFile) ? readFileSync(secretFile) : undefined;
    const entries = archiveEntries(snapshot, taken.pgdata, secret, staging, taken.photos);
    const stream = createGzip();
    // pipeline, not pipe: a reader that goes away (a closed connection) ends the entries too, and their staging folder.
    pipeline(Readable.from(entries), stream).catch(() => undefined);
    return { snapshot, stream };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Hard links (a copy where the file system has none) of every finished photo; names of the links, sorted. */
async function linkPhotos(uploadsDir: string, staging: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(uploadsDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // A photo still arriving is a *.tmp file (uploads/storage.ts): not a photo yet.
  const photos = names.filter((name) => PHOTO_NAME.test(name) && !name.endsWith('.tmp')).sort();
  for (const name of photos) {
    const from = path.join(uploadsDir, name);
    await link(from, path.join(staging, name)).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return; // removed between the listing and now
      await copyFile(from, path.join(staging, name));
    });
  }
  return photos.filter((name) => existsSync(path.join(staging, name)));
}

async function* archiveEntries(
  snapshot: Snapshot,
  pgdata: Buffer,
  secret: Buffer | undefined,
  staging: string,
  photos: string[],
): AsyncGenerator<Buffer> {
  const files: BackupManifest['files'] = {};
  const whole = function* (name: string, bytes: Buffer) {
    files[name] = { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    yield fileHeader(name, bytes.length, snapshot.createdAt);
    yield bytes;
    yield padding(bytes.length);
  };
  try {
    yield* whole('pgdata.tar', pgdata);
    if (secret) yield* whole('session-secret', secret);
    let photoBytes = 0;
    for (const name of photos) {
      const file = path.join(staging, name);
      const { size } = await stat(file);
      const hash = createHash('sha256');
      yield fileHeader(`uploads/${name}`, size, snapshot.createdAt);
      let read = 0;
      for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        read += chunk.length;
        yield chunk;
      }
      if (read !== size) throw new Error(`photo ${name} changed while it was copied`);
      yield padding(size);
      files[`uploads/${name}`] = { bytes: size, sha256: hash.digest('hex') };
      photoBytes += size;
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: snapshot.createdAt.toISOString(),
      migrations: snapshot.migrations,
      counts: snapshot.counts,
      photos: { count: photos.length, bytes: photoBytes },
      files,
    };
    yield* whole('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    yield END_OF_ARCHIVE;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Writes the backup to `file` (through `file.partial`, so a file of that name is always whole), mode 0600. */
export async function writeBackupFile(stream: AsyncIterable<Buffer> | Readable, file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(stream, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export interface ReadBackup {
  manifest: BackupManifest;
  pgdata: Buffer;
}

/**
 * Reads a backup file whole and checks every entry against the manifest. With `into`, photos are written to
 * `into/uploads` and the secret to `into/session-secret` on the way; without it nothing is written. Refuses with a
 * sentence naming the file for anything else than a complete, undamaged backup this version can restore.
 */
export async function readBackupFile(file: string, into?: string): Promise<ReadBackup> {
  const shown = path.basename(file);
  const notBackup = (why: string) => invalid(`${shown} is not a QuackQuest backup (${why}). Nothing was restored.`);
  const damaged = (why: string) => invalid(`${shown} is damaged: ${why}. Nothing was restored.`);
  if (!existsSync(file)) throw invalid(`There is no file ${file}.`);
  const head = Buffer.alloc(2);
  const handle = await open(file, 'r');
  await handle.read(head, 0, 2, 0).finally(() => handle.close());
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw notBackup('it is not a .tar.gz file');

  const seen: BackupManifest['files'] = {};
  let manifest: BackupManifest | undefined;
  let pgdata: Buffer | undefined;
  if (into) await mkdir(path.join(into, 'uploads'), { recursive: true });
  const gunzip = createReadStream(file).pipe(createGunzip());
  try {
    await readTar(gunzip as AsyncIterable<Buffer>, async (entry, body) => {
      if (manifest) throw notBackup(`${entry.name} comes after its manifest`);
      const hash = createHash('sha256');
      const hashed = async function* () {
        for await (const chunk of body) {
          hash.update(chunk);
          yield chunk;
        }
      };
      if (entry.name === 'manifest.json') {
        manifest = parseManifest(await collect(hashed()), notBackup, shown);
        return;
      }
      if (entry.name === 'pgdata.tar') pgdata = await collect(hashed());
      else if (entry.name === 'session-secret') {
        const secret = await collect(hashed());
        if (into) await writeFileBytes(path.join(into, 'session-secret'), secret);
      } else if (entry.name.startsWith('uploads/') && PHOTO_NAME.test(entry.name.slice('uploads/'.length))) {
        const target = into ? path.join(into, 'uploads', entry.name.slice('uploads/'.length)) : undefined;
        if (target) await pipeline(Readable.from(hashed()), createWriteStream(target, { flags: 'wx' }));
        else for await (const _ of hashed());
      } else throw notBackup(`it holds "${entry.name}"`);
      seen[entry.name] = { bytes: entry.size, sha256: hash.digest('hex') };
    });
  } catch (error) {
    gunzip.destroy();
    if (error instanceof TarFormatError) throw damaged(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR') throw damaged('the compressed data is cut short or corrupt');
    throw error;
  }
  if (!manifest) throw notBackup('it has no manifest.json: not a backup, or cut short');
  if (!pgdata) throw damaged('it has no database (pgdata.tar)');
  for (const [name, expected] of Object.entries(manifest.files)) {
    const found = seen[name];
    if (!found) throw damaged(`${name} is missing`);
    if (found.bytes !== expected.bytes || found.sha256 !== expected.sha256) throw damaged(`${name} does not match its checksum`);
  }
  const extra = Object.keys(seen).find((name) => !manifest!.files[name]);
  if (extra) throw damaged(`${extra} is not in its manifest`);
  return { manifest, pgdata };
}

function parseManifest(bytes: Buffer, notBackup: (why: string) => Error, shown: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(bytes.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw notBackup('its manifest.json is not JSON');
  }
  if (value.format !== BACKUP_FORMAT || typeof value.version !== 'number') throw notBackup('its manifest names another format');
  if (value.version > BACKUP_VERSION) {
    throw invalid(`${shown} was written by a newer QuackQuest (backup format ${value.version}): update this installation first.`);
  }
  const known = knownMigrations();
  if (typeof value.migrations === 'number' && value.migrations > known) {
    throw invalid(
      `${shown} holds a database of a newer QuackQuest (${value.migrations} migrations, this version knows ${known}): ` +
        'update this installation first.',
    );
  }
  if (!value.files || !value.counts || !value.photos || !value.createdAt) throw notBackup('its manifest is incomplete');
  return value as BackupManifest;
}

function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

async function writeFileBytes(file: string, bytes: Buffer): Promise<void> {
  await writeFile(file, bytes, { mode: 0o600 });
}

/** Staging folders a backup cut short by a crash left behind. */
export async function removeStaleStaging(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.startsWith(STAGING_PREFIX)).map((n) => rm(path.join(dataDir, n), { recursive: true, force: true })),
  );
}
