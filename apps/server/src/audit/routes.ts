// The audit trail for admins (docs/product.md §14, decision 019): a page at a time, newest first, or the whole
// trail as CSV (an export, itself audited). There is no route that changes a row.
import { auditQuerySchema, auditRowSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { acceptEmptyFormPosts } from '../http/form-post';
import { consoleTimeZone, requireOperator } from '../operators/console-session';
import { listAudit } from './audit';
import { exportAudit } from './export';
import { formatDay } from '../text/time';

const admin = { roles: ['admin'] as const };

export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    acceptEmptyFormPosts(app);
    app.get(
      '/api/console/audit',
      {
        config: admin,
        schema: {
          querystring: auditQuerySchema,
          response: { 200: z.object({ rows: z.array(auditRowSchema) }) },
        },
      },
      async (request) => {
        const rows = await listAudit(ctx.db, request.query);
        return { rows: rows.map((row) => ({ ...row, at: row.at.toISOString() })) };
      },
    );

    // POST, like the other exports (exports/routes.ts): never run by a same-site <img> in an admin's name.
    app.post('/api/console/audit.csv', { config: admin }, async (request, reply) => {
      const { email } = await requireOperator(request);
      // Times in the campaign's zone with their offset, as the other exports (issue 32 part 5).
      const timeZone = (await consoleTimeZone(ctx)) ?? 'UTC';
      const csv = await exportAudit(ctx.db, email, new Date(ctx.now()), timeZone);
      const day = formatDay(new Date(ctx.now()), timeZone);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });
  };
}
