// The console's sign-in (docs/product.md §15, decision 019): the visitors' e-mail link or code, then
// POST /api/auth/console. Every call handles its own 401 (allowUnauthorized): the console never sends
// anyone to the visitor app's welcome page.
import { api } from '../lib/api-client';
import type { ConsoleMe } from './console-types';
import { consolePaths } from './console-paths';

/** POST /api/auth/email-link: the link opens /console; the e-mail also holds the code. */
export async function sendConsoleLink(email: string): Promise<void> {
  await api('/api/auth/email-link', {
    method: 'POST',
    body: { email: email.trim(), returnTo: consolePaths.home },
    allowUnauthorized: true,
  });
}

/** POST /api/auth/email-link/verify then POST /api/auth/console: the link's token or the address and code. */
export async function signInToConsole(proof: { token: string } | { email: string; code: string }): Promise<ConsoleMe> {
  const { idToken } = await api<{ idToken: string }>('/api/auth/email-link/verify', {
    method: 'POST',
    body: proof,
    allowUnauthorized: true,
  });
  return api<ConsoleMe>('/api/auth/console', { method: 'POST', body: { idToken }, allowUnauthorized: true });
}
