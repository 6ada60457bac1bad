// A customer's own quote requests (docs/product.md#dashboard): those made with their account's e-mail address,
// whatever its letter case, newest first, with the offer and the policy issued from each. The customer sees
// where each stands; nothing staff wrote about it (notes, assignee) is shown.
import { desc, eq, sql } from 'drizzle-orm';
import type { MyQuoteRequestView } from '../../contract/views';
import { policies, quoteRequests, users } from '../../db/schema/index';
import type { Caller, Deps } from '../../deps';

/** The most a dashboard lists; older requests are long settled. */
const MINE_LIMIT = 20;

const iso = (ms: number) => new Date(ms).toISOString();

export async function myQuoteRequests(deps: Deps, caller: Caller): Promise<MyQuoteRequestView[]> {
  const [account] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, caller.id)).limit(1);
  if (!account) return [];
  const rows = await deps.db
    .select({ request: quoteRequests, policyNumber: policies.policyNumber })
    .from(quoteRequests)
    .leftJoin(policies, eq(policies.id, quoteRequests.policyId))
    // The same expression as the index quote_requests_email_idx.
    .where(sql`lower(${quoteRequests.email}) = lower(${account.email})`)
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(MINE_LIMIT);
  return rows.map(({ request: r, policyNumber }) => ({
    reference: r.reference,
    status: r.status,
    createdAt: iso(r.createdAt),
    product: r.product,
    offer:
      r.offerPremiumPence !== null && r.offerValidUntil !== null && r.offeredAt !== null
        ? { premium: r.offerPremiumPence / 100, validUntil: iso(r.offerValidUntil), offeredAt: iso(r.offeredAt) }
        : null,
    policyNumber: policyNumber ?? null,
  }));
}
