// POST /api/auth/console: an operator's console sign-in (decision 019). The same proof as a visitor's (an
// idToken from an e-mail link or code), bound to the same browser and spent the same way, but it starts a
// console session for the address, and only if the address has a role: crew need no visitor account.
// It lives under /api/auth because the browser binding cookie is sent only there (decision 016).
import { consoleSignInBodySchema, said } from '@quackquest/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/audit';
import { forbidden, unauthenticated } from '../../domain/errors';
import { consoleTimeZone, createConsoleSession, setConsoleCookie } from '../../operators/console-session';
import { roleOf } from '../../operators/roles';
import { isSameBrowser } from './browser';
import { type AuthDeps, parseBody } from './deps';
import { spendProof } from './session';

export async function signInToConsole(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const body = parseBody(consoleSignInBodySchema, request.body);
  const identity = await auth.idTokens.verify(body.idToken);
  if (!identity) throw unauthenticated(said('tokenInvalid'));
  if (!isSameBrowser(request, identity.browser)) throw unauthenticated(said('tokenOtherBrowser'));
  const email = identity.email.toLowerCase();
  const { ctx } = auth;
  const started = await ctx.db.transaction(async (tx) => {
    // Read in the transaction that starts the session; a refusal leaves the proof unspent.
    const role = await roleOf(tx, email);
    if (!role) return undefined;
    await spendProof(tx, identity, ctx.now());
    const token = await createConsoleSession(tx, email, ctx.now());
    await recordAudit(tx, { actor: email, action: 'console.sign_in', subject: email, after: { role }, at: new Date(ctx.now()) });
    return { token, role };
  });
  if (!started) {
    request.log.info({ console: 'sign-in refused: no role' }, 'console sign-in refused');
    throw forbidden(said('noRole'));
  }
  setConsoleCookie(reply, started.token, auth.secureCookies);
  return { email, role: started.role, timeZone: await consoleTimeZone(ctx) };
}
