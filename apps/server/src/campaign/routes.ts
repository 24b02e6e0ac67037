import path from 'node:path';
import { campaignSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';

export function campaignRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: the welcome page shows the terms and the booking link before anyone signs in.
    app.get('/api/campaign', { config: { public: true }, schema: { response: { 200: campaignSchema } } }, async () => {
      const { info, wheelWeights } = await ctx.campaign.get();
      const wheel = Object.entries(wheelWeights).map(([ducks, weight]) => ({ ducks: Number(ducks), weight }));
      return { ...info, wheel };
    });

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
        const { sourceDir } = await ctx.campaign.get();
        reply.header('cache-control', 'public, max-age=3600');
        return reply.sendFile(request.params.file, path.join(sourceDir, 'images'));
      },
    );
  };
}
