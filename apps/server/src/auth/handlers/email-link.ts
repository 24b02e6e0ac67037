// POST /api/auth/email-link and POST /api/auth/email-link/verify.
import { authMessages, emailLinkBodySchema, linkCodeProofSchema, linkTokenProofSchema, said } from '@quackquest/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, forbidden } from '../../domain/errors';
import { requestLanguage } from '../../campaign/translations';
import { sendEmailLink, verifyEmailLink } from '../magic-link';
import { bindBrowser, browserOf } from './browser';
import { type AuthDeps, parseBody } from './deps';

export async function sendLink(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const body = parseBody(emailLinkBodySchema, request.body);
  // A sign-up link keeps the form's details, so the browser that opens it need not ask again (§5.2).
  const signup = body.returnTo === '/signup' ? body.signup : undefined;
  try {
    // The client is the binding the request presented (decision 058); the asking browser is bound now: an operator
    // address's code is typed here (decision 056), and a refused request without a binding can ask again with it.
    const requester = { ip: request.ip, presented: browserOf(request), browser: bindBrowser(auth, request, reply) };
    await sendEmailLink(auth.ctx, body.email, body.returnTo, requester, signup, requestLanguage(request));
  } catch (error) {
    // The per-IP limit is the operator's to tune for a ship (decision 015).
    const limit = error instanceof DomainError ? error.cause : undefined;
    if (limit === 'SIGNIN_LINKS_PER_IP')
      request.log.warn(
        { ip: request.ip, limit, code: error instanceof DomainError ? error.code : undefined },
        'sign-in e-mails refused for this IP',
      );
    throw error;
  }
  return reply.status(202).send({ message: authMessages.linkSent });
}

/** Spends the link or code and answers with an ID token for POST /api/auth, bound to this browser. */
export async function verifyLink(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const body: unknown = request.body;
  const byToken = typeof body === 'object' && body !== null && 'token' in body;
  const proof = byToken ? parseBody(linkTokenProofSchema, body) : parseBody(linkCodeProofSchema, body);
  const { email, signup, returnTo, blocked } = await verifyEmailLink(auth.ctx, proof, browserOf(request));
  // A blocked visitor is told at once, not after the login (decision 020). The console's sign-in is the crew's
  // own: an operator's role does not depend on a visitor account.
  if (returnTo !== '/console' && blocked) throw forbidden(said('accountBlocked'));
  const idToken = await auth.idTokens.issue({ email, provider: 'email' }, bindBrowser(auth, request, reply));
  return { idToken, email, ...(signup ? { signup } : {}) };
}
