// The quote requests per instant decision and how many of each were bought (docs/product.md#the-three-answers), so
// staff see what the rates price, refer and decline, and what each turns into.
import { and, count, eq, exists, gt, isNotNull, or } from 'drizzle-orm';
import { quoteDecisions, type DecisionCountsView, type QuoteDecision } from '../../../contract/views';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { policies, policyPayments, quoteRequests } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';

/** A request is bought when the policy issued from it was ever in force, or has money paid against it. */
const paid = (db: Deps['db']) =>
  exists(
    db
      .select({ id: policyPayments.id })
      .from(policyPayments)
      .where(and(eq(policyPayments.policyId, policies.id), gt(policyPayments.amountPence, 0))),
  );

/** GET /api/admin/stats/decisions and admin.decisionCounts: per decision, the requests and those bought. */
export async function getDecisionCounts(deps: Deps, caller: Caller): Promise<DecisionCountsView> {
  assertAdminRights(caller);
  const { db } = deps;
  // The requests by decision (quote_requests_decision_created_idx); the bought ones from the requests with a policy
  // only (quote_requests_policy_idx), never the table's every row twice.
  const [all, bought] = await Promise.all([
    db.select({ decision: quoteRequests.decision, total: count() }).from(quoteRequests).where(isNotNull(quoteRequests.decision)).groupBy(quoteRequests.decision),
    db
      .select({ decision: quoteRequests.decision, total: count() })
      .from(quoteRequests)
      .innerJoin(policies, eq(policies.id, quoteRequests.policyId))
      .where(and(isNotNull(quoteRequests.policyId), isNotNull(quoteRequests.decision), or(isNotNull(policies.inForceAt), paid(db))))
      .groupBy(quoteRequests.decision),
  ]);
  const of = (rows: { decision: QuoteDecision | null; total: number }[], d: QuoteDecision) => rows.find((r) => r.decision === d)?.total ?? 0;
  const entry = (d: QuoteDecision) => ({ requests: of(all, d), bought: of(bought, d) });
  const [instant, referred, declined] = quoteDecisions.map(entry) as [ReturnType<typeof entry>, ReturnType<typeof entry>, ReturnType<typeof entry>];
  return { instant, referred, declined };
}
