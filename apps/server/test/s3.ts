// The smallest honest S3 stand-in for tests and `npm run test:deploy` (decision 031): one bucket in memory, and only what the
// server and a phone ask of a bucket (HEAD bucket; PUT, GET with Range, HEAD and DELETE of an object). Unlike the npm
// fakes, it checks what a real bucket checks on a presigned upload: every request must carry a valid AWS Signature
// Version 4 (header or query string, the signed headers included, the expiry of a presigned URL), and
// `If-None-Match: *` makes a PUT fail with 412 when the key already holds an object (S3's conditional write).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface S3StandIn {
  url: string;
  bucket: string;
  /** Objects written, and requests refused with their S3 error code. */
  stats: { written: number; refused: Record<string, number> };
  get(key: string): { body: Buffer; contentType: string } | undefined;
  close(): Promise<void>;
}

interface Options {
  host: string;
  /** 0: a free port. */
  port: number;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * A folder each object is also written to before a PUT is answered, as a store keeps objects on its disk: when
   * that disk is full, a PUT gets 507 XMinioStorageFull, as MinIO answers (`npm run test:deploy` fills it).
   */
  dataDir?: string;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it for query names and values. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** 20251125T145000Z -> milliseconds. */
function parseAmzDate(text: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) throw new S3Error(403, 'AccessDenied', 'X-Amz-Date is not a valid date.');
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

interface Signed {
  credential: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  expiresSec?: number;
}

/** The signature parts of a request, from its Authorization header or its query string (a presigned URL). */
function signatureOf(request: IncomingMessage, query: URLSearchParams): Signed {
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match) throw new S3Error(400, 'InvalidArgument', 'Unsupported Authorization header.');
    return {
      credential: match[1]!,
      signedHeaders: match[2]!.split(';'),
      signature: match[3]!,
      amzDate: String(request.headers['x-amz-date'] ?? ''),
      payloadHash: String(request.headers['x-amz-content-sha256'] ?? ''),
    };
  }
  if (query.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    return {
      credential: query.get('X-Amz-Credential') ?? '',
      signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
      signature: query.get('X-Amz-Signature') ?? '',
      amzDate: query.get('X-Amz-Date') ?? '',
      payloadHash: 'UNSIGNED-PAYLOAD',
      expiresSec: Number(query.get('X-Amz-Expires') ?? 'NaN'),
    };
  }
  throw new S3Error(403, 'AccessDenied', 'Anonymous requests are refused: sign them (Signature Version 4).');
}

function verifySignature(options: Options, request: IncomingMessage, url: URL, body: Buffer): void {
  const signed = signatureOf(request, url.searchParams);
  const [accessKeyId, date, region, service, terminal] = signed.credential.split('/');
  if (accessKeyId !== options.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'Unknown access key.');
  if (region !== options.region || service !== 's3' || terminal !== 'aws4_request' || !signed.amzDate.startsWith(date ?? '-')) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The credential scope does not match.');
  }
  const signedAt = parseAmzDate(signed.amzDate);
  if (signed.expiresSec !== undefined) {
    if (!Number.isInteger(signed.expiresSec) || signed.expiresSec < 1 || signed.expiresSec > 604_800) {
      throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be 1 to 604800 seconds.');
    }
    if (Date.now() > signedAt + signed.expiresSec * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired');
  } else if (Math.abs(Date.now() - signedAt) > 15 * 60 * 1000) {
    throw new S3Error(403, 'RequestTimeTooSkewed', 'The request time is too far from the server time.');
  }
  if (!signed.signedHeaders.includes('host')) throw new S3Error(403, 'AccessDenied', 'The host header must be signed.');
  if (signed.payloadHash !== 'UNSIGNED-PAYLOAD' && signed.payloadHash !== sha256(body)) {
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The body does not match x-amz-content-sha256.');
  }
  const headers = signed.signedHeaders.map((name) => {
    const value = request.headers[name];
    if (value === undefined) throw new S3Error(403, 'SignatureDoesNotMatch', `The signed header ${name} is missing.`);
    return `${name}:${String(value).trim().replace(/\s+/g, ' ')}\n`;
  });
  const query = [...url.searchParams]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonical = [
    request.method,
    url.pathname,
    query,
    headers.join(''),
    signed.signedHeaders.join(';'),
    signed.payloadHash,
  ].join('\n');
  const scope = signed.credential.split('/').slice(1).join('/');
  const toSign = ['AWS4-HMAC-SHA256', signed.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date!), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign).digest();
  const given = Buffer.from(signed.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
}

/** A new file renamed over the old, as a store writes an object: a full disk refuses even a rewrite of a key. */
function writeToDisk(file: string, body: Buffer): void {
  try {
    writeFileSync(`${file}.new`, body);
    renameSync(`${file}.new`, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    throw new S3Error(507, 'XMinioStorageFull', 'Storage backend has reached its minimum free drive threshold.');
  }
}

export async function startS3StandIn(options: Options): Promise<S3StandIn> {
  const objects = new Map<string, { body: Buffer; contentType: string; etag: string }>();
  const stats: S3StandIn['stats'] = { written: 0, refused: {} };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'store'}`);
    verifySignature(options, request, url, body);
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== options.bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    const key = decodeURIComponent(rest.join('/'));
    if (!key) {
      if (request.method === 'HEAD') return void response.writeHead(200).end();
      throw new S3Error(501, 'NotImplemented', 'Only HEAD on a bucket.');
    }
    const object = objects.get(key);
    switch (request.method) {
      case 'PUT': {
        // Checked and written in one turn of the event loop: two PUTs of one key cannot both pass.
        if (request.headers['if-none-match'] === '*' && object) {
          throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
        }
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        if (options.dataDir) writeToDisk(path.join(options.dataDir, sha256(key)), body);
        objects.set(key, { body, contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'), etag });
        stats.written += 1;
        return void response.writeHead(200, { etag }).end();
      }
      case 'GET':
      case 'HEAD': {
        if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        const range = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ''));
        const start = range ? Number(range[1]) : 0;
        const end = range?.[2] ? Math.min(Number(range[2]), object.body.length - 1) : object.body.length - 1;
        const part = object.body.subarray(start, end + 1);
        const headers: Record<string, string | number> = {
          'content-type': object.contentType,
          'content-length': part.length,
          etag: object.etag,
          'accept-ranges': 'bytes',
        };
        if (range) headers['content-range'] = `bytes ${start}-${end}/${object.body.length}`;
        response.writeHead(range ? 206 : 200, headers);
        return void response.end(request.method === 'GET' ? part : undefined);
      }
      case 'DELETE':
        objects.delete(key);
        return void response.writeHead(204).end();
      default:
        throw new S3Error(501, 'NotImplemented', `${request.method} is not implemented.`);
    }
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const s3 = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
      stats.refused[s3.code] = (stats.refused[s3.code] ?? 0) + 1;
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${s3.code}</Code><Message>${s3.message}</Message></Error>`;
      response.writeHead(s3.status, { 'content-type': 'application/xml' });
      response.end(request.method === 'HEAD' ? undefined : xml);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    bucket: options.bucket,
    stats,
    get: (key) => objects.get(key),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
