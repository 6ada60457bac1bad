// Fixed-window counters in the database, so every server process shares them and a restart keeps them.
// Each hit is one atomic upsert, so parallel requests count exactly.
import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { throttle } from '../db/schema/index';

/** The sign-in counters: per username (any letter case) and per client address. */
export const loginThrottleKeys = {
  user: (username: string) => `login:user:${username.toLowerCase()}`,
  address: (clientAddress: string) => `login:ip:${clientAddress}`,
};

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export interface ThrottleHit {
  count: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
  over: boolean;
}

/** Counts one attempt against `key` and says whether it went over the rule's limit. */
export async function hitThrottle(db: DbOrTx, key: string, rule: ThrottleRule, nowMs: number): Promise<ThrottleHit> {
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
  const retryAfterSeconds = Math.max(1, Math.ceil((row!.windowStart + rule.windowMs - nowMs) / 1000));
  return { count: row!.count, retryAfterSeconds, over: row!.count > rule.limit };
}

/** Gives back one attempt (a successful login is not a failure). */
export async function refundThrottle(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(throttle)
    .set({ count: sql`max(${throttle.count} - 1, 0)` })
    .where(eq(throttle.key, key));
}

export async function clearThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(throttle).where(eq(throttle.key, key));
}

/** Drops windows that ended long ago (housekeeping, from the periodic sweep). */
export async function pruneThrottle(db: DbOrTx, nowMs: number, olderThanMs = 24 * 3600_000): Promise<void> {
  await db.delete(throttle).where(lt(throttle.windowStart, nowMs - olderThanMs));
}
