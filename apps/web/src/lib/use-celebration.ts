// Starts a win moment once per screen (decision 029): the vibration, and whether to move.
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion, vibrate } from './celebrate';

/** True when the moment may move (no reduced motion); vibrates once with `pattern` on arrival. */
export function useCelebration(pattern: readonly number[]): boolean {
  const [motion] = useState(() => !prefersReducedMotion());
  const buzzed = useRef(false);
  useEffect(() => {
    if (buzzed.current) return;
    buzzed.current = true;
    vibrate([...pattern]);
  }, [pattern]);
  return motion;
}
