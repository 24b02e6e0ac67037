// Where photos are kept: local disk under DATA_DIR/uploads by default, an S3-compatible bucket when
// S3_BUCKET is set. Either way the browser sends the bytes to a short-lived URL signed for one key, content
// type and size, and a photo is written once (decision 017).
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../config/env';
import { DomainError } from '../domain/errors';
import { renditionKeys } from '../photos/rendition-keys';

export interface StoredObject {
  size: number;
  /** The first bytes, enough to recognise an image format. */
  head: Buffer;
}

/** Where the browser sends a photo, and the headers it must send as they are (the URL is signed with them). */
export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

export interface Storage {
  kind: 'local' | 's3';
  /** A presigned URL of the bucket, or undefined when the server's own upload route takes the bytes. */
  presignPut(key: string, contentType: string, size: number, expiresInSec: number): Promise<PresignedPut | undefined>;
  /**
   * Writes a stream under a key that has no photo yet: `accept` sees what arrived and throws to refuse it.
   * Answers false, writing nothing, when the key already holds a photo.
   */
  put(key: string, body: Readable, accept: (received: StoredObject) => void): Promise<boolean>;
  inspect(key: string): Promise<StoredObject | undefined>;
  /**
   * Writes bytes the server made (a photo's rendition, decision 054) under a key that has none yet. Answers
   * false, writing nothing, when the key already holds an object: another instance made it first.
   */
  save(key: string, bytes: Buffer, contentType: string): Promise<boolean>;
  /** The object's bytes (a photo or its rendition); undefined when there is none. */
  read(key: string): Promise<Readable | undefined>;
  /** Removes a photo and the renditions made of it; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Resolves when a photo can be written now: a small probe object is written (a full disk or a bucket refusing
   * writes fails it, which a HEAD would not notice); rejects with why not (/readyz, qq_dependency_up).
   */
  ready(): Promise<void>;
}

/** The probe ready() writes (and overwrites): never a photo's key, which starts with the visitor's id. */
const PROBE_KEY = '.write-probe';

/**
 * The store itself failed (a full disk, a bucket refusing or unreachable), as opposed to a refused upload (a
 * DomainError) or a sender who went away mid-body (a socket error on the request, with no `syscall` of the store's).
 */
export function isStoreFailure(error: unknown): boolean {
  if (error instanceof DomainError) return false;
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (syscall === undefined && (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE')) return false;
  return true;
}

/**
 * Every failure of the store reported once (counted in qq_photo_store_errors_total and logged by app.ts, issue 31),
 * then thrown on as before. ready() is the readiness probe: reported as qq_dependency_up instead.
 */
export function reportingFailures(storage: Storage, report: (operation: string, error: unknown) => void): Storage {
  const watch =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        if (isStoreFailure(error)) report(operation, error);
        throw error;
      }
    };
  return {
    kind: storage.kind,
    ready: () => storage.ready(),
    presignPut: watch('presign', storage.presignPut.bind(storage)),
    put: watch('put', storage.put.bind(storage)),
    inspect: watch('inspect', storage.inspect.bind(storage)),
    save: watch('save', storage.save.bind(storage)),
    read: watch('read', storage.read.bind(storage)),
    remove: watch('remove', storage.remove.bind(storage)),
  };
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

const HEAD_BYTES = 32;

export function createStorage(env: Env): Storage {
  return env.S3_BUCKET ? createS3Storage(env, env.S3_BUCKET) : createLocalStorage(path.resolve(env.DATA_DIR, 'uploads'));
}

function createLocalStorage(dir: string): Storage {
  const file = (key: string) => path.join(dir, path.basename(key));
  /**
   * Writes a temporary file with `write`, then links it under the key's name: link() refuses an existing name, so a
   * file is never replaced and never seen half-written. False when the key already held one.
   */
  const writeOnce = async (key: string, write: (tmp: string) => Promise<void>): Promise<boolean> => {
    const tmp = `${file(key)}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(tmp);
      await link(tmp, file(key));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await rm(tmp, { force: true });
    }
  };
  const inspect = async (name: string): Promise<StoredObject | undefined> => {
    try {
      const info = await stat(name);
      const handle = await open(name, 'r');
      try {
        const head = Buffer.alloc(HEAD_BYTES);
        const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
        return { size: info.size, head: head.subarray(0, bytesRead) };
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  };
  return {
    kind: 'local',
    async ready() {
      await mkdir(dir, { recursive: true });
      await writeFile(file(`${PROBE_KEY}-${process.pid}`), 'probe');
      await rm(file(`${PROBE_KEY}-${process.pid}`), { force: true });
    },
    presignPut: () => Promise.resolve(undefined),
    async put(key, body, accept) {
      await mkdir(dir, { recursive: true });
      // Streamed to a temporary file (never the whole photo in memory), checked, then linked under its final
      // name: link() refuses an existing name, so a photo is never replaced and never half-written.
      return writeOnce(key, async (tmp) => {
        await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
        accept((await inspect(tmp)) ?? { size: 0, head: Buffer.alloc(0) });
      });
    },
    inspect: (key) => inspect(file(key)),
    async save(key, bytes) {
      await mkdir(dir, { recursive: true });
      // As put(): a whole temporary file linked under its name, so a reader never sees half a rendition.
      return writeOnce(key, (tmp) => writeFile(tmp, bytes, { flag: 'wx' }));
    },
    async read(key) {
      try {
        const handle = await open(file(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await Promise.all([key, ...renditionKeys(key)].map((name) => rm(file(name), { force: true })));
    },
  };
}

function createS3Storage(env: Env, bucket: string): Storage {
  // Loaded on first use: the AWS SDK is large and most installs never need it.
  const sdk = (async () => {
    const s3 = await import('@aws-sdk/client-s3');
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    const client = new s3.S3Client({
      region: env.S3_REGION ?? 'us-east-1',
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT, forcePathStyle: true } : {}),
      // No default checksum: a presigned URL would carry the CRC32 of an empty body, which stores reject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { s3, getSignedUrl, client };
  })();
  return {
    kind: 's3',
    async ready() {
      const { s3, client } = await sdk;
      // One small object, overwritten by every instance's probe (no If-None-Match): a write costs what a HEAD does.
      await client.send(new s3.PutObjectCommand({ Bucket: bucket, Key: PROBE_KEY, Body: 'probe', ContentType: 'text/plain' }));
    },
    async presignPut(key, contentType, size, expiresIn) {
      const { s3, getSignedUrl, client } = await sdk;
      // Signed headers, not query parameters: the store refuses a PUT of another type or size, and
      // If-None-Match makes the key write-once (a photo cannot be replaced).
      const headers = { 'content-type': contentType, 'if-none-match': '*' };
      const command = new s3.PutObjectCommand({
        Bucket: bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: size,
        IfNoneMatch: '*',
      });
      const url = await getSignedUrl(client, command, {
        expiresIn,
        signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
        unhoistableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
      });
      return { url, headers };
    },
    put() {
      return Promise.reject(new Error('With S3 storage the browser sends photos to the bucket.'));
    },
    async inspect(key) {
      const { s3, client } = await sdk;
      try {
        const object = await client.send(
          new s3.GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${HEAD_BYTES - 1}` }),
        );
        const total = /\/(\d+)$/.exec(object.ContentRange ?? '')?.[1];
        const head = Buffer.from(await object.Body!.transformToByteArray());
        return { size: total ? Number(total) : (object.ContentLength ?? head.length), head };
      } catch (error) {
        if (absent(error)) return undefined;
        throw error;
      }
    },
    async read(key) {
      const { s3, client } = await sdk;
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (absent(error)) return undefined;
        throw error;
      }
    },
    async save(key, bytes, contentType) {
      const { s3, client } = await sdk;
      try {
        // If-None-Match: the first instance to make a rendition keeps it; the others' equal bytes are refused.
        await client.send(
          new s3.PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType, IfNoneMatch: '*' }),
        );
        return true;
      } catch (error) {
        if (statusOf(error) === 412) return false;
        throw error;
      }
    },
    async remove(key) {
      const { s3, client } = await sdk;
      await Promise.all(
        [key, ...renditionKeys(key)].map((name) => client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: name }))),
      );
    },
  };
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
/** No such object (404; a range past an empty object's end, 416): not a failure of the store. */
const absent = (error: unknown) => statusOf(error) === 404 || statusOf(error) === 416;
