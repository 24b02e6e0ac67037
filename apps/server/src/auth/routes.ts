import {
  authBodySchema,
  authMessages,
  authResultSchema,
  emailLinkBodySchema,
  emailLinkVerifySchema,
  idTokenResultSchema,
  outboxSchema,
  providersSchema,
  type SignupBody,
} from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { SESSION_COOKIE, createSession, deleteSession, setSessionCookie } from '../session/session';
import { createIdTokens, type Identity } from './id-token';
import { sendEmailLink, verifyEmailLink } from './magic-link';
import { createOidc } from './oidc';

const OIDC_COOKIE = 'qq_oidc';

/** Validates with the schema's own words, so a bypassed form still gets the spec's messages. */
function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Bad request.');
  return result.data;
}

export function authRoutes(ctx: AppContext, mailer: Mailer): FastifyPluginAsyncZod {
  const oidc = createOidc(ctx.env);
  const idTokens = createIdTokens({ secret: ctx.secret, issuer: ctx.env.PUBLIC_URL, provider: () => oidc.metadata() });
  const secureCookies = ctx.env.PUBLIC_URL.startsWith('https:');

  return async (app) => {
    app.post(
      '/api/auth/email-link',
      { schema: { response: { 202: z.object({ message: z.string() }) } } },
      async (request, reply) => {
        const body = parse(emailLinkBodySchema, request.body);
        await sendEmailLink(ctx, mailer, body.email, body.returnTo, request.ip);
        return reply.status(202).send({ message: authMessages.linkSent });
      },
    );

    app.post('/api/auth/email-link/verify', { schema: { response: { 200: idTokenResultSchema } } }, async (request) => {
      const proof = parse(emailLinkVerifySchema, request.body);
      const email = await verifyEmailLink(ctx, proof);
      return { idToken: await idTokens.issue({ email, provider: 'email' }), email };
    });

    app.get('/api/auth/providers', { schema: { response: { 200: providersSchema } } }, async () => ({ google: oidc.configured }));

    app.get(
      '/api/auth/google',
      { schema: { querystring: z.object({ returnTo: z.enum(['/login', '/signup']).default('/login') }) } },
      async (request, reply) => {
        if (!oidc.configured) return refuseGoogle(request, reply, 404, authMessages.googleNotConfigured);
        try {
          const { url, pending } = await oidc.start(request.query.returnTo);
          reply.setCookie(OIDC_COOKIE, JSON.stringify(pending), {
            path: '/api/auth/google',
            httpOnly: true,
            sameSite: 'lax',
            secure: secureCookies,
            signed: true,
            maxAge: 600,
          });
          return reply.redirect(url);
        } catch (error) {
          request.log.warn({ err: error }, 'Google sign-in could not start');
          return refuseGoogle(request, reply, 400, authMessages.googleFailed);
        }
      },
    );

    app.get('/api/auth/google/callback', async (request, reply) => {
      const raw = request.cookies[OIDC_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      reply.clearCookie(OIDC_COOKIE, { path: '/api/auth/google' });
      const pending = unsigned?.valid && unsigned.value ? safeJson(unsigned.value) : undefined;
      if (!pending) return reply.redirect(`/login?error=${encodeURIComponent(authMessages.googleFailed)}`);
      try {
        const callbackUrl = new URL(request.url, ctx.env.PUBLIC_URL);
        const identity = await oidc.finish(callbackUrl, pending);
        const idToken = await idTokens.issue({ ...identity, provider: 'google' });
        const fragment = new URLSearchParams({ idToken, email: identity.email, name: identity.name ?? '' });
        // A fragment never reaches a server log or a Referer header.
        return reply.redirect(`/login#${fragment.toString()}`);
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in failed');
        return reply.redirect(`/login?error=${encodeURIComponent(authMessages.googleFailed)}`);
      }
    });

    app.post('/api/auth', { schema: { response: { 200: authResultSchema, 201: authResultSchema } } }, async (request, reply) => {
      const body = parse(authBodySchema, request.body);
      if (body.action === 'signup') checkSignup(body);
      const identity = await idTokens.verify(body.idToken);
      if (!identity) throw new HttpError(401, authMessages.tokenInvalid);
      const email = body.email.trim().toLowerCase();
      if (identity.email !== email) throw new HttpError(401, authMessages.tokenEmailMismatch);
      const [existing] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
      if (body.action === 'login') {
        if (!existing) throw notFound(authMessages.userNotFound);
        await startSession(reply, existing.id);
        return { message: 'Login successful', email, userName: existing.fullName };
      }
      if (existing) throw conflict(authMessages.userExists);
      const created = await createUser(body, identity);
      if (!created) throw conflict(authMessages.userExists);
      await startSession(reply, created.id);
      return reply.status(201).send({ message: 'Signup successful', email, userName: created.fullName });
    });

    app.post('/api/auth/logout', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(ctx.db, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Logged out' };
    });

    const outbox = mailer.outbox;
    if (outbox) {
      app.get(
        '/api/dev/outbox',
        { schema: { querystring: z.object({ to: z.string().min(3).max(254) }), response: { 200: outboxSchema } } },
        async (request) => outbox(request.query.to),
      );
    }
  };

  async function startSession(reply: FastifyReply, userId: number): Promise<void> {
    setSessionCookie(reply, await createSession(ctx.db, userId), secureCookies);
  }

  async function createUser(body: SignupBody, identity: Identity) {
    const [created] = await ctx.db
      .insert(users)
      .values({
        email: identity.email,
        fullName: body.userName,
        phone: body.PhoneNumber,
        instagram: body.InstagramHandle,
        cabinOwner: body.CabinOwnership === 'yes',
        acceptedTermsAt: new Date(ctx.now()),
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return created;
  }
}

function checkSignup(body: SignupBody): void {
  if (body.termsAccepted === false) throw badRequest(authMessages.termsRequired);
  if (!body.email.trim() || !body.userName) throw badRequest(authMessages.emailAndNameRequired);
}

function safeJson(value: string): { verifier: string; state: string; nonce: string; returnTo: string } | undefined {
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    return typeof parsed.verifier === 'string' && typeof parsed.state === 'string' && typeof parsed.nonce === 'string'
      ? {
          verifier: parsed.verifier,
          state: parsed.state,
          nonce: parsed.nonce,
          returnTo: typeof parsed.returnTo === 'string' ? parsed.returnTo : '/login',
        }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A browser navigating here goes back to /login with the message; a script gets it as JSON. */
function refuseGoogle(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect(`/login?error=${encodeURIComponent(message)}`);
  return reply.status(status).send({ message });
}
