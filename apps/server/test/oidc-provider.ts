// A local OpenID Connect provider (oauth2-mock-server) standing in for Google in tests.
import { OAuth2Server } from 'oauth2-mock-server';

export interface ProviderIdentity {
  email: string;
  name?: string;
  email_verified?: boolean;
}

export interface TestOidcProvider {
  server: OAuth2Server;
  /** The issuer URL, as OIDC_ISSUER. */
  url: string;
  /** The identity put into every token the provider signs from now on. */
  setIdentity(identity: ProviderIdentity | undefined): void;
  /** An ID token signed by this provider, as Google would issue it. */
  idToken(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcProvider(): Promise<TestOidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = server.issuer.url;
  if (!url) throw new Error('the OIDC provider has no issuer URL');
  let identity: ProviderIdentity | undefined;
  // Both the access token and the ID token are signed per grant: a persistent listener (not once)
  // makes sure the ID token carries the identity.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (identity) Object.assign(token.payload, { email_verified: true, ...identity });
  });
  return {
    server,
    url,
    setIdentity(next) {
      identity = next;
    },
    idToken(claims) {
      return server.issuer.buildToken({
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, { sub: 'google-user', email_verified: true }, claims);
        },
      });
    },
    close: () => server.stop(),
  };
}
