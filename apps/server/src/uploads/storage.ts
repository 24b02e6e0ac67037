// Where photos are kept: local disk under DATA_DIR/uploads by default, an S3-compatible bucket when
// S3_BUCKET is set. Either way the browser sends the bytes to a short-lived signed URL.
import { mkdir, open, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../config/env';

export interface StoredObject {
  size: number;
  /** The first bytes, enough to recognise an image format. */
  head: Buffer;
}

export interface Storage {
  kind: 'local' | 's3';
  /** A URL the browser PUTs the bytes to, or undefined when the server's own upload route takes them. */
  presignPut(key: string, contentType: string, size: number | undefined, expiresInSec: number): Promise<string | undefined>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  inspect(key: string): Promise<StoredObject | undefined>;
}

export function createStorage(env: Env): Storage {
  return env.S3_BUCKET ? createS3Storage(env, env.S3_BUCKET) : createLocalStorage(path.resolve(env.DATA_DIR, 'uploads'));
}

function createLocalStorage(dir: string): Storage {
  const file = (key: string) => path.join(dir, path.basename(key));
  return {
    kind: 'local',
    presignPut: () => Promise.resolve(undefined),
    async put(key, bytes) {
      await mkdir(dir, { recursive: true });
      // Write then rename: a crash never leaves a half-written photo under its final name.
      const tmp = `${file(key)}.${process.pid}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file(key));
    },
    async inspect(key) {
      try {
        const info = await stat(file(key));
        const handle = await open(file(key), 'r');
        try {
          const head = Buffer.alloc(32);
          const { bytesRead } = await handle.read(head, 0, 32, 0);
          return { size: info.size, head: head.subarray(0, bytesRead) };
        } finally {
          await handle.close();
        }
      } catch {
        return undefined;
      }
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
    });
    return { s3, getSignedUrl, client };
  })();
  return {
    kind: 's3',
    async presignPut(key, contentType, size, expiresIn) {
      const { s3, getSignedUrl, client } = await sdk;
      const command = new s3.PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: size });
      return getSignedUrl(client, command, { expiresIn });
    },
    async put(key, bytes, contentType) {
      const { s3, client } = await sdk;
      await client.send(new s3.PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async inspect(key) {
      const { s3, client } = await sdk;
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-31' }));
        const total = /\/(\d+)$/.exec(object.ContentRange ?? '')?.[1];
        const head = Buffer.from(await object.Body!.transformToByteArray());
        return { size: total ? Number(total) : (object.ContentLength ?? head.length), head };
      } catch {
        return undefined;
      }
    },
  };
}
