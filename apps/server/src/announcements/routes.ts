// The crew's announcements (decision 078): the visitor's banner, and the console's list, form and withdrawal (admin).
import { consoleAnnouncementSchema, newAnnouncementSchema, visitorAnnouncementListSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../campaign/translations';
import type { AppContext } from '../context';
import { requireOperator } from '../operators/console-session';
import type { Role } from '../operators/roles';
import { requireUserId } from '../session/session';
import { startOfToday } from '../text/time';
import { createAnnouncement, listAnnouncements, visitorAnnouncements, withdrawAnnouncement } from './announcements';

const admin = { roles: ['admin'] as const satisfies readonly Role[] };

export function announcementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/announcements', { schema: { response: { 200: visitorAnnouncementListSchema } } }, async (request) => {
      const userId = await requireUserId(request);
      const now = new Date(ctx.now());
      const { timeZone } = (await ctx.campaign.get()).info;
      const announcements = await visitorAnnouncements(
        ctx.db,
        { userId, language: requestLanguage(request) },
        { now, todayStart: startOfToday(now.getTime(), timeZone) },
      );
      return { announcements };
    });

    app.get(
      '/api/console/announcements',
      { config: admin, schema: { response: { 200: z.object({ announcements: z.array(consoleAnnouncementSchema) }) } } },
      async () => ({ announcements: await listAnnouncements(ctx.db, new Date(ctx.now())) }),
    );

    app.post('/api/console/announcements', { config: admin, schema: { body: newAnnouncementSchema } }, async (request, reply) => {
      const { email } = await requireOperator(request);
      const { timeZone } = (await ctx.campaign.get()).info;
      const id = await createAnnouncement(ctx.db, request.body, { actor: email, now: new Date(ctx.now()), timeZone });
      return reply.status(201).send({ id });
    });

    app.post(
      '/api/console/announcements/:id/withdraw',
      { config: admin, schema: { params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }) } },
      async (request) => {
        const { email } = await requireOperator(request);
        await withdrawAnnouncement(ctx.db, request.params.id, { actor: email, now: new Date(ctx.now()) });
        return { id: request.params.id, withdrawn: true };
      },
    );
  };
}
