// GET /api/auth/google (start) and GET /api/auth/google/callback (finish): Google sign-in with PKCE; the
// pending state travels in a signed cookie scoped to these two paths. A failure goes to /login?error=<code>
// (SignInErrorCode): the page shows its known message, never text from the address.
import { type SignInErrorCode, said, signInErrorText } from '@quackquest/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bindBrowser } from './browser';
import type { AuthDeps } from './deps';

const OIDC_COOKIE = 'qq_oidc';
const OIDC_COOKIE_PATH = '/api/auth/google';

export async function startGoogle(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply, returnTo: string) {
  if (!auth.oidc.configured) return refuseGoogle(request, reply, 404, 'not_configured');
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
    return refuseGoogle(request, reply, 400, 'google_failed');
  }
}

export async function finishGoogle(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const raw = request.cookies[OIDC_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
  const pending = unsigned?.valid && unsigned.value ? parsePending(unsigned.value) : undefined;
  if (!pending) return reply.redirect(failedAt('google_failed'));
  try {
    const callbackUrl = new URL(request.url, auth.ctx.env.PUBLIC_URL);
    const identity = await auth.oidc.finish(callbackUrl, pending);
    // Bound to the browser finishing the flow: the fragment below signs in no other browser (decision 016).
    const idToken = await auth.idTokens.issue({ ...identity, provider: 'google' }, bindBrowser(auth, request, reply));
    const fragment = new URLSearchParams({ idToken, email: identity.email, name: identity.name ?? '' });
    // A fragment never reaches a server log or a Referer header.
    return reply.redirect(`/login#${fragment.toString()}`);
  } catch (error) {
    request.log.warn({ err: error }, 'Google sign-in failed');
    return reply.redirect(failedAt('google_failed'));
  }
}

const failedAt = (code: SignInErrorCode) => `/login?error=${code}`;

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
function refuseGoogle(request: FastifyRequest, reply: FastifyReply, status: number, code: SignInErrorCode) {
  if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect(failedAt(code));
  return reply.status(status).send(said(signInErrorText(code)));
}
