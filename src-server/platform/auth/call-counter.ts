// Calls counted in this process's memory only, for a limit whose count in the database would itself be the shared
// write it exists to prevent: the passkey sign-in's options, which anyone may ask for and which store nothing
// (docs/operations.md#refusals). Fixed windows, as the database's counters (auth/throttle.ts); each process counts
// its own calls, so behind a balancer an address gets the limit once per process.
import type { ThrottleRule } from './throttle';

export interface CallCounter {
  /** Counts one call against `key`: over `rule`'s limit, the seconds until its window ends. */
  hit(key: string, rule: ThrottleRule, now: number): { over: boolean; retryAfterSeconds: number };
  readonly size: number;
}

/** Keys counted at most; a key forgotten to make room starts again from nought, so the oldest window goes first. */
export const MAX_COUNTED = 10_000;

export function createCallCounter(maxKeys = MAX_COUNTED): CallCounter {
  // In insertion order: a key whose window restarts moves to the end, so the first is the oldest window.
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, rule, now) {
      let window = windows.get(key);
      if (!window || window.start <= now - rule.windowMs) {
        windows.delete(key);
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      return { over: window.count > rule.limit, retryAfterSeconds: Math.max(1, Math.ceil((window.start + rule.windowMs - now) / 1000)) };
    },
    get size() {
      return windows.size;
    },
  };
}
