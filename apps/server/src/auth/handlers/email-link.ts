// POST /api/auth/email-link and POST /api/auth/email-link/verify.
import { authMessages, emailLinkBodySchema, emailLinkVerifySchema } from '@quackquest/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors';
import { sendEmailLink, verifyEmailLink } from '../magic-link';
import { type AuthDeps, parseBody } from './deps';

export async function sendLink(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const body = parseBody(emailLinkBodySchema, request.body);
  try {
    await sendEmailLink(auth.ctx, auth.mailer, body.email, body.returnTo, request.ip);
  } catch (error) {
    // The shared limits are the operator's to tune (decision 015). The global ceiling's 503 is logged
    // as an error by http/errors.ts; a minute later is worth a try.
    const limit = error instanceof DomainError ? error.cause : undefined;
    if (limit === 'SIGNIN_MAIL_PER_MINUTE') void reply.header('retry-after', '60');
    if (limit === 'SIGNIN_LINKS_PER_IP') request.log.warn({ ip: request.ip, limit }, 'sign-in e-mails refused for this IP');
    throw error;
  }
  return reply.status(202).send({ message: authMessages.linkSent });
}

/** Spends the link or code and answers with an ID token for POST /api/auth. */
export async function verifyLink(auth: AuthDeps, request: FastifyRequest) {
  const email = await verifyEmailLink(auth.ctx, parseBody(emailLinkVerifySchema, request.body));
  return { idToken: await auth.idTokens.issue({ email, provider: 'email' }), email };
}
