import path from 'node:path';
import { campaignSchema, said } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { notFound } from '../domain/errors';
import { byteRange } from '../http/byte-range';
import { type PackImage, readImage } from './store';
import { requestLanguage, translateScreens, translationsFor } from './translations';

/** An SVG is a document that could run script: opened on its own it gets no script, no requests and a sandbox. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

export function campaignRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // A version's images never change: kept per instance once read, up to a bound.
  const images = new Map<string, PackImage | null>();
  let cachedBytes = 0;
  const MAX_CACHED_BYTES = 32 * 1024 * 1024;
  const image = async (version: number, name: string) => {
    const key = `${version}/${name}`;
    if (images.has(key)) return images.get(key) ?? undefined;
    const found = await readImage(ctx.db, version, name);
    if (cachedBytes + (found?.bytes.length ?? 0) > MAX_CACHED_BYTES) {
      images.clear();
      cachedBytes = 0;
    }
    images.set(key, found ?? null);
    cachedBytes += found?.bytes.length ?? 0;
    return found;
  };

  return async (app) => {
    // Public: the welcome page shows the terms and the booking link before anyone signs in.
    app.get(
      '/api/campaign',
      { config: { public: true }, schema: { response: { 200: campaignSchema } } },
      async (request, reply) => {
        const { info, wheelWeights } = await ctx.campaign.get();
        const wheel = Object.entries(wheelWeights).map(([ducks, weight]) => ({ ducks: Number(ducks), weight }));
        // The pack's words in the visitor's language, English where it has none (decision 037).
        const words = translationsFor(info.translations, requestLanguage(request));
        reply.header('vary', 'Accept-Language');
        // A campaign loaded before the collection was sent has none until its pack is loaded again.
        return {
          ...info,
          tagline: words?.tagline ?? info.tagline,
          description: words?.description ?? info.description,
          termsText: words?.termsText ?? info.termsText,
          collection: info.collection
            ? { ...info.collection, place: info.collection.place && (words?.terms?.collectionPlace ?? info.collection.place) }
            : null,
          screens: info.screens && translateScreens(info.screens, words),
          wheel,
        };
      },
    );

    app.get(
      '/api/campaign/images/:file',
      {
        // Public: the welcome page and the checkpoints show them, and browsers cache them for everyone.
        config: { public: true },
        schema: {
          params: z.object({
            file: z.string().regex(/^[\w-]+(\.[\w-]+)*\.(svg|png|jpe?g|webp|webm|mp4)$/i, 'not an image name'),
          }),
        },
      },
      async (request, reply) => {
        const { sourceDir, version } = await ctx.campaign.get();
        reply.header('cache-control', 'public, max-age=3600');
        // A campaign loaded before versions were stored: its folder, until the pack is loaded again.
        if (version === null) return reply.sendFile(request.params.file, path.join(sourceDir, 'images'));
        const found = await image(version, request.params.file);
        if (!found) throw notFound(said('imageNotFound'));
        const etag = `"${found.sha256}"`;
        reply.header('etag', etag).header('x-content-type-options', 'nosniff');
        if (found.contentType === 'image/svg+xml') reply.header('content-security-policy', SVG_POLICY);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        reply.header('content-type', found.contentType);
        // Videos are asked for in ranges (Safari plays none that is not); images are sent whole.
        if (!found.contentType.startsWith('video/')) return reply.send(found.bytes);
        reply.header('accept-ranges', 'bytes');
        const ifRange = request.headers['if-range'];
        const range = ifRange === undefined || ifRange === etag ? byteRange(request.headers.range, found.bytes.length) : 'whole';
        if (range === 'whole') return reply.send(found.bytes);
        if (range === 'unsatisfiable') {
          // JSON, not the video's type the answer was headed with: a JSON body under video/webm cannot be sent (a 500).
          return reply
            .code(416)
            .header('content-range', `bytes */${found.bytes.length}`)
            .header('content-type', 'application/json; charset=utf-8')
            .send({ code: 'invalid', message: 'Range not satisfiable.' });
        }
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${found.bytes.length}`)
          .send(found.bytes.subarray(range.start, range.end + 1));
      },
    );
  };
}
