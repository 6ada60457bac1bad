// The rule "a policy from a quote request is in force only once paid" (docs/product.md#payments), in one place: a
// save refuses to put such a policy in force before payments cover its premium (service.ts savePolicy), and recording
// the payment that covers it puts it in force through that same save (modules/policies/payments/service.ts).
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { policyPayments, quoteRequests } from '../../../platform/db/schema/index';

/** Whether the policy was issued from a quote request (quote_requests_policy_idx). */
export async function isFromRequest(db: DbOrTx, policyId: number): Promise<boolean> {
  const [row] = await db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.policyId, policyId)).limit(1);
  return row !== undefined;
}

/** What the policy's payments come to, in pence (refunds are negative). */
export async function paidPence(db: DbOrTx, policyId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number | null>`sum(${policyPayments.amountPence})` })
    .from(policyPayments)
    .where(eq(policyPayments.policyId, policyId));
  return Number(row?.total ?? 0);
}

/** Whether payments cover a premium: there is one, above nothing, and at least that much was paid. */
export const covers = (paid: number, premiumPence: number | null) => premiumPence !== null && premiumPence > 0 && paid >= premiumPence;

/** Whether the policy may not yet be in force: it came from a request and its payments do not cover `premiumPence`. */
export async function awaitsPayment(db: DbOrTx, policyId: number, premiumPence: number | null): Promise<boolean> {
  return (await isFromRequest(db, policyId)) && !covers(await paidPence(db, policyId), premiumPence);
}
