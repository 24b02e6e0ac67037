// GET /api/checkpoints: the checkpoints with this user's attempts (the API table (docs/product.md §10)).
import type { Checkpoint } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { prefetchAhead } from '../../lib/query-client';
import '../../lib/game-texts';

export const checkpointsQueryKey = ['checkpoints'] as const;

export const checkpointsTexts = {
  get fetchFailed() {
    return t('checkpoints.fetchFailed');
  },
  get parseFailed() {
    return t('checkpoints.parseFailed');
  },
} as const;

export class CheckpointsParseError extends Error {
  constructor() {
    super(checkpointsTexts.parseFailed);
  }
}

async function getCheckpoints(): Promise<Checkpoint[]> {
  const body = await api<{ data?: unknown } | undefined>('/api/checkpoints');
  if (!Array.isArray(body?.data)) throw new CheckpointsParseError();
  return body.data as Checkpoint[];
}

/**
 * The list is asked for as /checkpoints' code arrives (routes/checkpoints.tsx), alongside /api/me, rather than once
 * the screen is drawn: it is then usually there for the screen's first render.
 */
export function prefetchCheckpoints(): void {
  void prefetchAhead({ queryKey: checkpointsQueryKey, queryFn: getCheckpoints });
}

export function useCheckpoints() {
  return useQuery({ queryKey: checkpointsQueryKey, queryFn: getCheckpoints });
}
