// The console's sign-in (docs/product.md §15, decisions 019 and 056): the visitors' e-mail link or code, then
// POST /api/auth/console. Every call handles its own 401 (allowUnauthorized): the console never sends
// anyone to the visitor app's welcome page.
import { api } from '../lib/api-client';
import { askWithBinding } from '../lib/browser-binding';
import type { ConsoleMe } from './console-types';
import { consolePaths } from './console-paths';

/** POST /api/auth/email-link: the link opens /console; the e-mail also holds the code. */
export async function sendConsoleLink(email: string): Promise<void> {
  // Once more with a binding if refused for want of one (decision 058).
  await askWithBinding(async () => {
    await api('/api/auth/email-link', {
      method: 'POST',
      body: { email: email.trim(), returnTo: consolePaths.home },
      allowUnauthorized: true,
    });
  });
}

/** A proven address, not yet a console session: its idToken is bound to this browser and unspent. */
export interface ConsoleProof {
  email: string;
  idToken: string;
}

/** POST /api/auth/email-link/verify: the link's token or the address and code. */
export async function verifyConsoleProof(proof: { token: string } | { email: string; code: string }): Promise<ConsoleProof> {
  const { idToken, email } = await api<{ idToken: string; email: string }>('/api/auth/email-link/verify', {
    method: 'POST',
    body: proof,
    allowUnauthorized: true,
  });
  return { idToken, email };
}

/** POST /api/auth/console: spends the proof and opens the console session (it replaces this browser's). */
export function startConsoleSession(idToken: string): Promise<ConsoleMe> {
  return api<ConsoleMe>('/api/auth/console', { method: 'POST', body: { idToken }, allowUnauthorized: true });
}

/** Both at once: the sign-in screen's code. */
export async function signInToConsole(proof: { token: string } | { email: string; code: string }): Promise<ConsoleMe> {
  return startConsoleSession((await verifyConsoleProof(proof)).idToken);
}
