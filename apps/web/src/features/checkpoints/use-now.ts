import { useEffect, useState } from 'react';

const nowSec = () => Math.floor(Date.now() / 1000);

/** The current time in Unix seconds, refreshed every 30 s so unlock texts and states move on. */
export function useNowSec(): number {
  const [now, setNow] = useState(nowSec);
  useEffect(() => {
    const id = setInterval(() => setNow(nowSec()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}
