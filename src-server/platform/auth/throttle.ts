// Fixed-window counters in the database, shared by every process and kept over restarts; each hit is one atomic
// upsert, so parallel requests count exactly. Over its limit, a key is refused from memory (auth/refusal-gate.ts).
import { and, eq, gt, lt, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { throttle } from '../db/schema/index';
import type { WriteTransaction } from '../db/writer';
import type { ThrottleLimit } from '../metrics';
import { forgetEverywhere, forgetPrefixEverywhere, type RefusalGate } from './refusal-gate';
import { addressThrottleKey, throttleAddress } from './throttle-address';

export { addressThrottleKey } from './throttle-address';

/** A key part, URI-encoded; a lone surrogate (which encodeURIComponent throws on) as '%u' and its hex, never ambiguous. */
const part = (text: string) =>
  Array.from(text, (ch) => (ch.length === 1 && ch >= '\ud800' && ch <= '\udfff' ? `%u${ch.charCodeAt(0).toString(16)}` : encodeURIComponent(ch))).join('');

/**
 * The sign-in counters (docs/product.md#login): `pair`, `user`, `address`, and the `known` addresses the per-name
 * limit leaves open. Two-part keys are URI-encoded, so no part can end early and alias another pair.
 */
export const loginThrottleKeys = {
  user: (identifier: string) => `login:user:${identifier.toLowerCase()}`,
  address: (clientAddress: string) => addressThrottleKey('login', clientAddress),
  pair: (identifier: string, clientAddress: string) => `${loginThrottleKeys.pairsOf(identifier)}${part(throttleAddress(clientAddress))}`,
  /** The prefix of every `pair` key of one name. */
  pairsOf: (identifier: string) => `login:pair:${part(identifier.toLowerCase())}:`,
  known: (userId: number, clientAddress: string) => `login:known:${userId}:${part(throttleAddress(clientAddress))}`,
};

/** The known-address rows: pruned after KNOWN_ADDRESS_MS, not with the counters. */
const KNOWN_PREFIX = 'login:known:';

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/** Counts one attempt against `key` and says whether it went over the rule's limit, and when its window resets (ms). */
export async function hitThrottle(db: DbOrTx, key: string, rule: ThrottleRule, nowMs: number) {
  const staleBefore = nowMs - rule.windowMs;
  const [row] = await db
    .insert(throttle)
    .values({ key, count: 1, windowStart: nowMs })
    .onConflictDoUpdate({
      target: throttle.key,
      set: {
        count: sql`CASE WHEN ${throttle.windowStart} <= ${staleBefore} THEN 1 ELSE ${throttle.count} + 1 END`,
        windowStart: sql`CASE WHEN ${throttle.windowStart} <= ${staleBefore} THEN excluded.window_start ELSE ${throttle.windowStart} END`,
      },
    })
    .returning({ count: throttle.count, windowStart: throttle.windowStart });
  const resetsAt = row!.windowStart + rule.windowMs;
  return { count: row!.count, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - nowMs) / 1000)), resetsAt, over: row!.count > rule.limit };
}

/**
 * Reads `key`'s window without counting: lets a caller refuse before spending work on an attempt. `full` when the
 * window already holds `limit` attempts; `resetsAt` 0 when no window is open.
 */
export async function peekThrottle(db: DbOrTx, key: string, rule: ThrottleRule, nowMs: number) {
  const [row] = await db
    .select({ count: throttle.count, windowStart: throttle.windowStart })
    .from(throttle)
    .where(and(eq(throttle.key, key), gt(throttle.windowStart, nowMs - rule.windowMs)));
  if (!row) return { count: 0, retryAfterSeconds: 0, resetsAt: 0, full: false };
  const resetsAt = row.windowStart + rule.windowMs;
  return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - nowMs) / 1000)), resetsAt, full: row.count >= rule.limit };
}

/**
 * One attempt against each of `limits` (each named as throttle_refusals_total counts it) in one write, with
 * `alongside` (an audit entry) in the same transaction, or refused from memory if one was already over
 * (refusal-gate.ts), writing nothing. `refusedBy`: the first limit it is over (none: allowed). `deps` names the parts
 * it uses rather than Deps, which names the call counter and so this file's rules.
 */
export async function countAttempt(
  deps: { write: WriteTransaction; refusals: { gate: RefusalGate } },
  limits: { key: string; rule: ThrottleRule; limit: ThrottleLimit }[],
  nowMs: number,
  alongside?: (tx: DbOrTx) => Promise<void>,
) {
  const { gate } = deps.refusals;
  for (const { key } of limits) {
    const remembered = gate.refusal(key, nowMs);
    if (remembered) return { refusedBy: remembered.limit, retryAfterSeconds: remembered.retryAfterSeconds };
  }
  const hits = await deps.write(async (tx) => {
    const counted = [];
    for (const { key, rule } of limits) counted.push(await hitThrottle(tx, key, rule, nowMs));
    if (alongside) await alongside(tx);
    return counted;
  });
  limits.forEach(({ key, limit }, i) => {
    if (hits[i]!.over) gate.remember(key, { resetsAt: hits[i]!.resetsAt, limit }, nowMs);
  });
  const first = hits.findIndex((hit) => hit.over);
  return first === -1 ? { retryAfterSeconds: 0 } : { refusedBy: limits[first]!.limit, retryAfterSeconds: hits[first]!.retryAfterSeconds };
}

/** Clears `key`'s counter, and what this process remembers of its refusal. */
export async function clearThrottle(db: DbOrTx, key: string): Promise<void> {
  forgetEverywhere(key);
  await db.delete(throttle).where(eq(throttle.key, key));
}

/** Clears every key that starts with `prefix` (all the per-address counters of one name), in memory too. */
export async function clearThrottlePrefix(db: DbOrTx, prefix: string): Promise<void> {
  forgetPrefixEverywhere(prefix);
  await db.delete(throttle).where(sql`substr(${throttle.key}, 1, ${prefix.length}) = ${prefix}`);
}

/** Notes that `key` happened now (a sign-in from an address), for `seenWithin`. */
export async function markSeen(db: DbOrTx, key: string, nowMs: number): Promise<void> {
  await db
    .insert(throttle)
    .values({ key, count: 1, windowStart: nowMs })
    .onConflictDoUpdate({ target: throttle.key, set: { windowStart: nowMs } });
}

/** Whether `markSeen(key)` happened in the last `withinMs`. */
export async function seenWithin(db: DbOrTx, key: string, withinMs: number, nowMs: number): Promise<boolean> {
  const [row] = await db
    .select({ key: throttle.key })
    .from(throttle)
    .where(and(eq(throttle.key, key), gt(throttle.windowStart, nowMs - withinMs)));
  return row !== undefined;
}

/** How long an address an account signed in from stays known (`loginThrottleKeys.known`): the longest session. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

/** Drops windows that ended long ago; known addresses last KNOWN_ADDRESS_MS. */
export async function pruneThrottle(db: DbOrTx, nowMs: number, olderThanMs = 24 * 3600_000): Promise<void> {
  const isKnownAddress = sql`substr(${throttle.key}, 1, ${KNOWN_PREFIX.length}) = ${KNOWN_PREFIX}`;
  await db
    .delete(throttle)
    .where(or(and(lt(throttle.windowStart, nowMs - olderThanMs), not(isKnownAddress)), lt(throttle.windowStart, nowMs - Math.max(olderThanMs, KNOWN_ADDRESS_MS))));
}
