// POST /api/auth/email-link/verify: spends an e-mail link for an idToken.
import { api } from '../../lib/api-client';
import type { LinkProof } from './login-rules';

/** Spends an e-mail link, by its token or by the address and the 8-digit code, for an idToken (and the
 * sign-up details the link was requested with). */
export function verifyEmailLink(proof: { token: string } | { email: string; code: string }): Promise<LinkProof> {
  return api<LinkProof>('/api/auth/email-link/verify', { method: 'POST', body: proof, allowUnauthorized: true });
}
