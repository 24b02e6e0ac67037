// GET /api/auth/providers: which sign-in providers this server offers.
import { api } from '../../lib/api-client';

export function getProviders(): Promise<{ google: boolean }> {
  return api<{ google: boolean }>('/api/auth/providers', { allowUnauthorized: true });
}
