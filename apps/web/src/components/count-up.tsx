// A number that counts up from `from` to `to` (decision 029). With reduced motion it shows `to` at once.
// Screen readers hear only the final number.
import { useEffect, useState } from 'react';
import { COUNT_UP_MS, countUpValue, prefersReducedMotion } from '../lib/celebrate';

export function CountUp({ from, to }: { from: number; to: number }) {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? to : from));
  useEffect(() => {
    if (prefersReducedMotion() || from === to) return setShown(to);
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const value = countUpValue(from, to, now - start);
      setShown(value);
      if (value !== to || now - start < COUNT_UP_MS) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [from, to]);
  return (
    <>
      <span aria-hidden="true" className="count-up" data-final={to}>
        {shown}
      </span>
      <span className="visually-hidden">{to}</span>
    </>
  );
}
