// Staff queues for quote requests and callback requests (DECISIONS.md "Quote wizard", "Callback, registration,
// password reset", "Admin console"): listed, searched and paged on the server, opened one at a time, and moved
// through new -> contacted -> quoted -> closed with every change logged. One queue definition serves both tables.
import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import type { ListQuery } from '../../contract/schemas';
import { callbackRequests, quoteRequests, requestStatuses } from '../../db/schema/index';
import type { Caller, Deps } from '../../deps';
import { NotFoundError } from '../../errors';
import { anyColumnContains, type Page } from '../list';
import { writeLog } from '../logs/service';

export type RequestStatus = (typeof requestStatuses)[number];

export const requestStatusInput = z.object({
  status: z.enum(requestStatuses, { error: `Status must be one of: ${requestStatuses.join(', ')}` }),
});
export type RequestStatusInput = z.infer<typeof requestStatusInput>;

export const quoteRequestNotFound = 'Quote request not found';
export const callbackRequestNotFound = 'Callback request not found';

type QuoteRow = typeof quoteRequests.$inferSelect;
type CallbackRow = typeof callbackRequests.$inferSelect;

/** A quote request as staff see it: the client address stays on the server. */
export interface QuoteRequestView {
  id: number;
  reference: string;
  status: RequestStatus;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  postcode: string;
  createdAt: string;
  updatedAt: string;
}
export interface QuoteRequestDetailView extends QuoteRequestView {
  /** The stored step 1 + step 2 payload, parsed. */
  details: unknown;
}

export interface CallbackRequestView {
  id: number;
  reference: string;
  status: RequestStatus;
  name: string;
  email: string;
  phone: string;
  reasonForContact: string;
  insuranceType: string | null;
  callbackDate: string | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

function quoteView(row: QuoteRow): QuoteRequestView {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    postcode: row.postcode,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function parseDetails(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A row written by hand or by an older version: shown as stored rather than failing the page.
    return text;
  }
}

function quoteDetailView(row: QuoteRow): QuoteRequestDetailView {
  return { ...quoteView(row), details: parseDetails(row.details) };
}

function callbackView(row: CallbackRow): CallbackRequestView {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    reasonForContact: row.reasonForContact,
    insuranceType: row.insuranceType,
    callbackDate: row.callbackDate,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** What differs between the two queues; everything else is shared below. */
interface Queue<Row, V, D> {
  table: SQLiteTable;
  id: SQLiteColumn;
  status: SQLiteColumn;
  createdAt: SQLiteColumn;
  searchable: SQLiteColumn[];
  label: string;
  notFound: string;
  toView(row: Row): V;
  toDetail(row: Row): D;
}

const quoteQueue: Queue<QuoteRow, QuoteRequestView, QuoteRequestDetailView> = {
  table: quoteRequests,
  id: quoteRequests.id,
  status: quoteRequests.status,
  createdAt: quoteRequests.createdAt,
  searchable: [
    quoteRequests.reference,
    quoteRequests.firstName,
    quoteRequests.lastName,
    quoteRequests.email,
    quoteRequests.phone,
    quoteRequests.postcode,
    quoteRequests.status,
  ],
  label: 'Quote request',
  notFound: quoteRequestNotFound,
  toView: quoteView,
  toDetail: quoteDetailView,
};

const callbackQueue: Queue<CallbackRow, CallbackRequestView, CallbackRequestView> = {
  table: callbackRequests,
  id: callbackRequests.id,
  status: callbackRequests.status,
  createdAt: callbackRequests.createdAt,
  searchable: [
    callbackRequests.reference,
    callbackRequests.name,
    callbackRequests.email,
    callbackRequests.phone,
    callbackRequests.reasonForContact,
    callbackRequests.status,
  ],
  label: 'Callback request',
  notFound: callbackRequestNotFound,
  toView: callbackView,
  toDetail: callbackView,
};

async function listQueue<Row, V, D>(deps: Deps, queue: Queue<Row, V, D>, q: ListQuery): Promise<Page<V>> {
  const where: SQL | undefined = q.search ? anyColumnContains(queue.searchable, q.search) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    deps.db
      .select()
      .from(queue.table)
      .where(where)
      .orderBy(desc(queue.createdAt), desc(queue.id))
      .limit(q.limit)
      .offset(q.offset),
    deps.db.select({ total: count() }).from(queue.table).where(where ?? sql`1`),
  ]);
  return { items: (rows as Row[]).map((r) => queue.toView(r)), total: totalRow?.total ?? 0 };
}

async function getQueueItem<Row, V, D>(deps: Deps, queue: Queue<Row, V, D>, id: number): Promise<D> {
  const [row] = await deps.db.select().from(queue.table).where(eq(queue.id, id)).limit(1);
  if (!row) throw new NotFoundError(queue.notFound);
  return queue.toDetail(row as Row);
}

async function setQueueStatus<Row extends { reference: string; status: RequestStatus }, V, D>(
  deps: Deps,
  queue: Queue<Row, V, D>,
  caller: Caller,
  id: number,
  status: RequestStatus,
): Promise<D> {
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const [found] = await tx.select().from(queue.table).where(eq(queue.id, id)).limit(1);
    if (!found) throw new NotFoundError(queue.notFound);
    const existing = found as Row;
    // Setting the status it already has changes nothing, so there is nothing to log.
    if (existing.status === status) return queue.toDetail(existing);
    const [updated] = await tx
      .update(queue.table)
      .set({ status, updatedAt: now } as never)
      .where(eq(queue.id, id))
      .returning();
    await writeLog(tx, now, {
      action: `${queue.label} ${existing.reference}: status ${existing.status} -> ${status}`,
      username: caller.username,
      userId: caller.id,
    });
    return queue.toDetail(updated as Row);
  });
}

export const listQuoteRequests = (deps: Deps, q: ListQuery) => listQueue(deps, quoteQueue, q);
export const listCallbackRequests = (deps: Deps, q: ListQuery) => listQueue(deps, callbackQueue, q);
export const getQuoteRequest = (deps: Deps, id: number) => getQueueItem(deps, quoteQueue, id);
export const getCallbackRequest = (deps: Deps, id: number) => getQueueItem(deps, callbackQueue, id);
export const setQuoteStatus = (deps: Deps, caller: Caller, id: number, status: RequestStatus) =>
  setQueueStatus(deps, quoteQueue, caller, id, status);
export const setCallbackStatus = (deps: Deps, caller: Caller, id: number, status: RequestStatus) =>
  setQueueStatus(deps, callbackQueue, caller, id, status);
