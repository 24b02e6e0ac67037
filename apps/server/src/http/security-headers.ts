// Security headers (helmet's defaults plus our Content-Security-Policy) on every response, and no-store on the API's.
// They never depend on the request, so helmet runs ONCE here and each request only copies the result:
// @fastify/helmet rebuilt every helmet middleware per request, a fifth of a trivial request's CPU
// (bench/RESULTS.md, "Per-request CPU"; docs/decisions/011-per-request-cpu.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with `options`, by lower-case name. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet throws a bad option itself (since 8.1); it calls `next` with nothing.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  const names = Object.keys(headers);
  app.addHook('onRequest', (request, reply, done) => {
    for (const name of names) reply.header(name, headers[name]);
    // No API answer is kept by a browser or a proxy unless its route says so (the campaign's images do): a signed-in
    // or console answer left in a shared phone's cache would show the last person's ducks, e-mail or voucher codes.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
