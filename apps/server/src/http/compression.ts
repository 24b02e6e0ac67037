// Answers compressed (issue 18, decision 034): JSON and other text answers of 1 kB or more leave as brotli or
// gzip when the browser accepts them. Brotli runs at quality 4, not its default 11: about 35 µs instead of 8 ms
// for a 4 kB checkpoint list, for a few per cent more bytes. Built files have .br and .gz copies made at build
// time (http/web.ts), which the plugin leaves alone because they already carry a Content-Encoding.
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer fits in one or two packets: compressing it saves no round trip. */
const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 4 },
    // Request bodies are never inflated: a small compressed body could expand past every size limit.
    globalDecompression: false,
  });
}
