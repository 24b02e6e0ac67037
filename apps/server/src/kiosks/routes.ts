// Kiosks (decision 083): the console starts, lists and revokes them (admin, staff); a kiosk asks whether it is still on.
import {
  kioskListSchema,
  kioskStateQuerySchema,
  kioskStateSchema,
  startKioskBodySchema,
  startedKioskSchema,
} from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { notFound } from '../domain/errors';
import { requireOperator } from '../operators/console-session';
import type { Role } from '../operators/roles';
import { kioskState, listKiosks, revokeKiosk, startKiosk } from './kiosks';

const crew = { roles: ['admin', 'staff'] as const satisfies readonly Role[] };
const kioskParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export function kioskRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/console/kiosks', { config: crew, schema: { response: { 200: kioskListSchema } } }, async () => ({
      checkpoints: await listKiosks(ctx.db, await ctx.campaign.get()),
    }));

    app.post(
      '/api/console/kiosks',
      { config: crew, schema: { body: startKioskBodySchema, response: { 201: startedKioskSchema } } },
      async (request, reply) => {
        const { email } = await requireOperator(request);
        const kiosk = await startKiosk(ctx.db, await ctx.campaign.get(), request.body, {
          actor: email,
          now: new Date(ctx.now()),
        });
        return reply.status(201).send(kiosk);
      },
    );

    app.post('/api/console/kiosks/:id/revoke', { config: crew, schema: { params: kioskParams } }, async (request) => {
      const { email } = await requireOperator(request);
      await revokeKiosk(ctx.db, request.params.id, { actor: email, now: new Date(ctx.now()) });
      return { id: request.params.id, revoked: true };
    });

    // Public: the tablet holds its key, not a console session, so it keeps working through a long day. The answer
    // tells nothing but whether that kiosk is on.
    app.get(
      '/api/kiosks/:id',
      {
        config: { public: true },
        schema: { params: kioskParams, querystring: kioskStateQuerySchema, response: { 200: kioskStateSchema } },
      },
      async (request, reply) => {
        const state = await kioskState(ctx.db, request.params.id, request.query.code, ctx.now());
        if (!state) throw notFound(`No kiosk has the number ${request.params.id}.`);
        void reply.header('cache-control', 'no-store');
        return { state, serverTime: ctx.now() };
      },
    );
  };
}
