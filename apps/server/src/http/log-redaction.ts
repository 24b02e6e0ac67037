// What request logs may hold (decision 018): the path and the harmless query parameters, never a
// credential. Magic-link tokens, OAuth codes, upload signatures and S3 presigned credentials travel in
// query strings; sessions in cookies. Each is replaced with "[redacted]" before a line is written.
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/** Query parameters that are credentials (compared lower-case). */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'state',
  'sig',
  'signature',
  'idtoken',
  'id_token',
  'access_token',
  'refresh_token',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/** Headers and fields pino blanks wherever a request, reply or handler's object would log them. */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-amz-security-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'idToken',
  '*.idToken',
  'token',
  '*.token',
  'sig',
  '*.sig',
];

/** The URL with every secret query parameter's value replaced; the path and other parameters kept. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawKey = equals < 0 ? pair : pair.slice(0, equals);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the key as written.
      }
      return SECRET_PARAMS.has(key.toLowerCase()) ? `${rawKey}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/** Fastify's request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Logger options that keep credentials out of every line; merged into whatever logger the app gets. */
export const redactingLogOptions = {
  redact: { paths: REDACT_PATHS, censor: REDACTED },
  serializers: { req: serializeRequest },
};
