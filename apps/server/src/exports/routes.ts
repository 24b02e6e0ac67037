// The leaderboard and claims as CSV for admins (docs/product.md §10, §15, decision 022): streamed a page at a
// time from one consistent snapshot; each export is audited before its first byte, with the rows there were when it began.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { acceptEmptyFormPosts } from '../http/form-post';
import { requireOperator } from '../operators/console-session';
import type { Role } from '../operators/roles';
import { EXPORT_KINDS, exportCsv } from './exports';

const admin = { roles: ['admin'] as const satisfies readonly Role[] };

export function exportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    acceptEmptyFormPosts(app);
    for (const kind of EXPORT_KINDS) {
      // POST, so the Origin check covers it: a GET could be run by an <img> on any same-site page, in the admin's name.
      app.post(`/api/console/exports/${kind}.csv`, { config: admin }, async (request, reply) => {
        const { email } = await requireOperator(request);
        const campaign = await ctx.campaign.get();
        const file = await exportCsv(ctx.db, kind, { actor: email, now: new Date(ctx.now()), timeZone: campaign.info.timeZone });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(file.chunks));
      });
    }
  };
}
