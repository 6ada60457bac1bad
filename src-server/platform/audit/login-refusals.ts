// The audit entries of refused sign-ins (docs/product.md#audit-log): anyone can send them, so each counts on one
// entry per key and window (writeRepeatedLog), not a row of its own.
import type { Deps } from '../../deps';
import { LOGIN_REFUSAL_WINDOW_MS, logRepeatedEvent } from './log';

/** A wrong password or unknown name, counted per identifier as typed; `typed` is safe to quote. */
export function logLoginFailed(deps: Deps, typed: string, userKey: string): Promise<void> {
  return logRepeatedEvent(
    deps,
    { action: `Login failed for ${typed}`, level: 'warning', username: typed },
    { key: `login-failed:${userKey}`, windowMs: LOGIN_REFUSAL_WINDOW_MS },
  );
}

/**
 * A sign-in refused by the throttle (429), counted under the limit that refused it (a spray of names from one
 * address is one entry, never showing the address), in memory until the next batch (audit/refusal-log.ts).
 */
export function logLoginThrottled(deps: Pick<Deps, 'refusals' | 'clock'>, typed: string, refusedBy: { userKey: string } | { addressKey: string }): void {
  const entry =
    'userKey' in refusedBy
      ? { action: `Login throttled for ${typed}`, key: `login-throttled:${refusedBy.userKey}` }
      : { action: `Login throttled for an address (first: ${typed})`, key: `login-throttled:${refusedBy.addressKey}` };
  deps.refusals.log.count({ action: entry.action, level: 'warning', username: typed }, { key: entry.key, windowMs: LOGIN_REFUSAL_WINDOW_MS }, deps.clock.now());
}
