// A cap on the confirmations the public forms send (docs/product.md#e-mails). Anyone may type any address into
// the quote wizard or the callback form, so without one a script (or another site's page) could have us send
// a stranger's inbox a confirmation per request. Past the cap the request is still stored, logged and
// answered as usual: only its confirmation is not sent. The count is a throttle row in the database, shared
// by every server process, and counted in the request's own transaction.
import type { DbOrTx } from '../db/client';
import { hitThrottle, type ThrottleRule } from '../auth/throttle';

/** Quote and callback confirmations to one recipient, counted together, in a fixed hour from the first. */
export const CONFIRMATIONS_PER_RECIPIENT: ThrottleRule = { limit: 3, windowMs: 60 * 60_000 };

/**
 * The recipient as counted: the address in lower case, without a `+tag` in its local part (which most
 * providers deliver to the same inbox), so spelling variants share one count.
 */
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
