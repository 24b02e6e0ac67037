import { describe, expect, it } from 'vitest';
import { authorizationParameters } from './oidc';

const request = { redirect_uri: 'https://quack.example/api/auth/google/callback', code_challenge: 'c', state: 's', nonce: 'n' };

describe('the authorization request', () => {
  it('asks Google to let the visitor pick an account', () => {
    for (const issuer of ['https://accounts.google.com', 'https://accounts.google.com/']) {
      expect(authorizationParameters(issuer, request)).toMatchObject({ prompt: 'select_account', scope: 'openid email profile' });
    }
  });

  it("sends another provider only the standard parameters: it may refuse Google's", () => {
    const parameters = authorizationParameters('https://login.example.org/realms/festival', request);
    expect(parameters).not.toHaveProperty('prompt');
    expect(parameters).toEqual({ ...request, scope: 'openid email profile', code_challenge_method: 'S256' });
  });
});
