// A number that counts up from `from` to `to` (decision 029). With reduced motion it shows `to` at once.
// Screen readers hear only the final number.
import { useEffect, useState } from 'react';
import { COUNT_UP_MS, countUpValue, prefersReducedMotion } from '../lib/celebrate';

export function CountUp({ from, to }: { from: number; to: number }) {
  const [still] = useState(prefersReducedMotion);
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (still) return;
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      setElapsed(now - start);
      if (now - start < COUNT_UP_MS) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [still, from, to]);
  return (
    <>
      <span aria-hidden="true" className="count-up">
        {still ? to : countUpValue(from, to, elapsed)}
      </span>
      <span className="visually-hidden">{to}</span>
    </>
  );
}
