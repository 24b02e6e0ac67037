// POST /api/auth/email-link and POST /api/auth/email-link/verify.
import { authMessages, emailLinkBodySchema, emailLinkVerifySchema } from '@quackquest/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendEmailLink, verifyEmailLink } from '../magic-link';
import { type AuthDeps, parseBody } from './deps';

export async function sendLink(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const body = parseBody(emailLinkBodySchema, request.body);
  await sendEmailLink(auth.ctx, auth.mailer, body.email, body.returnTo, request.ip);
  return reply.status(202).send({ message: authMessages.linkSent });
}

/** Spends the link or code and answers with an ID token for POST /api/auth. */
export async function verifyLink(auth: AuthDeps, request: FastifyRequest) {
  const email = await verifyEmailLink(auth.ctx, parseBody(emailLinkVerifySchema, request.body));
  return { idToken: await auth.idTokens.issue({ email, provider: 'email' }), email };
}
