// The page's one clock (docs/product.md#limits-and-constants), on Date.now() and setInterval only, so tests drive
// it with fake timers or page.clock.
import { useEffect, useState } from 'react';

const COUNTDOWN_REFRESH_MS = 1000;

/** Epoch ms, refreshed every `intervalMs`. */
export function useNow(intervalMs: number = COUNTDOWN_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Catch up at once (the page may have been rendered a while before this effect ran), then tick.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
