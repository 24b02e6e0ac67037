// POST /api/auth/logout: ends the session on the server. Pressed without a connection (a shared phone in a dead
// spot), the visitor is signed out on the phone at once and the server is told when the phone is next online, so the
// session cookie left behind does not stay live for its 30 days (issue 29 part 5).
import { ApiError, api } from '../../lib/api-client';
import { keys, read, remove, write } from '../../lib/storage';

export async function logout(): Promise<void> {
  try {
    await api('/api/auth/logout', { method: 'POST', allowUnauthorized: true });
    remove(keys.pendingLogout);
  } catch (error) {
    // No answer, or the server's failure: try again later. A refusal (the session had already ended) is final.
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) write(keys.pendingLogout, '1');
    else remove(keys.pendingLogout);
  }
}

/**
 * The logout pressed offline, finished now (at the app's start, and when the connection returns), unless someone
 * has signed in on this phone since: their sign-in replaced the old cookie, and this would end their session.
 */
export function finishPendingLogout(): void {
  if (!read(keys.pendingLogout)) return;
  if (read(keys.isAuthenticated)) remove(keys.pendingLogout);
  else void logout();
}
