// What a login reply means (docs/product.md §5.2 and §7.1), and how sign-in proofs arrive in the address.
import type { PendingSignup } from '@quackquest/contract/core';
import { authTexts } from './auth-texts';

/**
 * A backend reply: the data, or a failure: its message in the visitor's words ('' when it had none) and the
 * server's code for it ('' when it had none), which is what a decision reads (decision 048).
 */
export type Reply<T> = { ok: true; data: T } | { ok: false; message: string; code: string; source: 'server' | 'client' };

/** A proven identity, ready for POST /api/auth. */
export interface Proof {
  idToken: string;
  email: string;
}

/** A proof from an e-mail link, with the sign-up form's details when the link was a sign-up link. */
export interface LinkProof extends Proof {
  signup?: PendingSignup;
}

export type LoginDecision =
  { kind: 'session'; email: string; userName: string } | { kind: 'signup' } | { kind: 'message'; text: string };

export function decideLogin(reply: Reply<{ email?: string; userName?: string }>, email: string): LoginDecision {
  if (reply.ok) return { kind: 'session', email: reply.data.email || email, userName: reply.data.userName ?? '' };
  // docs/product.md §7.1: the server's "User not found" on login means an unregistered visitor, in any language.
  if (reply.code === 'userNotFound') return { kind: 'signup' };
  return { kind: 'message', text: reply.message || authTexts.authenticationFailed };
}

/** The e-mail link's single-use token, from the page's query string. */
export function readLinkToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token ? token : null;
}

/** The query string without the spent token, keeping anything else. */
export function searchWithoutToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export interface ProviderSignIn extends Proof {
  name: string;
}

/**
 * The server's Google callback ends on /login#idToken=..&email=..&name=.. (a fragment never reaches a
 * server log). null: no fragment at all; 'invalid': a fragment without a token or an e-mail.
 */
export function readProviderFragment(hash: string): ProviderSignIn | 'invalid' | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  const params = new URLSearchParams(raw);
  if (!params.has('idToken') && !params.has('email')) return null;
  const idToken = params.get('idToken') ?? '';
  const email = params.get('email') ?? '';
  if (!idToken || !email) return 'invalid';
  return { idToken, email, name: params.get('name') ?? '' };
}
