// Sign-in against a provider that is not Google (OIDC_ISSUER): a conformant provider may keep the
// e-mail for its UserInfo endpoint, and refuses prompt=select_account (test/oidc-provider.ts does both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/auth';
import { type IdentityPlace, type ProviderIdentity, type TestOidcProvider, startOidcProvider } from '../../test/oidc-provider';
import { parseEnv } from '../config/env';
import { createOidc } from './oidc';

let provider: TestOidcProvider;
let oidc: ReturnType<typeof createOidc>;

beforeAll(async () => {
  provider = await startOidcProvider();
  oidc = createOidc(
    parseEnv({
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      OIDC_ISSUER: provider.url,
      NODE_ENV: 'test',
    }),
  );
});

afterAll(async () => {
  await provider?.close();
});

/** The whole code flow as the server runs it: start, the browser at the provider, finish. */
async function signIn(identity: ProviderIdentity, place: IdentityPlace, userinfoSubject?: string) {
  provider.setIdentity(identity, place);
  if (userinfoSubject) provider.setUserinfoSubject(userinfoSubject);
  const { url, pending } = await oidc.start('/login');
  const atProvider = await fetch(url, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') ?? '');
  return oidc.finish(back, pending);
}

describe('a provider that is not Google', () => {
  it('is not sent prompt=select_account, which it would refuse', async () => {
    const { url } = await oidc.start('/login');
    expect(new URL(url).searchParams.has('prompt')).toBe(false);
    const email = uniqueEmail('plain');
    expect(await signIn({ email, name: 'Plain Visitor' }, 'idToken')).toEqual({ email, name: 'Plain Visitor' });
  });

  it('signs the visitor in with the e-mail its UserInfo endpoint gives when the ID token has none', async () => {
    const email = uniqueEmail('Userinfo');
    expect(await signIn({ email, name: 'Info Visitor' }, 'userinfo')).toEqual({
      email: email.toLowerCase(),
      name: 'Info Visitor',
    });
  });

  it('refuses an address UserInfo marks unverified, or a UserInfo answer about another subject', async () => {
    await expect(signIn({ email: uniqueEmail('unverified'), email_verified: false }, 'userinfo')).rejects.toThrow(/not verified/);
    await expect(signIn({ email: uniqueEmail('someone-else') }, 'userinfo', 'another-subject')).rejects.toThrow(
      /unexpected JSON attribute value/,
    ); // its "sub"
  });
});
