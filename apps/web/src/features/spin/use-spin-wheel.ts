// The spin screen's states (docs/product.md §5.5): idle, then spinning (the request is in flight), then the
// wheel turns for 3 s to the server's result, then the win popup; closing the popup resets the wheel. The server
// says how many spins are left (GET /api/spin); a reload during the spin shows the result it awarded (decision 023).
import type { SpinResult } from '@quackquest/contract/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '../../components/alert';
import { ApiError } from '../../lib/api-client';
import { meQueryKey } from '../../lib/me-api';
import { paths } from '../../lib/paths';
import { clearSession, isAuthenticated, keys, read } from '../../lib/storage';
import { postSpin } from './spin-api';
import { spinFailure, spinTexts } from './spin-errors';
import {
  forgetSpinStarted,
  rememberSpinStarted,
  resumedResult,
  spinStartedBefore,
  spinStatusQueryKey,
  useSpinStatus,
} from './spin-status';
import { SPIN_DURATION_MS, finalAngle } from './wheel-angle';

export type SpinPhase = 'idle' | 'requesting' | 'turning' | 'won';

export function useSpinWheel() {
  const alert = useAlert();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SpinPhase>('idle');
  const [rotation, setRotation] = useState(0);
  const [result, setResult] = useState<SpinResult | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const status = useSpinStatus();
  // A spin this tab started before a reload: its result, once the server has told us.
  const [startedBefore, setStartedBefore] = useState(spinStartedBefore);
  const resumed = phase === 'idle' && status.data ? resumedResult(startedBefore, status.data) : null;
  useEffect(() => {
    // Shown (a reload mid-spin) or never arrived: either way no longer in progress, so leaving the popup by its
    // LEADERBOARD link instead of Close cannot bring it back on the next visit (issue 27).
    if (status.data && startedBefore !== null) forgetSpinStarted();
  }, [status.data, startedBefore]);

  async function fail(failure: { message: string; redirectTo?: string }) {
    forgetSpinStarted();
    setPhase('idle');
    if (failure.redirectTo === paths.login) clearSession();
    await alert(failure.message);
    if (failure.redirectTo) void navigate(failure.redirectTo);
  }

  async function spin() {
    if (phase !== 'idle') return;
    if (!isAuthenticated()) return fail({ message: spinTexts.notLoggedIn, redirectTo: paths.login });
    setPhase('requesting');
    rememberSpinStarted(status.data);
    let won: SpinResult;
    try {
      won = await postSpin(read(keys.checkpointType));
    } catch (error) {
      return fail(spinFailure(error instanceof ApiError ? error : {}));
    }
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    void queryClient.invalidateQueries({ queryKey: spinStatusQueryKey });
    setResult(won);
    setRotation(finalAngle(won.duckPointsAwarded));
    setPhase('turning');
    timer.current = window.setTimeout(() => {
      // The result is on screen: a later visit starts idle, however this popup is left.
      forgetSpinStarted();
      setPhase('won');
    }, SPIN_DURATION_MS);
  }

  function reset() {
    forgetSpinStarted();
    setStartedBefore(null);
    window.clearTimeout(timer.current);
    setPhase('idle');
    setRotation(0);
    setResult(null);
  }

  if (resumed) {
    return { phase: 'won' as const, rotation: finalAngle(resumed.duckPointsAwarded), result: resumed, spin, reset, spinsLeft: 0 };
  }
  return { phase, rotation, result, spin, reset, spinsLeft: status.data?.spinsLeft };
}
