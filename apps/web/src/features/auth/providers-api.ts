// GET /api/auth/providers: which sign-in providers this server offers.
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';

export function getProviders(): Promise<{ google: boolean }> {
  return api<{ google: boolean }>('/api/auth/providers', { allowUnauthorized: true });
}

/**
 * Whether the server offers Google sign-in: null until it answers (the button shows meanwhile, as on a configured
 * server), false when it has no Google client (issue 30 part 5: a choice that is not configured is not a button).
 */
export function useGoogleOffered(): boolean | null {
  const [offered, setOffered] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    getProviders().then(
      ({ google }) => current && setOffered(google),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return offered;
}
