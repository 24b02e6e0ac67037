// A push service on 127.0.0.1 for tests (decision 063), standing where FCM or Mozilla's would: it takes a message
// only with a valid VAPID signature (RFC 8292: an ES256 JWT for this origin, signed by the key in `k=`), and
// decrypts its payload (aes128gcm, RFC 8291) with the keys of the subscriber it was sent to, as the browser would.
import { createECDH, randomBytes } from 'node:crypto';
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

export interface TestSubscriber {
  id: string;
  /** What PushSubscription.toJSON() gives: the body of PUT /api/reminders/push. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The subscriber's private key, base64url (a browser stand-in in the journeys decrypts with it). */
  privateKey: string;
}

export interface ReceivedPush {
  subscriberId: string;
  /** The payload, decrypted. */
  text: string;
  headers: IncomingMessage['headers'];
  /** The VAPID JWT's claims: aud, exp, sub. */
  claims: { aud?: unknown; exp?: number; sub?: unknown };
  vapidKey: string;
}

export interface TestPushService {
  url: string;
  subscriber(): TestSubscriber;
  received: ReceivedPush[];
  /** Messages refused, with why: a bad signature, an unknown subscriber, a payload that would not decrypt. */
  refused: string[];
  /** The status this subscriber's messages are answered with from now on (410: gone); none: taken again. */
  answer(subscriberId: string, status?: number): void;
  /** Called with each message taken, after it is recorded (a journey hands it to the browser). */
  onPush?: (push: ReceivedPush) => void | Promise<void>;
  close(): Promise<void>;
}

export async function startPushService(options: { port?: number } = {}): Promise<TestPushService> {
  const subscribers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let url = '';

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void take(request, Buffer.concat(chunks)).then(
        (status) => {
          response.statusCode = status;
          response.end();
        },
        (error: unknown) => {
          refused.push(String(error));
          response.statusCode = 400;
          response.end(String(error));
        },
      );
    });
  });

  async function take(request: IncomingMessage, body: Buffer): Promise<number> {
    const id = (request.url ?? '').replace(/^\/push\//, '');
    const subscriber = subscribers.get(id);
    if (request.method !== 'POST' || !subscriber) throw new Error(`no subscriber ${id}`);
    const status = statuses.get(id);
    if (status !== undefined) return status;
    const match = /^vapid t=([^,]+),\s*k=([\w-]+)$/.exec(String(request.headers.authorization ?? ''));
    if (!match) throw new Error(`no VAPID authorization: ${String(request.headers.authorization)}`);
    const [, jwt, vapidKey] = match as unknown as [string, string, string];
    const raw = Buffer.from(vapidKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    if (decodeProtectedHeader(jwt).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
    // Throws on a bad signature, a past exp, or another audience.
    const { payload: claims } = await jwtVerify(jwt, key, { audience: new URL(url).origin });
    if (!claims.exp || claims.exp > Date.now() / 1000 + 24 * 3600) throw new Error('VAPID exp more than 24 h ahead');
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
    const text = ece
      .decrypt(body, { version: 'aes128gcm', privateKey: subscriber.ecdh, authSecret: subscriber.auth })
      .toString('utf8');
    const push = { subscriberId: id, text, headers: request.headers, claims, vapidKey };
    received.push(push);
    await service.onPush?.(push);
    return 201;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const service: TestPushService = {
    url,
    received,
    refused,
    subscriber() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      subscribers.set(id, { ecdh, auth });
      return {
        id,
        subscription: { endpoint: `${url}/push/${id}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth } },
        privateKey: ecdh.getPrivateKey('base64url'),
      };
    },
    answer(subscriberId, status) {
      if (status === undefined) statuses.delete(subscriberId);
      else statuses.set(subscriberId, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return service;
}
