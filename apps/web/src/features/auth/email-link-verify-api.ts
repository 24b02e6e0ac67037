// POST /api/auth/email-link/verify: spends an e-mail link for an idToken.
import { api } from '../../lib/api-client';
import type { Proof } from './login-rules';

/** Spends an e-mail link, by its token or by the address and the 8-digit code, for an idToken. */
export function verifyEmailLink(proof: { token: string } | { email: string; code: string }): Promise<Proof> {
  return api<Proof>('/api/auth/email-link/verify', { method: 'POST', body: proof, allowUnauthorized: true });
}
