// "Send quote" (docs/product.md#sending-a-quote): the price and how long it stands are recorded, the request marked
// `quoted` and logged, and the customer e-mailed. A closed request takes no more offers.
import { eq } from 'drizzle-orm';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { writeLog } from '../../../platform/audit/log';
import { durationUnits, type Duration } from '../../../contract/durations';
import { formatPounds } from '../../../contract/pounds';
import { offerMessages, requestVehicle, storedDetails, type OfferInput, type RequestFacts } from '../../../contract/offer';
import { ukInstantText } from '../../../contract/time';
import type { QuoteRequestDetailView } from '../../../contract/views';
import { quoteRequests } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, NotFoundError } from '../../../errors';
import { queueItemAfterChange } from '../queues/queue';
import { quotedDueAt } from '../../../contract/queues';
import type { Tx } from '../../../platform/db/client';
import { quoteQueue } from './service';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import { offerMail } from './mail';

const HOUR_MS = 3_600_000;

export type QuoteRow = typeof quoteRequests.$inferSelect;

export function requestedDuration(row: QuoteRow): Duration | null {
  if (row.durationValue === null || row.durationUnit === null || !durationUnits.includes(row.durationUnit)) return null;
  return { value: row.durationValue, unit: row.durationUnit };
}

/** What the row says that a policy takes from it (contract/offer.ts decides what that is). */
export function requestFacts(row: QuoteRow): RequestFacts {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    details: storedDetails(row),
    product: row.product,
    requestedStartAt: row.requestedStartAt,
    duration: requestedDuration(row),
    offerPremium: row.offerPremiumPence === null ? null : row.offerPremiumPence / 100,
  };
}

/** The request to send a quote on or issue a policy from: 404 when none, 409 when closed or a policy was issued from it. */
export async function openRequest(tx: Tx, id: number): Promise<QuoteRow> {
  const [row] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id)).limit(1);
  if (!row) throw new NotFoundError(quoteQueue.notFound);
  if (row.policyId !== null) throw new ConflictError(offerMessages.alreadyIssued);
  if (row.status === 'closed') throw new ConflictError(offerMessages.closed);
  return row;
}

/** POST /api/admin/quotes/{id}/offer and admin.quotes.offer: answers the request as staff now see it. */
export async function sendOffer(deps: Deps, caller: Caller, id: number, input: OfferInput): Promise<QuoteRequestDetailView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const validUntil = now + input.validHours * HOUR_MS;
  const premiumPence = Math.round(input.premium * 100);
  await deps.write(async (tx) => {
    const row = await openRequest(tx, id);
    await tx
      .update(quoteRequests)
      // A new price is a new offer: an acceptance of the earlier one does not carry over (docs/product.md#accepting-a-quote);
      // the request is now due for chasing two hours before the price lapses (docs/product.md#staff-queues).
      .set({ offerPremiumPence: premiumPence, offerValidUntil: validUntil, offeredAt: now, status: 'quoted', acceptedAt: null, acceptedVia: null, acceptedBy: null, dueAt: quotedDueAt(validUntil), updatedAt: now })
      .where(eq(quoteRequests.id, id));
    const by = { username: caller.username, userId: caller.id };
    if (row.status !== 'quoted') await writeLog(tx, now, { action: `Quote request ${row.reference}: status ${row.status} -> quoted`, ...by });
    await writeLog(tx, now, { action: `Quote request ${row.reference}: quote sent, ${formatPounds(premiumPence / 100)} valid until ${ukInstantText(validUntil)}`, ...by });
    await deps.mailer.queue(tx, offerMail(row, premiumPence / 100, validUntil, requestVehicle(storedDetails(row)), requestedDuration(row)));
  });
  // Read before the delivery starts, so the answer does not wait behind the mailer's transaction on an embedded
  // replica's one connection (docs/operations.md#an-embedded-replica-of-a-libsql-server).
  const view = await queueItemAfterChange(deps, quoteQueue, caller, id);
  deliverSoon(deps, 'quote offer');
  return view;
}
