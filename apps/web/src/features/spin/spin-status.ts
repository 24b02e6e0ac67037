// GET /api/spin (docs/product.md §5.5, decision 023): how many spins the visitor has, and the last result. A spin
// in progress is remembered in this tab (sessionStorage `spinInProgress`: the last result's time before it), so a
// reload during the spin shows the result the server already awarded instead of an idle wheel.
import type { SpinResult, SpinStatus } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

export const spinStatusQueryKey = ['spin'] as const;

export function useSpinStatus() {
  return useQuery({ queryKey: spinStatusQueryKey, queryFn: () => api<SpinStatus>('/api/spin'), staleTime: 0 });
}

const SPIN_IN_PROGRESS = 'spinInProgress';

/** Before POST /api/spin: the time of the last result known so far ('' for none). */
export function rememberSpinStarted(status: SpinStatus | undefined): void {
  try {
    sessionStorage.setItem(SPIN_IN_PROGRESS, status?.last?.spunAt ?? '');
  } catch {
    // Storage blocked: a reload then shows an idle wheel, as before.
  }
}

/** The win popup was closed, or the spin failed. */
export function forgetSpinStarted(): void {
  try {
    sessionStorage.removeItem(SPIN_IN_PROGRESS);
  } catch {
    // Nothing to do.
  }
}

export function spinStartedBefore(): string | null {
  try {
    return sessionStorage.getItem(SPIN_IN_PROGRESS);
  } catch {
    return null;
  }
}

/**
 * The result to show on arrival: the last spin, when this tab started a spin and the server has spun one since
 * (`startedAfter` is the last result's time before it). Null when no spin was in progress, or it never arrived.
 */
export function resumedResult(startedAfter: string | null, status: SpinStatus): SpinResult | null {
  if (startedAfter === null || !status.last) return null;
  if (startedAfter !== '' && status.last.spunAt <= startedAfter) return null;
  const { duckPointsAwarded, message, pending } = status.last;
  return { duckPointsAwarded, message, pending };
}

export const spinStatusTexts = {
  get noSpins(): string {
    return t('spinStatus.noSpins');
  },
  spinsLeft: (n: number): string => t('spinStatus.spinsLeft', { n }),
};
