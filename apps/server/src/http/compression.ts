// Answers compressed (issue 18, decision 034): JSON and other text answers from 1 kB to 1 MB leave as brotli
// (quality 3: as small as 4 for JSON like ours, at about 60% of its CPU) or gzip when the client accepts them,
// compressed in one synchronous call. Built web files have .br and .gz copies made at build time (http/web.ts,
// preCompressed) and already carry a Content-Encoding; streamed answers (CSV exports, files) are sent as they are.
//
// Not @fastify/compress: measured on this machine, its stream per answer cost about 1 ms of CPU for a 3.7 kB
// checkpoint list against 0.16 ms uncompressed, where one brotliCompressSync call adds about 0.06 ms.
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** Below this an answer fits in a packet or two: compressing it saves no round trip. */
const MIN_BYTES = 1024;
/** Above this one synchronous call would hold the event loop for milliseconds. */
const MAX_BYTES = 1024 * 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|xml)|text\/|image\/svg\+xml)/;

// No cache: any client could fill one with headers of its own making.
const negotiator = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

const compressors = {
  br: (body: Buffer | string, size: number) =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
    }),
  gzip: (body: Buffer | string) => zlib.gzipSync(body, { level: 4 }),
};

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const size = Buffer.byteLength(payload);
    if (size < MIN_BYTES || size > MAX_BYTES) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    // A cache in between must keep the compressed and the plain answer apart (added to a Vary the route set,
    // e.g. Accept-Language for the pack's words, decision 037).
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? negotiator.negotiate(accepted) : null;
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressors[encoding](payload, size);
  });
}
