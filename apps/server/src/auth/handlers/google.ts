// GET /api/auth/google (start) and GET /api/auth/google/callback (finish): Google sign-in with PKCE; the
// pending state travels in a signed cookie scoped to these two paths.
import { authMessages } from '@quackquest/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthDeps } from './deps';

const OIDC_COOKIE = 'qq_oidc';
const OIDC_COOKIE_PATH = '/api/auth/google';

export async function startGoogle(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply, returnTo: string) {
  if (!auth.oidc.configured) return refuseGoogle(request, reply, 404, authMessages.googleNotConfigured);
  try {
    const { url, pending } = await auth.oidc.start(returnTo);
    reply.setCookie(OIDC_COOKIE, JSON.stringify(pending), {
      path: OIDC_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: auth.secureCookies,
      signed: true,
      maxAge: 600,
    });
    return reply.redirect(url);
  } catch (error) {
    request.log.warn({ err: error }, 'Google sign-in could not start');
    return refuseGoogle(request, reply, 400, authMessages.googleFailed);
  }
}

export async function finishGoogle(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const raw = request.cookies[OIDC_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
  const pending = unsigned?.valid && unsigned.value ? parsePending(unsigned.value) : undefined;
  if (!pending) return reply.redirect(`/login?error=${encodeURIComponent(authMessages.googleFailed)}`);
  try {
    const callbackUrl = new URL(request.url, auth.ctx.env.PUBLIC_URL);
    const identity = await auth.oidc.finish(callbackUrl, pending);
    const idToken = await auth.idTokens.issue({ ...identity, provider: 'google' });
    const fragment = new URLSearchParams({ idToken, email: identity.email, name: identity.name ?? '' });
    // A fragment never reaches a server log or a Referer header.
    return reply.redirect(`/login#${fragment.toString()}`);
  } catch (error) {
    request.log.warn({ err: error }, 'Google sign-in failed');
    return reply.redirect(`/login?error=${encodeURIComponent(authMessages.googleFailed)}`);
  }
}

function parsePending(value: string): { verifier: string; state: string; nonce: string; returnTo: string } | undefined {
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
