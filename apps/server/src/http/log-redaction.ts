// What request logs may hold (decision 018): the path and the harmless query parameters, never a
// credential nor a visitor's personal data. Magic-link tokens, OAuth codes, upload signatures and S3 presigned
// credentials travel in query strings; sessions in cookies; the helpdesk's search words (a name, an e-mail) in `q`
// and a voucher's code in the prize desk's path (issue 29 part 3: an erasure must leave nothing in the logs). Each
// is replaced with "[redacted]" before a line is written.
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/** Query parameters that are credentials (compared lower-case). */
const SECRET_PARAMS = new Set([
  'q',
  'email',
  'to',
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

/** Path segments that are a voucher's code: the prize desk's look-up and redemption. */
const VOUCHER_PATH = /^(\/api\/console\/vouchers\/)[^/?]+/;

/** The URL with every secret query parameter's value and a voucher code in the path replaced; the rest kept. */
export function redactUrl(url: string): string {
  url = url.replace(VOUCHER_PATH, `$1${REDACTED}`);
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
