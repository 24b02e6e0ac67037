// The short-lived idToken the web app sends to POST /api/auth: ours (after a magic link or the Google
// callback), or a token straight from the OpenID provider.
import { SignJWT, createRemoteJWKSet, jwtVerify } from 'jose';

const AUDIENCE = 'quackquest';
const TTL = '15m';

export interface Identity {
  email: string;
  name?: string;
  provider: 'email' | 'google';
}

export interface IdTokens {
  issue(identity: Identity): Promise<string>;
  verify(token: string): Promise<Identity | undefined>;
}

type ProviderMetadata = { issuer: string; clientId: string; jwksUri: string };

export function createIdTokens(options: {
  secret: string;
  issuer: string;
  provider: () => Promise<ProviderMetadata | undefined>;
}): IdTokens {
  const key = new TextEncoder().encode(options.secret);
  let jwks: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | undefined;
  return {
    async issue(identity) {
      return new SignJWT({ email: identity.email, name: identity.name, provider: identity.provider })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(options.issuer)
        .setAudience(AUDIENCE)
        .setSubject(identity.email)
        .setIssuedAt()
        .setExpirationTime(TTL)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: options.issuer, audience: AUDIENCE, algorithms: ['HS256'] });
        if (typeof payload.email !== 'string') return undefined;
        const provider = payload.provider === 'google' ? 'google' : 'email';
        return { email: payload.email, name: typeof payload.name === 'string' ? payload.name : undefined, provider };
      } catch {
        // Not ours: it may be the provider's own ID token.
      }
      try {
        const provider = await options.provider();
        if (!provider) return undefined;
        if (jwks?.uri !== provider.jwksUri) jwks = { uri: provider.jwksUri, set: createRemoteJWKSet(new URL(provider.jwksUri)) };
        const { payload } = await jwtVerify(token, jwks.set, { issuer: provider.issuer, audience: provider.clientId });
        if (typeof payload.email !== 'string' || payload.email_verified === false) return undefined;
        return {
          email: payload.email.toLowerCase(),
          name: typeof payload.name === 'string' ? payload.name : undefined,
          provider: 'google',
        };
      } catch {
        return undefined;
      }
    },
  };
}
