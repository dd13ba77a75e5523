import { useEffect, useState } from 'react';

/** The SPA's clock (Date.now()), read again every `everyMs` so an age shown on screen keeps up with time. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
