// What a customer has paid for each of their own policies (docs/product.md#dashboard): the card shows it beside the
// premium. Kept apart from the policy list's read model, which payments do not change.
import { z } from 'zod';
import { eq, sum } from 'drizzle-orm';
import { defineOperation } from '../../../api/operation';
import type { Caller, Deps } from '../../../deps';
import { policies, policyPayments } from '../../../platform/db/schema/index';

/** Per policy of the caller's: what its payments come to, in pounds (refunds taken off). */
export const myPaidView = z
  .strictObject({ items: z.array(z.strictObject({ policyNumber: z.string(), paid: z.number() })) })
  .meta({ id: 'MyPaidView' });
export type MyPaidView = z.infer<typeof myPaidView>;

/** Only the caller's policies: policies_user_start_idx, then each one's payments by policy_payments_policy_idx. */
export async function myPaid(deps: Deps, caller: Caller): Promise<MyPaidView> {
  const rows = await deps.db
    .select({ policyNumber: policies.policyNumber, paid: sum(policyPayments.amountPence) })
    .from(policies)
    .innerJoin(policyPayments, eq(policyPayments.policyId, policies.id))
    .where(eq(policies.userId, caller.id))
    .groupBy(policies.id);
  return { items: rows.map((r) => ({ policyNumber: r.policyNumber, paid: Number(r.paid ?? 0) / 100 })) };
}

export const myPaidOperation = defineOperation({
  tier: 'customer',
  output: myPaidView,
  handler: ({ deps, caller }) => myPaid(deps, caller),
  rest: {
    method: 'get',
    path: '/user/policies/paid',
    operationId: 'listMyPaid',
    tags: ['Policies'],
    summary: 'What the caller has paid for each of their policies',
    description: 'Policies with no payment are left out (nothing paid). Refunds are taken off.',
    response: 'Paid per policy',
  },
});
