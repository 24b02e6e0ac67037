// Google sign-in through OpenID Connect: authorization code flow with PKCE, state and nonce.
// The issuer is configurable (OIDC_ISSUER): Google, any conformant provider, or a local one in tests.
// A conformant provider may keep the e-mail for its UserInfo endpoint, and may refuse Google's own
// parameters, so those go to Google only.
import type { Configuration } from 'openid-client';
import type { Env } from '../config/env';

export interface OidcStart {
  url: string;
  /** Kept in a signed, httpOnly cookie until the provider calls back. */
  pending: { verifier: string; state: string; nonce: string; returnTo: string };
}

export interface Oidc {
  configured: boolean;
  start(returnTo: string): Promise<OidcStart>;
  finish(callbackUrl: URL, pending: OidcStart['pending']): Promise<{ email: string; name?: string }>;
  /** For verifying the provider's own ID tokens. */
  metadata(): Promise<{ issuer: string; clientId: string; jwksUri: string } | undefined>;
}

export function createOidc(env: Env): Oidc {
  const clientId = env.GOOGLE_CLIENT_ID;
  const redirectUri = new URL('/api/auth/google/callback', env.PUBLIC_URL).toString();
  let discovered: Promise<Configuration> | undefined;
  const config = async () => {
    const client = await import('openid-client');
    discovered ??= client
      .discovery(
        new URL(env.OIDC_ISSUER),
        clientId!,
        env.GOOGLE_CLIENT_SECRET,
        undefined,
        // Plain http is accepted only for a provider on this machine (tests, local development).
        isLoopbackHttp(env.OIDC_ISSUER) ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  return {
    configured: Boolean(clientId),
    async start(returnTo) {
      const client = await import('openid-client');
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(
        await config(),
        authorizationParameters(env.OIDC_ISSUER, {
          redirect_uri: redirectUri,
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          state,
          nonce,
        }),
      );
      return { url: url.toString(), pending: { verifier, state, nonce, returnTo } };
    },
    async finish(callbackUrl, pending) {
      const client = await import('openid-client');
      const tokens = await client.authorizationCodeGrant(await config(), callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('the provider sent no ID token');
      // Without the e-mail in the ID token, ask the UserInfo endpoint for this same subject.
      const claims =
        typeof idClaims.email === 'string'
          ? idClaims
          : await client.fetchUserInfo(await config(), tokens.access_token, idClaims.sub);
      if (typeof claims.email !== 'string') throw new Error('the provider did not share an e-mail address');
      if (claims.email_verified === false) throw new Error('the provider has not verified this e-mail address');
      const name = claims.name ?? idClaims.name;
      return { email: claims.email.toLowerCase(), name: typeof name === 'string' ? name : undefined };
    },
    async metadata() {
      if (!clientId) return undefined;
      const meta = (await config()).serverMetadata();
      return meta.jwks_uri ? { issuer: meta.issuer, clientId, jwksUri: meta.jwks_uri } : undefined;
    },
  };
}

const GOOGLE_ISSUER = 'https://accounts.google.com';

/** The authorization request: the standard parameters for every provider, Google's own only for Google. */
export function authorizationParameters(
  issuer: string,
  request: { redirect_uri: string; code_challenge: string; state: string; nonce: string },
): Record<string, string> {
  return {
    ...request,
    scope: 'openid email profile',
    code_challenge_method: 'S256',
    // Lets a visitor with several Google accounts pick one; another provider may refuse the request for it.
    ...(issuer.replace(/\/+$/, '') === GOOGLE_ISSUER ? { prompt: 'select_account' } : {}),
  };
}

function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
