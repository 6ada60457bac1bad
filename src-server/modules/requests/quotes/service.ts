// Quote requests from the wizard (docs/product.md#what-the-server-does-with-a-request), and their staff queue
// (docs/product.md#staff-queues) on modules/requests/queues/queue.ts.
import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { messages } from '../../../contract/messages';
import { answersForProduct, checkQuoteTimes, quoteMessages, requestedStartOf, type QuoteRequest } from '../../../contract/quote';
import type { QuoteReceived } from '../../../contract/pricing';
import { promiseOwedStatuses, quoteDueAt } from '../../../contract/queues';
import type { OfferView, QuoteRequestDetailView, QuoteRequestView, RequestNoteView } from '../../../contract/views';
import type { DbOrTx } from '../../../platform/db/client';
import { totalOf } from '../../../platform/db/list';
import { policies, quoteRequests, users } from '../../../platform/db/schema/index';
import type { Deps } from '../../../deps';
import { fieldInvalid } from '../../../errors';
import type { ThrottleRule } from '../../../platform/auth/throttle';
import { writeLog } from '../../../platform/audit/log';
import { OPEN_STATUSES, queueItemView, receiveRequest, type Queue, type QueueRow } from '../queues/queue';
import { confirmedOwnerOf } from '../../accounts';
import { joinAccount } from '../../policies';
import { confirmationMail } from './mail';
import { bankHolidays } from '../../../platform/bank-holidays';
import { priceRequest } from './pricing';

/** New quote requests allowed per client address in an hour (a family or an office may share one). */
export const QUOTE_ADDRESS_RULE: ThrottleRule = { limit: 10, windowMs: 60 * 60_000 };
/** A request identical to one stored this recently is the same request sent again. */
const QUOTE_DUPLICATE_WINDOW_MS = 60_000;

type QuoteDetails = Omit<QuoteRequest, 'website'>;

const fingerprintOf = (details: QuoteDetails) => createHash('sha256').update(JSON.stringify(details)).digest('hex');

/** The same request stored within the last minute, if any (a double click, a retry after a lost answer). */
async function earlierCopy(db: DbOrTx, fingerprint: string, now: number): Promise<{ reference: string } | undefined> {
  const [earlier] = await db
    .select({ reference: quoteRequests.reference })
    .from(quoteRequests)
    .where(and(eq(quoteRequests.fingerprint, fingerprint), gt(quoteRequests.createdAt, now - QUOTE_DUPLICATE_WINDOW_MS)))
    .orderBy(desc(quoteRequests.createdAt))
    .limit(1);
  return earlier;
}

export async function submitQuoteRequest(deps: Deps, input: QuoteRequest, clientAddress: string): Promise<QuoteReceived> {
  const now = deps.clock.now();
  const issues = checkQuoteTimes(input, now);
  if (issues.length > 0) throw fieldInvalid(messages.invalidInput, Object.fromEntries(issues.map((i) => [i.field, i.message])));
  // A real instant once checkQuoteTimes has passed the day, month, year and time.
  const startAt = requestedStartOf(input);
  if (startAt === undefined) throw new Error('quote request start not a real UK time after its checks');

  // The stored payload: every field of step 1 and step 2 as parsed, in the schema's order, less those only another
  // product asks (a supervisor typed before the product was changed).
  const { website: _honeypot, ...answers } = input;
  const details = answersForProduct(answers);
  const fingerprint = fingerprintOf(details);
  // Priced before the write, on the version live now (versions never change once written).
  const priced = await priceRequest(deps.db, details, startAt, { value: details.durationValue, unit: details.durationUnit }, now, deps.payments !== null);
  const instant = priced.columns.decision === 'instant';
  const reference = await receiveRequest(deps, quoteQueue, now, {
    rule: QUOTE_ADDRESS_RULE,
    clientAddress,
    honeypot: input.website,
    // Answered with the first one's reference whatever the limit, so looked for even before a remembered refusal.
    earlier: (db) => earlierCopy(db, fingerprint, now),
    store: async (tx, reference) => {
      await tx.insert(quoteRequests).values({
        reference,
        // A price from the rates stands as a quote sent; a referred or declined request waits for staff as before.
        status: instant ? 'quoted' : 'new',
        ...priced.columns,
        firstName: details.firstName,
        lastName: details.lastName,
        email: details.email,
        phone: details.phone,
        postcode: details.postcode,
        // What was asked for, as columns for the queue and the issue-policy form (and inside details).
        product: details.product,
        requestedStartAt: startAt,
        durationValue: details.durationValue,
        durationUnit: details.durationUnit,
        details: JSON.stringify(details),
        fingerprint,
        clientAddress,
        // Only an account that has proved the address is its own gets the request by it (docs/product.md#e-mail-confirmation).
        userId: await confirmedOwnerOf(tx, details.email),
        dueAt: instant ? priced.columns.offerValidUntil! : quoteDueAt(now, startAt, bankHolidays),
        createdAt: now,
        updatedAt: now,
      });
      await writeLog(tx, now, { action: `Quote requested: ${reference}` });
      return confirmationMail(details, reference, startAt, priced.outcome);
    },
  });
  return { reference, message: quoteMessages.submitted, outcome: priced.outcome };
}

// The staff queue.

/**
 * An address confirmed (accounts' hook, registered by modules/requests/index.ts): the requests sent from it that no
 * account holds join this one, and the policies issued from them that waited for it with them.
 */
export async function claimRequestsOf(tx: DbOrTx, account: { id: number; username: string; email: string }, now: number): Promise<string[]> {
  const claimed = await tx
    .update(quoteRequests)
    .set({ userId: account.id })
    // The same expression as the index quote_requests_email_idx.
    .where(and(isNull(quoteRequests.userId), sql`lower(${quoteRequests.email}) = lower(${account.email})`))
    .returning({ policyId: quoteRequests.policyId });
  return joinAccount(tx, claimed.map((r) => r.policyId).filter((id): id is number => id !== null), account, now);
}

type QuoteRow = typeof quoteRequests.$inferSelect;
/** A quote request with the assignee's name and the issued policy's number joined. */
type QuoteQueueRow = QueueRow<QuoteRow> & { policyNumber: string | null };

const iso = (ms: number) => new Date(ms).toISOString();

function quoteView(row: QuoteQueueRow): QuoteRequestView {
  const r = row.request;
  return {
    ...queueItemView(row),
    firstName: r.firstName,
    lastName: r.lastName,
    postcode: r.postcode,
    product: r.product,
    requestedStart: r.requestedStartAt === null ? null : iso(r.requestedStartAt),
    offer: offerOf(r),
    policyNumber: row.policyNumber,
    decision: r.decision,
    decisionRule: r.decisionRule,
    decisionReason: r.decisionReason,
    rateVersionId: r.rateVersionId,
  };
}

/** The quote sent on a request, if one was. */
export function offerOf(r: QuoteRow): OfferView | null {
  if (r.offerPremiumPence === null || r.offerValidUntil === null || r.offeredAt === null) return null;
  const acceptance = r.acceptedAt !== null && r.acceptedVia !== null ? { at: iso(r.acceptedAt), via: r.acceptedVia, by: r.acceptedBy ?? '' } : null;
  return { premium: r.offerPremiumPence / 100, validUntil: iso(r.offerValidUntil), offeredAt: iso(r.offeredAt), acceptance };
}

function parseDetails(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A row written by hand or by an older version: shown as stored rather than failing the page.
    return text;
  }
}

function quoteDetailView(row: QuoteQueueRow, notes: RequestNoteView[]): QuoteRequestDetailView {
  const r = row.request;
  return {
    ...quoteView(row),
    details: parseDetails(r.details),
    duration: r.durationValue !== null && r.durationUnit !== null ? { value: r.durationValue, unit: r.durationUnit } : null,
    policyId: r.policyId,
    notes,
  };
}

/**
 * The registration a request asks cover for, as stored inside its details (normaliseRegistration's form): searched by
 * staff (docs/product.md#statistics-and-search) without the rest of the details, which hold personal answers. A row
 * whose details are not JSON (written by hand) has none, rather than failing the search. Read only for a term that
 * can be a registration (searchMatch): reading it from every row's details triples a queue search's time (~60 ms to
 * ~190 ms at 100k requests).
 */
const requestRegistration = sql`(CASE WHEN json_valid(${quoteRequests.details}) THEN json_extract(${quoteRequests.details}, '$.regNumber') END)`;

export const quoteQueue: Queue<QuoteQueueRow, QuoteRequestView, QuoteRequestDetailView, 'quote'> = {
  kind: 'quote',
  openStatuses: OPEN_STATUSES,
  owedStatuses: promiseOwedStatuses.quotes,
  table: quoteRequests,
  startsAt: quoteRequests.requestedStartAt,
  decision: quoteRequests.decision,
  searchable: {
    text: [
      quoteRequests.reference,
      quoteRequests.firstName,
      quoteRequests.lastName,
      quoteRequests.email,
      quoteRequests.phone,
      quoteRequests.postcode,
      quoteRequests.status,
    ],
    phones: [quoteRequests.phone],
    registrations: [requestRegistration],
  },
  label: 'Quote request',
  // The detail holds the date of birth, convictions and medical answers; the list shows none of them.
  logsReads: true,
  notFound: 'Quote request not found',
  rows: (db) =>
    db
      .select({ request: quoteRequests, assigneeName: users.username, policyNumber: policies.policyNumber })
      .from(quoteRequests)
      .leftJoin(users, eq(users.id, quoteRequests.assigneeId))
      .leftJoin(policies, eq(policies.id, quoteRequests.policyId)),
  toView: quoteView,
  toDetail: quoteDetailView,
};

/**
 * How many quote requests are quoted (a price awaiting the customer's answer) and how many of those are due for
 * chasing, not yet accepted: a quoted request is due two hours before its price lapses (contract/queues.ts
 * quotedDueAt). Ranges of (status, due_at): their cost follows the quoted requests, not the closed ones.
 */
export async function countQuoted(db: DbOrTx, now: number): Promise<{ quoted: number; lapsing: number }> {
  const quoted = eq(quoteRequests.status, 'quoted');
  const [all, lapsing] = await Promise.all([
    totalOf(db.select({ total: count() }).from(quoteRequests).where(quoted)),
    totalOf(db.select({ total: count() }).from(quoteRequests).where(and(quoted, lte(quoteRequests.dueAt, now), isNull(quoteRequests.acceptedAt)))),
  ]);
  return { quoted: all, lapsing };
}
