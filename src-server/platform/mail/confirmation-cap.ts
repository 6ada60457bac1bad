// A cap on the confirmations the public forms send to one address (docs/product.md#e-mails), so nobody can flood a
// stranger's inbox; past it the request is still stored, only not confirmed. Counted in the request's transaction.
import type { DbOrTx } from '../db/client';
import { hitThrottle, type ThrottleRule } from '../auth/throttle';

/** Quote and callback confirmations to one recipient, counted together, in a fixed hour from the first. */
export const CONFIRMATIONS_PER_RECIPIENT: ThrottleRule = { limit: 3, windowMs: 60 * 60_000 };

/** The recipient as counted: lower case, without a `+tag` (most providers deliver it to the same inbox). */
export function confirmationRecipientKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return `confirm:to:${address}`;
  const local = address.slice(0, at).split('+')[0] || address.slice(0, at);
  return `confirm:to:${local}${address.slice(at)}`;
}

/** Counts a confirmation to `email` and says whether it may be sent (false once the hour's cap is reached). */
export async function mayConfirm(tx: DbOrTx, email: string, now: number): Promise<boolean> {
  const hit = await hitThrottle(tx, confirmationRecipientKey(email), CONFIRMATIONS_PER_RECIPIENT, now);
  return !hit.over;
}
