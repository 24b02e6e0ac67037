// A deadline for receiving a request body, in proportion to its declared size (decision 017): a real upload on
// slow ship Wi-Fi finishes, a body trickled a byte at a time is cut and its connection closed.
import { said } from '@quackquest/contract';
import type { FastifyInstance } from 'fastify';

export interface BodyDeadline {
  /** Time allowed for any body, on top of the time its bytes take at the minimum rate. */
  graceMs: number;
  /** The slowest transfer a real visitor makes. */
  minBytesPerSec: number;
}

const TIMEOUT_BODY = JSON.stringify(said('requestTimeout'));
const TIMEOUT_RESPONSE = [
  'HTTP/1.1 408 Request Timeout',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(TIMEOUT_BODY)}`,
  'Connection: close',
  '',
  TIMEOUT_BODY,
].join('\r\n');

/** The longest a body of `bytes` may take to arrive. */
export function bodyDeadlineMs(deadline: BodyDeadline, bytes: number): number {
  return deadline.graceMs + Math.ceil((bytes / deadline.minBytesPerSec) * 1000);
}

export function registerBodyDeadline(app: FastifyInstance, deadline: BodyDeadline): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    const raw = request.raw;
    if (raw.complete) return done(null, payload);
    // Without a declared length (chunked), the body can be at most the route's limit.
    const declared = Number(request.headers['content-length']);
    // No body to wait for (it is never read, so 'end' would not come): a slow answer (ops backup) is not a slow body.
    if (declared === 0) return done(null, payload);
    const bytes = Number.isFinite(declared) ? declared : request.routeOptions.bodyLimit;
    const ms = bodyDeadlineMs(deadline, bytes);
    const timer = setTimeout(() => {
      request.log.warn({ declaredBytes: bytes, deadlineMs: ms }, 'request body too slow: connection closed');
      // The same answer Node gives at its own request timeout, written before the socket is closed.
      const socket = raw.socket;
      if (!reply.raw.headersSent && socket.writable) socket.write(TIMEOUT_RESPONSE);
      raw.destroy();
    }, ms);
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('close', clear);
    done(null, payload);
  });
}
