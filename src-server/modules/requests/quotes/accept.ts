// Accepting a quote (docs/product.md#accepting-a-quote): the customer in their account, confirming the Statement of
// Fact, or staff recording an acceptance given by phone. Only a price that stands can be accepted; issuing a policy
// needs an acceptance (issue-policy.ts), and the policy is in force only once paid (docs/product.md#payments). "Buy
// now" records its acceptance here too, in its own transaction (buy.ts).
import { and, eq } from 'drizzle-orm';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { writeLog } from '../../../platform/audit/log';
import { acceptanceMessages, type AcceptanceChannel } from '../../../contract/payments';
import type { MyQuoteRequestView, QuoteRequestDetailView } from '../../../contract/views';
import type { Tx } from '../../../platform/db/client';
import { quoteRequests } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, NotFoundError } from '../../../errors';
import { queueItemAfterChange } from '../queues/queue';
import { openRequest, type QuoteRow } from './offer';
import { myQuoteRequest } from './mine';
import { quoteQueue } from './service';

/** Why a request's price cannot be accepted at `now`, or null when it stands (open, quoted, priced, in time). */
export function acceptanceRefusal(row: QuoteRow, now: number): string | null {
  if (row.status !== 'quoted' || row.offerPremiumPence === null || row.offerValidUntil === null) return acceptanceMessages.noOffer;
  if (now > row.offerValidUntil) return acceptanceMessages.lapsed;
  return null;
}

/**
 * Records the acceptance and its audit entry in `tx`. An offer accepted already stays as it was (the first acceptance's
 * time and channel are kept): accepting twice is answered as done, writing nothing.
 */
export async function accept(tx: Tx, row: QuoteRow, via: AcceptanceChannel, by: Caller, now: number): Promise<void> {
  if (row.acceptedAt !== null) return;
  const refusal = acceptanceRefusal(row, now);
  if (refusal) throw new ConflictError(refusal);
  await tx.update(quoteRequests).set({ acceptedAt: now, acceptedVia: via, acceptedBy: by.username, updatedAt: now }).where(eq(quoteRequests.id, row.id));
  const how = via === 'online' ? `online by ${by.username}` : `by phone, recorded by ${by.username}`;
  await writeLog(tx, now, { action: `Quote request ${row.reference}: quote accepted ${how}`, username: by.username, userId: by.id });
}

/** The caller's own request by its reference: one their confirmed address claimed (404 for any other, as for none). */
export async function ownRequest(tx: Tx, caller: Caller, reference: string): Promise<QuoteRow> {
  const [row] = await tx
    .select()
    .from(quoteRequests)
    .where(and(eq(quoteRequests.reference, reference), eq(quoteRequests.userId, caller.id)))
    .limit(1);
  if (!row) throw new NotFoundError(quoteQueue.notFound);
  return row;
}

/** POST /api/user/quotes/{reference}/accept and quotes.accept: the caller's own request only (404 otherwise). */
export async function acceptQuote(deps: Deps, caller: Caller, reference: string): Promise<MyQuoteRequestView> {
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const row = await ownRequest(tx, caller, reference);
    // A policy issued or the request closed: nothing left to accept (the same 409s as sending a price).
    await openRequest(tx, row.id);
    await accept(tx, row, 'online', caller, now);
    return (await myQuoteRequest(tx, caller, reference, deps.payments !== null))!;
  });
}

/** POST /api/admin/quotes/{id}/acceptance and admin.quotes.recordAcceptance: an acceptance the customer gave by phone. */
export async function recordAcceptance(deps: Deps, caller: Caller, id: number): Promise<QuoteRequestDetailView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  await deps.write(async (tx) => accept(tx, await openRequest(tx, id), 'phone', caller, now));
  return queueItemAfterChange(deps, quoteQueue, caller, id);
}
