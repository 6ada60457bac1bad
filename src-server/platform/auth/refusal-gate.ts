// What this process remembers of the limits its requests went over (docs/operations.md#refusals): once the
// database's counter says a key is over its limit, later requests for that key are refused from memory until its
// window ends, before anything is read or written. Why: a refusal that costs a write transaction (its count, its
// audit entry) waits in the process's one write queue, whose commits run on the main thread, so a flood of
// refusals from one address would slow everyone else's answers by hundreds of milliseconds. The database stays the
// source of truth: every count under a limit is made there, and memory only holds refusals the database has
// already made. Several processes share the database; each remembers only what it has seen itself, which is still
// a refusal the database made.
import type { ThrottleLimit } from '../metrics';

/** A refusal remembered for a key: the seconds until its window ends, and which limit made it. */
export interface RememberedRefusal {
  retryAfterSeconds: number;
  limit: ThrottleLimit;
}

export interface RefusalGate {
  /** The refusal remembered for `key` at `now`, or undefined (then the database decides). */
  refusal(key: string, now: number): RememberedRefusal | undefined;
  /**
   * Remembers that `key` refuses until `resetsAt` (the end of its window). `liftable`: another process can lift the
   * refusal early (a password reset clears the sign-in counters of a name: docs/product.md#password-reset), so it
   * is trusted for LIFTABLE_TRUST_MS at a time and then read from the database again.
   */
  remember(key: string, refusal: { resetsAt: number; limit: ThrottleLimit; liftable?: boolean }, now: number): void;
  forget(key: string): void;
  /** Forgets every key that starts with `prefix`. */
  forgetPrefix(prefix: string): void;
  readonly size: number;
}

/**
 * How long a refusal another process may lift is answered from memory before the database is asked again: a flood
 * costs the database one read of it a second, and a reset in another process takes effect here within a second.
 */
export const LIFTABLE_TRUST_MS = 1000;
/**
 * Keys remembered at most. Forgetting a refusal only sends its next request to the database, so when full the one
 * remembered longest ago is dropped: an attacker with many addresses cannot grow this without limit.
 */
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
