// The short-lived idToken the web app sends to POST /api/auth, issued by us after a magic link or the Google
// callback. It is bound to the browser that verified the link or finished the Google flow (a hash of that
// browser's qq_browser cookie) and carries an id so it starts one session only (decision 016). The OpenID
// provider's own ID token is not accepted: it cannot be bound to a browser.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const AUDIENCE = 'quackquest';
const TTL = '15m';

export interface Identity {
  email: string;
  name?: string;
  provider: 'email' | 'google';
}

/** A verified idToken: who it proves, the browser it belongs to, and its id and expiry for spending it. */
export interface Proven extends Identity {
  browser: string;
  jti: string;
  expiresAt: Date;
}

export interface IdTokens {
  /** `browser`: the hash of the browser's binding cookie (handlers/browser.ts). */
  issue(identity: Identity, browser: string): Promise<string>;
  verify(token: string): Promise<Proven | undefined>;
}

export function createIdTokens(options: { secret: string; issuer: string }): IdTokens {
  // Imported once: given the secret's bytes, jose imports a key on every call (0.7% of the server's thread at 60
  // new visitors a second, issue 18).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(options.secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    async issue(identity, browser) {
      return new SignJWT({ email: identity.email, name: identity.name, provider: identity.provider, bnd: browser })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(options.issuer)
        .setAudience(AUDIENCE)
        .setSubject(identity.email)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(TTL)
        .sign(await key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: options.issuer,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const { email, bnd, jti, exp } = payload;
        if (typeof email !== 'string' || typeof bnd !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') {
          return undefined;
        }
        return {
          email,
          name: typeof payload.name === 'string' ? payload.name : undefined,
          provider: payload.provider === 'google' ? 'google' : 'email',
          browser: bnd,
          jti,
          expiresAt: new Date(exp * 1000),
        };
      } catch {
        return undefined;
      }
    },
  };
}
