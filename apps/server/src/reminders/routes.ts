import { pushSubscriptionSchema, remindersSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptLanguage } from '../campaign/translations';
import type { AppContext } from '../context';
import { requireUserId } from '../session/session';
import { optInEmail, optInPush, readReminders, withdrawReminder } from './opt-ins';

export function reminderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const publicKey = ctx.vapid.publicKey;

    app.get('/api/reminders', { schema: { response: { 200: remindersSchema } } }, async (request) => {
      const userId = await requireUserId(request);
      return readReminders(ctx.db, userId, publicKey);
    });

    app.put(
      '/api/reminders/push',
      { schema: { body: pushSubscriptionSchema, response: { 200: remindersSchema } } },
      async (request) => {
        const userId = await requireUserId(request);
        await optInPush(ctx.db, userId, request.body, {
          services: ctx.env.PUSH_SERVICES,
          now: new Date(ctx.now()),
          language: keptLanguage(request),
        });
        return readReminders(ctx.db, userId, publicKey);
      },
    );

    app.delete('/api/reminders/push', { schema: { response: { 200: remindersSchema } } }, async (request) => {
      const userId = await requireUserId(request);
      await withdrawReminder(ctx.db, userId, 'push', new Date(ctx.now()));
      return readReminders(ctx.db, userId, publicKey);
    });

    // E-mail reminders (decision 078): to the account's address, through the mail queue.
    app.put('/api/reminders/email', { schema: { response: { 200: remindersSchema } } }, async (request) => {
      const userId = await requireUserId(request);
      await optInEmail(ctx.db, userId, { now: new Date(ctx.now()), language: keptLanguage(request) });
      return readReminders(ctx.db, userId, publicKey);
    });

    app.delete('/api/reminders/email', { schema: { response: { 200: remindersSchema } } }, async (request) => {
      const userId = await requireUserId(request);
      await withdrawReminder(ctx.db, userId, 'email', new Date(ctx.now()));
      return readReminders(ctx.db, userId, publicKey);
    });
  };
}
