// A local OpenID Connect provider (oauth2-mock-server) standing in for Google in tests. Like a conformant
// provider that is not Google, it refuses prompt=select_account, and it can keep the e-mail for /userinfo.
import { OAuth2Server } from 'oauth2-mock-server';

export interface ProviderIdentity {
  email: string;
  name?: string;
  email_verified?: boolean;
}

/** Where the provider puts the identity: in the ID token (as Google does), or only at /userinfo. */
export type IdentityPlace = 'idToken' | 'userinfo';

export interface TestOidcProvider {
  server: OAuth2Server;
  /** The issuer URL, as OIDC_ISSUER. */
  url: string;
  /** The identity put into every token the provider signs from now on, or only into its /userinfo answers. */
  setIdentity(identity: ProviderIdentity | undefined, place?: IdentityPlace): void;
  /** The subject /userinfo names (the ID token's is "johndoe"). */
  setUserinfoSubject(sub: string): void;
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
  let place: IdentityPlace = 'idToken';
  let userinfoSubject = 'johndoe';
  // Both the access token and the ID token are signed per grant: a persistent listener (not once)
  // makes sure the ID token carries the identity.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (identity && place === 'idToken') Object.assign(token.payload, { email_verified: true, ...identity });
  });
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { sub: userinfoSubject, ...(identity && place === 'userinfo' ? { email_verified: true, ...identity } : {}) };
  });
  // OpenID Connect Core 3.1.2.6: a provider that cannot offer account selection answers with this error.
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { query: Record<string, unknown> }) => {
    if (req.query.prompt !== 'select_account') return;
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', 'account_selection_required');
  });
  return {
    server,
    url,
    setIdentity(next, where = 'idToken') {
      identity = next;
      place = where;
      userinfoSubject = 'johndoe';
    },
    setUserinfoSubject(sub) {
      userinfoSubject = sub;
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
