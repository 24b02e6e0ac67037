// The sign-in and sign-up calls (POST /api/auth and its friends). Public routes have no query cache,
// so these call lib/api-client directly. Sign-in calls expect 401s of their own (allowUnauthorized).
import type { AuthResult, SignupBody } from '@quackquest/contract/core';
import { ApiError, api } from '../../lib/api-client';
import type { Proof, Reply } from './login-rules';

export async function sendEmailLink(email: string, returnTo: '/' | '/signup'): Promise<void> {
  await api<{ message: string }>('/api/auth/email-link', {
    method: 'POST',
    body: { email: email.trim(), returnTo },
    allowUnauthorized: true,
  });
}

/** Spends an e-mail link, by its token or by the address and the 6-digit code, for an idToken. */
export function verifyEmailLink(proof: { token: string } | { email: string; code: string }): Promise<Proof> {
  return api<Proof>('/api/auth/email-link/verify', { method: 'POST', body: proof, allowUnauthorized: true });
}

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

export async function logout(): Promise<void> {
  await api('/api/auth/logout', { method: 'POST', allowUnauthorized: true }).catch(() => undefined);
}

export function getProviders(): Promise<{ google: boolean }> {
  return api<{ google: boolean }>('/api/auth/providers', { allowUnauthorized: true });
}

/** The browser navigation that starts Google sign-in; it ends on /login#idToken=... */
export function googleSignInUrl(returnTo: '/login' | '/signup'): string {
  return `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`;
}

async function toReply<T>(call: Promise<T>): Promise<Reply<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    return error instanceof ApiError
      ? { ok: false, message: error.message, source: 'server' }
      : { ok: false, message: '', source: 'client' };
  }
}

/** The message of a failed call, for the error area. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
