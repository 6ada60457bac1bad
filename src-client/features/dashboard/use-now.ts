// The dashboard's clock (SPEC.md §9: the countdown refreshes every 1000 ms). It reads Date.now() and
// setInterval only, so tests drive it with fake timers (Vitest) or page.clock (Playwright).
import { useEffect, useState } from 'react';

export const COUNTDOWN_REFRESH_MS = 1000;

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
