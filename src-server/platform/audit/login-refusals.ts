// The audit entries of refused sign-ins (docs/product.md#audit-log). Anyone can send sign-ins, so each refusal
// counts on one entry per key and window (audit/log.ts writeRepeatedLog) rather than writing a row of its own:
// 3,000 guesses at one account are one 'Login failed for …' entry counting 5 and one 'Login throttled for …'
// entry counting the rest, not 3,000 rows.
import type { Deps } from '../../deps';
import { LOGIN_REFUSAL_WINDOW_MS, logRepeatedEvent } from './log';

/**
 * A wrong password or an unknown name: counted per identifier as typed (`userKey`, the throttle's key, lower
 * case). `typed` is the identifier as the log may quote it (audit/safe-text.ts).
 */
export function logLoginFailed(deps: Deps, typed: string, userKey: string): Promise<void> {
  return logRepeatedEvent(
    deps,
    { action: `Login failed for ${typed}`, level: 'warning', username: typed },
    { key: `login-failed:${userKey}`, windowMs: LOGIN_REFUSAL_WINDOW_MS },
  );
}

/**
 * A sign-in refused by the throttle (429), counted under the limit that refused it: the identifier's, or, when
 * only the client address is over its limit, the address's, so a spray of different names from one address is
 * one entry too (it names the first one; the address itself is never shown). Counted in memory and written with
 * the next batch (audit/refusal-log.ts), so a refusal writes nothing on its own path.
 */
export function logLoginThrottled(deps: Pick<Deps, 'refusals' | 'clock'>, typed: string, refusedBy: { userKey: string } | { addressKey: string }): void {
  const entry =
    'userKey' in refusedBy
      ? { action: `Login throttled for ${typed}`, key: `login-throttled:${refusedBy.userKey}` }
      : { action: `Login throttled for an address (first: ${typed})`, key: `login-throttled:${refusedBy.addressKey}` };
  deps.refusals.log.count({ action: entry.action, level: 'warning', username: typed }, { key: entry.key, windowMs: LOGIN_REFUSAL_WINDOW_MS }, deps.clock.now());
}
