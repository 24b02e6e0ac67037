// The console session (decision 019): who is signed in, and signing out.
import { ApiError, api } from '../lib/api-client';
import type { ConsoleMe } from './console-types';

/** GET /api/console/me: the operator, or null without a console session (401 or 403). */
export async function fetchConsoleMe(): Promise<ConsoleMe | null> {
  try {
    return await api<ConsoleMe>('/api/console/me', { allowUnauthorized: true });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** POST /api/console/session/logout. */
export async function signOutOfConsole(): Promise<void> {
  await api('/api/console/session/logout', { method: 'POST', body: {}, allowUnauthorized: true });
}
