// POST /api/auth: the backend login and sign-up (its two actions). Public routes have no query cache, so
// these call lib/api-client directly; a refusal comes back as a Reply, for decideLogin and the forms.
import type { AuthResult, SignupBody } from '@quackquest/contract/core';
import { ApiError, api } from '../../lib/api-client';
import type { Proof, Reply } from './login-rules';

export function login(proof: Proof): Promise<Reply<AuthResult>> {
  return toReply(
    api<AuthResult>('/api/auth', {
      method: 'POST',
      body: { action: 'login', idToken: proof.idToken, email: proof.email },
      allowUnauthorized: true,
    }),
  );
}

export function signup(body: SignupBody): Promise<Reply<AuthResult>> {
  return toReply(api<AuthResult>('/api/auth', { method: 'POST', body, allowUnauthorized: true }));
}

async function toReply<T>(call: Promise<T>): Promise<Reply<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    return error instanceof ApiError
      ? { ok: false, message: error.message, code: error.code, source: 'server' }
      : { ok: false, message: '', code: '', source: 'client' };
  }
}
