// Attempts at something only its holder can know (an e-mailed link's token, a second-factor code or challenge, a
// passkey's answer), refused per client address the way sign-ins are (docs/operations.md#refusals): each refusal is
// counted in the database by one atomic upsert, and once a counter is full the process refuses its key from memory
// until the window ends, reading and writing nothing. A flood from one address costs at most a limit's worth of
// writes a window, then nothing. One definition for every such route: they differ only in their keys.
import { messages } from '../../contract/messages';
import type { Deps } from '../../deps';
import { ThrottledError } from '../../errors';
import type { DbOrTx } from '../db/client';
import type { ThrottleLimit } from '../metrics';
import { addressThrottleKey, countAttempt, peekThrottle, type ThrottleRule } from './throttle';

export interface AttemptLimit {
  key: string;
  rule: ThrottleRule;
  /** What throttle_refusals_total counts a refusal by it as. */
  limit: ThrottleLimit;
}

/** Refused attempts per client address: the sign-in's per-address rule, 20 per 15 minutes (docs/product.md#login). */
export const REFUSED_ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };

/** The per-address limit of one kind of attempt ('account-link', 'second-factor', 'passkey'). */
export const addressLimit = (kind: string, clientAddress: string, limit: ThrottleLimit): AttemptLimit => ({
  key: addressThrottleKey(kind, clientAddress),
  rule: REFUSED_ADDRESS_RULE,
  limit,
});

/** The e-mailed links (a password reset or invitation, an address confirmation, an e-mail change), counted together. */
export const accountLinkLimit = (clientAddress: string) => addressLimit('account-link', clientAddress, 'account_link_address');

type LimitDeps = Pick<Deps, 'db' | 'write' | 'refusals' | 'metrics'>;

function refused(deps: Pick<Deps, 'metrics'>, limit: ThrottleLimit, retryAfterSeconds: number): never {
  deps.metrics.throttleRefused(limit);
  throw new ThrottledError(messages.tooManyAttempts, retryAfterSeconds);
}

/**
 * Refuses (429, nothing written) while one of `limits` is full, before the attempt is looked at, so the right token
 * or code is refused too, as a right password is past the sign-in limits. From memory when this process has seen
 * the refusal, else from one read of each counter, and then remembered until its window ends. `alsoKeys` are
 * checked first, and remembered with any refusal by `limits`: a second-factor challenge, whose account (and so
 * whose limit) is known only after a read of it.
 */
export async function assertAttemptRoom(deps: LimitDeps, limits: AttemptLimit[], now: number, alsoKeys: string[] = []): Promise<void> {
  const { gate } = deps.refusals;
  const rememberAlso = (retryAfterSeconds: number, limit: ThrottleLimit) => {
    for (const key of alsoKeys) gate.remember(key, { resetsAt: now + retryAfterSeconds * 1000, limit }, now);
  };
  for (const key of [...alsoKeys, ...limits.map((l) => l.key)]) {
    const remembered = gate.refusal(key, now);
    if (!remembered) continue;
    if (!alsoKeys.includes(key)) rememberAlso(remembered.retryAfterSeconds, remembered.limit);
    return refused(deps, remembered.limit, remembered.retryAfterSeconds);
  }
  let first: { limit: ThrottleLimit; retryAfterSeconds: number } | undefined;
  for (const { key, rule, limit } of limits) {
    const state = await peekThrottle(deps.db, key, rule, now);
    if (!state.full) continue;
    gate.remember(key, { resetsAt: state.resetsAt, limit }, now);
    first ??= { limit, retryAfterSeconds: state.retryAfterSeconds };
  }
  if (!first) return;
  rememberAlso(first.retryAfterSeconds, first.limit);
  return refused(deps, first.limit, first.retryAfterSeconds);
}

/**
 * A refused attempt (a bad or spent token, a wrong code, an unknown challenge): counted against each of `limits` in
 * one write, with `alongside` (its audit entry) in the same transaction; 429 when that takes one past its limit
 * (remembered, so later attempts write nothing), else `refusal` itself.
 */
export async function refuseAttempt(deps: LimitDeps, limits: AttemptLimit[], now: number, refusal: Error, alongside?: (tx: DbOrTx) => Promise<void>): Promise<never> {
  const attempt = await countAttempt(deps, limits, now, alongside);
  if (attempt.refusedBy) return refused(deps, attempt.refusedBy, attempt.retryAfterSeconds);
  throw refusal;
}
