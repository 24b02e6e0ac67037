// The sign-in routes: all public (they are how a session starts). Each handler is in auth/handlers/.
import { authResultSchema, consoleMeSchema, idTokenResultSchema, outboxSchema, providersSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopbackAddress } from '../config/listen';
import type { AppContext } from '../context';
import type { Mailer } from '../mail/mailer';
import type { MailWorker } from '../mail/queue';
import { bindBrowser } from './handlers/browser';
import { signInToConsole } from './handlers/console';
import { createAuthDeps } from './handlers/deps';
import { sendLink, verifyLink } from './handlers/email-link';
import { finishGoogle, startGoogle } from './handlers/google';
import { logInOrSignUp, logOut } from './handlers/session';

const open = { public: true };

export function authRoutes(ctx: AppContext, mailer: Mailer, worker: Pick<MailWorker, 'flush'>): FastifyPluginAsyncZod {
  const auth = createAuthDeps(ctx);
  return async (app) => {
    app.post(
      '/api/auth/email-link',
      { config: open, schema: { response: { 202: z.object({ message: z.string() }) } } },
      (request, reply) => sendLink(auth, request, reply),
    );
    app.post(
      '/api/auth/email-link/verify',
      { config: open, schema: { response: { 200: idTokenResultSchema } } },
      (request, reply) => verifyLink(auth, request, reply),
    );
    // The sign-in forms bind their browser as they open (decision 058): its sign-in e-mail then counts as its own
    // client's, not as one of its network's requests without a binding.
    app.post('/api/auth/browser', { config: open }, (request, reply) => {
      bindBrowser(auth, request, reply);
      return reply.status(204).send();
    });
    app.get('/api/auth/providers', { config: open, schema: { response: { 200: providersSchema } } }, async () => ({
      google: auth.oidc.configured,
    }));
    app.get(
      '/api/auth/google',
      { config: open, schema: { querystring: z.object({ returnTo: z.enum(['/login', '/signup']).default('/login') }) } },
      (request, reply) => startGoogle(auth, request, reply, request.query.returnTo),
    );
    app.get('/api/auth/google/callback', { config: open }, (request, reply) => finishGoogle(auth, request, reply));
    app.post(
      '/api/auth',
      { config: open, schema: { response: { 200: authResultSchema, 201: authResultSchema } } },
      (request, reply) => logInOrSignUp(auth, request, reply),
    );
    app.post('/api/auth/logout', { config: open }, (request, reply) => logOut(auth, request, reply));
    // An operator's sign-in to the console (decision 019); signing out is POST /api/console/session/logout.
    app.post('/api/auth/console', { config: open, schema: { response: { 200: consoleMeSchema } } }, (request, reply) =>
      signInToConsole(auth, request, reply),
    );

    // Development only (mail/mailer.ts): the e-mails kept instead of sent, for tests and newcomers; what this
    // app queued and is due is delivered first, so a test reads the e-mail its request queued (decision 025). It
    // answers only this machine, judged by the socket (never X-Forwarded-For); others get a 404 (decision 018).
    const outbox = mailer.outbox;
    if (outbox) {
      app.get(
        '/api/dev/outbox',
        {
          config: open,
          // Before validation, so that a bad query from elsewhere does not reveal the route either.
          onRequest: (request, reply, done) => {
            if (isLoopbackAddress(request.socket.remoteAddress)) done();
            else reply.callNotFound();
          },
          schema: { querystring: z.object({ to: z.string().min(3).max(254) }), response: { 200: outboxSchema } },
        },
        async (request) => {
          await worker.flush();
          return outbox(request.query.to);
        },
      );
    }
  };
}
