// Cover paid online and cancelled before it starts is given back through the card provider
// (docs/product.md#cancelling-and-voiding): the provider is called before the cancellation's transaction, never inside it, with idempotency keys
// made from the policy, so a retry after a failure refunds once; the transaction then records each refund as a
// negative `hosted-card` payment with the provider's refund id. A provider failure cancels nothing (502).
import { and, desc, eq } from 'drizzle-orm';
import { onlinePaymentMessages } from '../../../contract/online-payments';
import type { Deps } from '../../../deps';
import { PaymentProviderError } from '../../../errors';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { policyPayments } from '../../../platform/db/schema/index';
import type { Actor, PolicyRow } from './row';

export interface OnlineRefund {
  paymentIntent: string;
  amountPence: number;
  refundId: string;
}

/** The refunds a cancellation owes through the provider: by payment intent, and how many were recorded before. */
export interface OnlineRefundsDue {
  due: { paymentIntent: string; amountPence: number }[];
  totalPence: number;
  refundsSoFar: number;
}

const NONE: OnlineRefundsDue = { due: [], totalPence: 0, refundsSoFar: 0 };

/**
 * What the policy's online payments leave to give back, by payment intent, newest first: their net sum (refunds are
 * negative) taken from the newest payments (a purchase is one payment; an extension would be another).
 */
async function onlineBalance(db: DbOrTx, policyId: number): Promise<OnlineRefundsDue> {
  const rows = await db
    .select({ amountPence: policyPayments.amountPence, reference: policyPayments.reference })
    .from(policyPayments)
    .where(and(eq(policyPayments.policyId, policyId), eq(policyPayments.method, 'hosted-card')))
    .orderBy(desc(policyPayments.id));
  let left = rows.reduce((sum, r) => sum + r.amountPence, 0);
  const due: { paymentIntent: string; amountPence: number }[] = [];
  for (const r of rows) {
    if (left <= 0) break;
    if (r.amountPence <= 0 || r.reference === null) continue;
    const amountPence = Math.min(r.amountPence, left);
    due.push({ paymentIntent: r.reference, amountPence });
    left -= amountPence;
  }
  return { due, totalPence: due.reduce((sum, d) => sum + d.amountPence, 0), refundsSoFar: rows.filter((r) => r.amountPence < 0).length };
}

/** What is owed back online when a cancellation takes effect (`at`) before the cover starts: nothing when it starts first. */
export function onlineRefundsDue(db: DbOrTx, policy: PolicyRow, at: number): Promise<OnlineRefundsDue> {
  return at < policy.startAt ? onlineBalance(db, policy.id) : Promise.resolve(NONE);
}

/** Gives back through the provider what `owed` says, outside any transaction: the provider's refund ids. */
export async function refundOnline(deps: Deps, policy: PolicyRow, { due, refundsSoFar }: OnlineRefundsDue): Promise<OnlineRefund[]> {
  if (due.length === 0) return [];
  const payments = deps.payments;
  if (!payments) throw new PaymentProviderError(onlinePaymentMessages.refundFailed, new Error('No card provider set up (STRIPE_SECRET_KEY)'));
  const refunds: OnlineRefund[] = [];
  for (const { paymentIntent, amountPence } of due) {
    // The same refund for the same cancellation tried again; a later one (after one recorded) is a new key.
    const key = `kc-refund-${policy.id}-${paymentIntent}-${amountPence}-${refundsSoFar}`;
    try {
      const { id } = await payments.refund(paymentIntent, amountPence, key);
      refunds.push({ paymentIntent, amountPence, refundId: id });
    } catch (err) {
      deps.logger.error({ err, policyNumber: policy.policyNumber, paymentIntent, refunded: refunds.map((r) => r.refundId) }, 'card provider: refund failed');
      throw new PaymentProviderError(onlinePaymentMessages.refundFailed, err);
    }
  }
  return refunds;
}

/** Records the provider's refunds in the cancellation's `tx`, each once (a concurrent try may have recorded it). */
export async function recordOnlineRefunds(tx: Tx, policyId: number, refunds: OnlineRefund[], by: Actor, now: number): Promise<OnlineRefund[]> {
  const recorded: OnlineRefund[] = [];
  for (const refund of refunds) {
    const [seen] = await tx
      .select({ id: policyPayments.id })
      .from(policyPayments)
      .where(and(eq(policyPayments.policyId, policyId), eq(policyPayments.reference, refund.refundId)))
      .limit(1);
    if (seen) continue;
    await tx.insert(policyPayments).values({ policyId, amountPence: -refund.amountPence, method: 'hosted-card', reference: refund.refundId, at: now, username: by.username, userId: by.id });
    recorded.push(refund);
  }
  return recorded;
}
