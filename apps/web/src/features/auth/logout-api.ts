// POST /api/auth/logout: ends the session; a failure changes nothing for the visitor.
import { api } from '../../lib/api-client';

export async function logout(): Promise<void> {
  await api('/api/auth/logout', { method: 'POST', allowUnauthorized: true }).catch(() => undefined);
}
