// "Buy now" (docs/product.md#paying-online): the customer's own price that stands is accepted and its pending policy
// issued to their account in one transaction, then the card provider's hosted page is made for what is left to pay.
// Only the provider's webhook records the payment (modules/policies/payments/webhook.ts), which puts the cover in force.
import { eq } from 'drizzle-orm';
import { offerMessages } from '../../../contract/offer';
import { onlinePaymentMessages, type BuyQuoteReply } from '../../../contract/online-payments';
import type { Tx } from '../../../platform/db/client';
import { policies, users } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, NotFoundError } from '../../../errors';
import { openCheckout, paidPence, type PolicyRow } from '../../policies';
import { productLabels } from '../../../contract/products';
import { accept, acceptanceRefusal, ownRequest } from './accept';
import { issueFromRequest, mergedPolicy } from './issue-policy';
import type { QuoteRow } from './offer';
import { quoteQueue } from './service';

const MINUTE_MS = 60_000;
/**
 * Buys within one window share their idempotency key, so a double click (or a retry after a lost answer) makes one
 * hosted page; a later Buy, after one was left, makes a new one.
 */
const KEY_WINDOW_MS = 10 * MINUTE_MS;
/** A hosted page stays open 30 minutes (Stripe's shortest) after its window ends: the same for every use of a key. */
const PAGE_OPEN_MS = 30 * MINUTE_MS;

interface Order {
  policy: PolicyRow;
  email: string;
  balancePence: number;
}

/**
 * The pending policy an earlier Buy issued from this request, for a retry after its page was left: the caller's own,
 * not paid in full, while the price it was bought at stands (the request was closed by that Buy, not the price).
 */
async function earlierPurchase(tx: Tx, row: QuoteRow, caller: Caller, now: number): Promise<PolicyRow> {
  const [policy] = await tx.select().from(policies).where(eq(policies.id, row.policyId!)).limit(1);
  if (!policy || policy.userId !== caller.id) throw new ConflictError(offerMessages.alreadyIssued);
  if (policy.status !== 'pending') throw new ConflictError(policy.status === 'active' ? onlinePaymentMessages.paidAlready : offerMessages.alreadyIssued);
  const refusal = acceptanceRefusal({ ...row, status: 'quoted' }, now);
  if (refusal) throw new ConflictError(refusal);
  return policy;
}

/** Accepts the price online and issues its pending policy to the caller's own account, in `tx`. */
async function newPurchase(deps: Deps, tx: Tx, row: QuoteRow, caller: Caller, email: string, now: number): Promise<PolicyRow> {
  if (row.status === 'closed') throw new ConflictError(offerMessages.closed);
  // An acceptance recorded earlier (by phone) does not stand for a price that has lapsed since.
  const refusal = acceptanceRefusal(row, now);
  if (refusal) throw new ConflictError(refusal);
  await accept(tx, row, 'online', caller, now);
  const fields = mergedPolicy(row, {});
  // The request is the caller's (claimed by their confirmed address): the policy joins their account, no invitation.
  const account = { id: caller.id, username: caller.username, email, placement: 'confirmed' as const };
  const { policy } = await issueFromRequest(deps, tx, caller, row, fields, account, now, { documents: false });
  return policy;
}

/** The caller's request, accepted, with its pending policy (new or from an earlier Buy), and what is left to pay. */
function placeOrder(deps: Deps, caller: Caller, reference: string, now: number): Promise<Order> {
  return deps.write(async (tx) => {
    const row = await ownRequest(tx, caller, reference);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, caller.id)).limit(1);
    if (!user) throw new NotFoundError(quoteQueue.notFound);
    const policy = row.policyId !== null ? await earlierPurchase(tx, row, caller, now) : await newPurchase(deps, tx, row, caller, user.email, now);
    const balancePence = (policy.premiumPence ?? 0) - (await paidPence(tx, policy.id));
    if (balancePence <= 0) throw new ConflictError(onlinePaymentMessages.paidAlready);
    return { policy, email: user.email, balancePence };
  });
}

/** POST /api/user/quotes/{reference}/buy and quotes.buy: where to pay, and the policy the payment puts in force. */
export async function buyQuote(deps: Deps, caller: Caller, reference: string): Promise<BuyQuoteReply> {
  if (!deps.payments) throw new ConflictError(onlinePaymentMessages.unavailable);
  const now = deps.clock.now();
  const { policy, email, balancePence } = await placeOrder(deps, caller, reference, now);
  const { policyNumber } = policy;
  const window = Math.floor(now / KEY_WINDOW_MS);
  // Outside the transaction: the provider is a network call. Its failure leaves the pending policy for the next Buy.
  const checkoutUrl = await openCheckout(deps, caller, {
    policy,
    kind: 'purchase',
    order: {
      amountPence: balancePence,
      description: `${productLabels[policy.product]}, ${policyNumber}`,
      customerEmail: email,
      successUrl: `${deps.publicUrl}/purchase/done?policy=${encodeURIComponent(policyNumber)}`,
      cancelUrl: `${deps.publicUrl}/request-quote-step3?reference=${encodeURIComponent(reference)}&cancelled=1`,
      metadata: { policyNumber, kind: 'purchase', quoteReference: reference },
      idempotencyKey: `kc-purchase-${policy.id}-${balancePence}-${window}`,
      expiresAt: (window + 1) * KEY_WINDOW_MS + PAGE_OPEN_MS,
    },
  });
  return { checkoutUrl, policyNumber };
}
