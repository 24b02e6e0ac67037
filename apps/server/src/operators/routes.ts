// The console's own routes (docs/product.md §10, §14): who am I, sign out, and the operators (admin only).
// Each names its roles; http/route-registry.ts checks them before the handler runs (decision 019).
import { addOperatorBodySchema, consoleMeSchema, operatorSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { clearConsoleCookie, consoleTimeZone, consoleToken, deleteConsoleSession, requireOperator } from './console-session';
import { addOperator, listOperators, removeOperator } from './operators';
import { ROLES, type Role } from './roles';

const anyRole = { roles: ROLES };
const admin = { roles: ['admin'] as const satisfies readonly Role[] };

export function operatorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/console/me', { config: anyRole, schema: { response: { 200: consoleMeSchema } } }, async (request) => ({
      ...(await requireOperator(request)),
      timeZone: await consoleTimeZone(ctx),
    }));

    app.post('/api/console/session/logout', { config: anyRole }, async (request, reply) => {
      const operator = await requireOperator(request);
      const token = consoleToken(request);
      await ctx.db.transaction(async (tx) => {
        if (token) await deleteConsoleSession(tx, token);
        await recordAudit(tx, {
          actor: operator.email,
          action: 'console.sign_out',
          subject: operator.email,
          at: new Date(ctx.now()),
        });
      });
      clearConsoleCookie(reply);
      return { message: 'Signed out' };
    });

    app.get(
      '/api/console/operators',
      { config: admin, schema: { response: { 200: z.object({ operators: z.array(operatorSchema) }) } } },
      async () => {
        const operators = await listOperators(ctx.db);
        return { operators: operators.map((row) => ({ ...row, createdAt: row.createdAt?.toISOString() ?? null })) };
      },
    );

    app.post('/api/console/operators', { config: admin, schema: { body: addOperatorBodySchema } }, async (request, reply) => {
      const { email } = await requireOperator(request);
      const result = await addOperator(ctx.db, { ...request.body, actor: email, now: new Date(ctx.now()) });
      return reply.status(result.changed ? 201 : 200).send({ email: result.email, role: result.role });
    });

    app.delete(
      '/api/console/operators/:email',
      { config: admin, schema: { params: z.object({ email: z.string().min(1).max(254) }) } },
      async (request) => {
        const { email } = await requireOperator(request);
        const removed = await removeOperator(ctx.db, { email: request.params.email, actor: email, now: new Date(ctx.now()) });
        return { email: removed.email, removed: true };
      },
    );
  };
}
