// Sign-in state kept in the browser between pages (docs/product.md §3), beside lib/storage's keys.
import { keys, read, remove, write, type SignupFormData } from '../../lib/storage';
import type { Proof } from './login-rules';

export function writeSignupFormData(data: SignupFormData): void {
  write(keys.signupFormData, JSON.stringify(data));
}

export function clearSignupFormData(): void {
  remove(keys.signupFormData);
}

export function readEmailForSignIn(): string {
  return read(keys.emailForSignIn) ?? '';
}

export function writeEmailForSignIn(email: string): void {
  write(keys.emailForSignIn, email.trim());
}

export function clearEmailForSignIn(): void {
  remove(keys.emailForSignIn);
}

// The provider's idToken waits in sessionStorage between /login and /signup-google: it is short-lived
// and must not outlive the tab.
const providerIdTokenKey = 'providerIdToken';

export function readProviderIdToken(): string | null {
  try {
    return sessionStorage.getItem(providerIdTokenKey);
  } catch {
    return null;
  }
}

export function writeProviderIdToken(idToken: string): void {
  try {
    sessionStorage.setItem(providerIdTokenKey, idToken);
  } catch {
    // Blocked storage: /signup-google then says no authenticated user was found.
  }
}

export function clearProviderIdToken(): void {
  try {
    sessionStorage.removeItem(providerIdTokenKey);
  } catch {
    // Nothing to do.
  }
}

// An address proven by a link or a code that has no account yet, kept in sessionStorage while the visitor fills in
// the sign-up form, so the form signs up with it instead of e-mailing again (issue 30 part 3). Its idToken lives 15
// minutes on the server (auth/id-token.ts): it is dropped here a minute before, and a refusal drops it too.
const emailProofKey = 'emailProof';
const PROOF_KEPT_MS = 14 * 60 * 1000;

export function readEmailProof(now = Date.now()): Proof | null {
  try {
    const raw = sessionStorage.getItem(emailProofKey);
    const kept = raw ? (JSON.parse(raw) as Partial<Proof & { until: number }>) : null;
    if (!kept?.idToken || !kept.email || !(Number(kept.until) > now)) return null;
    return { idToken: kept.idToken, email: kept.email };
  } catch {
    return null;
  }
}

export function writeEmailProof(proof: Proof, now = Date.now()): void {
  try {
    const kept = { idToken: proof.idToken, email: proof.email, until: now + PROOF_KEPT_MS };
    sessionStorage.setItem(emailProofKey, JSON.stringify(kept));
  } catch {
    // Blocked storage: the form then e-mails a sign-up link as before.
  }
}

export function clearEmailProof(): void {
  try {
    sessionStorage.removeItem(emailProofKey);
  } catch {
    // Nothing to do.
  }
}
