// The console's live numbers (docs/product.md §10, §15): role admin only, checked by http/route-registry.ts
// (decision 019); who sees it and why is decision 021.
import { dashboardSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import type { Role } from '../operators/roles';
import { readDashboard } from './dashboard';

const admins = { roles: ['admin'] as const satisfies readonly Role[] };

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/console/dashboard',
      { config: admins, schema: { response: { 200: dashboardSchema } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return readDashboard(ctx);
      },
    );
  };
}
