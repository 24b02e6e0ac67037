// Sign-in state kept in the browser between pages (docs/product.md §3), beside lib/storage's keys.
import { keys, read, remove, write, type SignupFormData } from '../../lib/storage';

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
