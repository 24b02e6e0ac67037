// Google sign-in through OpenID Connect: authorization code flow with PKCE, state and nonce.
// The issuer is configurable (OIDC_ISSUER) so tests run against a local provider.
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
      const url = client.buildAuthorizationUrl(await config(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
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
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string') throw new Error('the provider did not share an e-mail address');
      if (claims.email_verified === false) throw new Error('the provider has not verified this e-mail address');
      return { email: claims.email.toLowerCase(), name: typeof claims.name === 'string' ? claims.name : undefined };
    },
    async metadata() {
      if (!clientId) return undefined;
      const meta = (await config()).serverMetadata();
      return meta.jwks_uri ? { issuer: meta.issuer, clientId, jwksUri: meta.jwks_uri } : undefined;
    },
  };
}

function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
