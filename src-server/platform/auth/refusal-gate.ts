// Refusals the database made, remembered until their window ends so later requests for the key are refused before
// anything is read or written (docs/operations.md#refusals): a flood then queues no writes on the main thread.
import type { ThrottleLimit } from '../metrics';

export interface RefusalGate {
  /** The refusal remembered for `key` at `now` (the seconds until its window ends, the limit that made it); else the database decides. */
  refusal(key: string, now: number): { retryAfterSeconds: number; limit: ThrottleLimit } | undefined;
  /**
   * Remembers that `key` refuses until `resetsAt`; a `liftable` one (a password reset may lift it in another process:
   * docs/product.md#password-reset) for LIFTABLE_TRUST_MS at a time.
   */
  remember(key: string, refusal: { resetsAt: number; limit: ThrottleLimit; liftable?: boolean }, now: number): void;
  forget(key: string): void;
  forgetPrefix(prefix: string): void;
  readonly size: number;
}

/** How long a liftable refusal is answered from memory: a flood costs one read a second, a lift shows within one. */
export const LIFTABLE_TRUST_MS = 1000;
/** Keys remembered at most; forgetting only costs a read, so the oldest is dropped when full. */
export const MAX_REMEMBERED = 10_000;

interface Entry {
  resetsAt: number;
  /** Until when memory answers for it (resetsAt, or sooner for a liftable refusal). */
  trustedUntil: number;
  limit: ThrottleLimit;
}

/** Every gate of this process (one per app; tests make several): a counter cleared in the database is forgotten by all. */
const gates = new Set<WeakRef<RefusalGate>>();

function everyGate(action: (gate: RefusalGate) => void): void {
  for (const ref of gates) {
    const gate = ref.deref();
    if (gate) action(gate);
    else gates.delete(ref);
  }
}

/** Called where a counter is cleared (auth/throttle.ts): forgetting is always safe, it only costs a read. */
export const forgetEverywhere = (key: string) => everyGate((gate) => gate.forget(key));
export const forgetPrefixEverywhere = (prefix: string) => everyGate((gate) => gate.forgetPrefix(prefix));

export function createRefusalGate(maxEntries = MAX_REMEMBERED): RefusalGate {
  // In insertion order, so the first key is the one remembered longest ago.
  const entries = new Map<string, Entry>();
  const gate: RefusalGate = {
    refusal(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now >= entry.trustedUntil) {
        entries.delete(key);
        return undefined;
      }
      return { retryAfterSeconds: Math.max(1, Math.ceil((entry.resetsAt - now) / 1000)), limit: entry.limit };
    },
    remember(key, refusal, now) {
      if (refusal.resetsAt <= now) return;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const trustedUntil = refusal.liftable ? Math.min(refusal.resetsAt, now + LIFTABLE_TRUST_MS) : refusal.resetsAt;
      entries.set(key, { resetsAt: refusal.resetsAt, trustedUntil, limit: refusal.limit });
    },
    forget(key) {
      entries.delete(key);
    },
    forgetPrefix(prefix) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
  gates.add(new WeakRef(gate));
  return gate;
}
