// A customer's own quote requests (docs/product.md#dashboard), claimed once the address is confirmed
// (docs/product.md#e-mail-confirmation), newest first; nothing staff wrote about them (notes, assignee, who recorded an
// acceptance) is shown.
import { statementAnswers } from '../../../contract/statement-of-fact';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { MyQuoteRequestView } from '../../../contract/views';
import type { DbOrTx } from '../../../platform/db/client';
import { policies, quoteRequests } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { storedDetails } from '../../../contract/offer';
import { offerOf } from './service';

/** The most a dashboard lists; older requests are long settled. */
const MINE_LIMIT = 20;

async function mine(db: DbOrTx, caller: Caller, where: SQL | undefined, limit: number, cardProvider: boolean): Promise<MyQuoteRequestView[]> {
  const rows = await db
    .select({ request: quoteRequests, policyNumber: policies.policyNumber })
    .from(quoteRequests)
    .leftJoin(policies, eq(policies.id, quoteRequests.policyId))
    // quote_requests_user_created_idx.
    .where(and(eq(quoteRequests.userId, caller.id), where))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(limit);
  return rows.map(({ request: r, policyNumber }) => {
    const offer = offerOf(r);
    return {
      reference: r.reference,
      status: r.status,
      createdAt: new Date(r.createdAt).toISOString(),
      product: r.product,
      offer: offer && { ...offer, acceptance: offer.acceptance && { at: offer.acceptance.at, via: offer.acceptance.via } },
      policyNumber: policyNumber ?? null,
      statementOfFact: offer && r.status === 'quoted' && r.policyId === null ? statementAnswers(storedDetails(r)) : null,
      // The instant price is offered the moment the request is stored; a price staff send later ('Send quote') is
      // accepted and paid by phone as before (docs/product.md#accepting-a-quote).
      payOnline: cardProvider && r.decision === 'instant' && offer !== null && r.offeredAt === r.createdAt,
    };
  });
}

export async function myQuoteRequests(deps: Deps, caller: Caller): Promise<MyQuoteRequestView[]> {
  return mine(deps.db, caller, undefined, MINE_LIMIT, deps.payments !== null);
}

/** One of the caller's own requests by its reference, or undefined (another's answers like a missing one). */
export async function myQuoteRequest(db: DbOrTx, caller: Caller, reference: string, cardProvider: boolean): Promise<MyQuoteRequestView | undefined> {
  return (await mine(db, caller, eq(quoteRequests.reference, reference), 1, cardProvider))[0];
}
