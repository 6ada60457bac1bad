// A customer's own quote requests (docs/product.md#dashboard), claimed once the address is confirmed
// (docs/product.md#e-mail-confirmation), newest first; nothing staff wrote about them (notes, assignee) is shown.
import { desc, eq } from 'drizzle-orm';
import type { MyQuoteRequestView } from '../../contract/views';
import { policies, quoteRequests } from '../../platform/db/schema/index';
import type { Caller, Deps } from '../../deps';
import { offerOf } from './service';

/** The most a dashboard lists; older requests are long settled. */
const MINE_LIMIT = 20;

export async function myQuoteRequests(deps: Deps, caller: Caller): Promise<MyQuoteRequestView[]> {
  const rows = await deps.db
    .select({ request: quoteRequests, policyNumber: policies.policyNumber })
    .from(quoteRequests)
    .leftJoin(policies, eq(policies.id, quoteRequests.policyId))
    // quote_requests_user_created_idx.
    .where(eq(quoteRequests.userId, caller.id))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(MINE_LIMIT);
  return rows.map(({ request: r, policyNumber }) => ({
    reference: r.reference,
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    product: r.product,
    offer: offerOf(r),
    policyNumber: policyNumber ?? null,
  }));
}
