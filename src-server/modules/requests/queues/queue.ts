// Staff queues for quote requests, callback requests and claims (docs/product.md#staff-queues), admins and owners only
// (each function asserts it): one definition serves them all; modules/requests/quotes/, modules/requests/callbacks/ and
// modules/requests/claims/ describe theirs, each naming its own statuses.
import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { writeLog } from '../../../platform/audit/log';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { messages } from '../../../contract/messages';
import { assigneeMessages } from '../../../contract/queues';
import type { ListQuery } from '../../../contract/schemas';
import type { Page, RequestNoteView, RequestStatus, StaffRefView } from '../../../contract/views';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { requestNotes, users } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { fieldInvalid, NotFoundError, ThrottledError } from '../../../errors';
import { randomCrockford } from '../../../platform/random-code';
import { searchMatch, totalOf, type SearchColumns } from '../../../platform/db/list';
import { addressThrottleKey, hitThrottle, type ThrottleRule } from '../../../platform/auth/throttle';
import { mayConfirm } from '../../../platform/mail/confirmation-cap';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import type { OutgoingMail } from '../../../platform/mail/mailer';

/** The stored fields every request has, as a queue reads them; `S` is its queue's statuses. */
export interface QueueRequest<S extends string = string> {
  id: number;
  reference: string;
  status: S;
  email: string;
  phone: string;
  assigneeId: number | null;
  /** When staff owe it their next step (docs/product.md#staff-queues), set when it comes in and when a price is sent. */
  dueAt: number;
  createdAt: number;
  updatedAt: number;
}

/** A request as its queue reads it: the row, and the assignee's username joined beside it. */
export interface QueueRow<R extends QueueRequest> {
  request: R;
  assigneeName: string | null;
}

/** The kind of request a queue holds, as its notes store it (request_notes.request_kind). */
export type QueueItemKind = 'quote' | 'callback' | 'claim';

/** A page of a queue as the services take it: its own status filters (`open`, `overdue`, a status), searched, paged. */
export type QueuePageQuery = ListQuery & { status?: string | undefined; startsWithin?: number | undefined; decision?: string | undefined };

/** A change staff make to a request: its status (one of its queue's, the schema checked), its assignee, or both. */
export interface QueueItemChange {
  status?: string | undefined;
  assigneeId?: number | null | undefined;
}

/** What differs between the queues; everything else is shared below. */
export interface Queue<Row extends QueueRow<QueueRequest>, V, D, K extends QueueItemKind = QueueItemKind> {
  kind: K;
  /**
   * The statuses with work left: every one but `closed`, which every queue has and which ends its work. Listed first,
   * by due time.
   */
  openStatuses: readonly string[];
  /** The statuses in which what the queue promises is still owed (contract/queues.ts): only these can be overdue. */
  owedStatuses: readonly string[];
  /** The requests' table: its columns of QueueRequest's names are the ones read here. */
  table: SQLiteTable & Record<'id' | 'reference' | 'status' | 'createdAt' | 'dueAt', SQLiteColumn>;
  /** When the cover asked for starts, for the "cover starts within" filter; absent where nothing is asked (callbacks). */
  startsAt?: SQLiteColumn;
  /** How a request was first answered (docs/product.md#the-three-answers), for the decision filter; quote requests only. */
  decision?: SQLiteColumn;
  /** Where a search looks (platform/db/list.ts searchMatch): phones and registrations match however they are typed. */
  searchable: SearchColumns;
  /** Names the request in the audit log, e.g. 'Quote request'. */
  label: string;
  /** Whether opening one request is audit-logged: its detail holds personal answers (docs/product.md#audit-log). */
  logsReads: boolean;
  notFound: string;
  /** The requests with what their views need joined (the assignee's name), as a select the factory narrows and pages. */
  rows(db: DbOrTx): RowSelect<Row>;
  toView(row: Row): V;
  /** One request opened; `db` reads what only the detail shows (a claim's photos), in the caller's transaction. */
  toDetail(row: Row, notes: RequestNoteView[], db: DbOrTx): D | Promise<D>;
  /**
   * How many requests match `where`, for a queue whose search reads joined columns (a claim's policy number and
   * account): the same joins as `rows`. Left out, the queue's table alone is counted.
   */
  count?(db: DbOrTx, where: SQL): Promise<number>;
}
/** A drizzle select of a queue's rows, before its WHERE. */
interface RowSelect<Row> {
  where(where: SQL | undefined): { orderBy(...orderBy: SQL[]): { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } } };
}
/** Any queue, where only its columns and names matter. */
type AnyQueue = Queue<QueueRow<QueueRequest>, unknown, unknown>;

/** Every status of a quote or callback request but closed: what staff still owe the customer something on. */
export const OPEN_STATUSES = ['new', 'contacted', 'quoted'] as const satisfies readonly RequestStatus[];

/** The assignee of a joined row as a view names them; null when nobody (or a deleted account) has it. */
function assigneeOf(row: QueueRow<QueueRequest>): StaffRefView | null {
  const { assigneeId } = row.request;
  return assigneeId !== null && row.assigneeName !== null ? { id: assigneeId, username: row.assigneeName } : null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What every request's view in a queue shows; the client address stays on the server. */
export function queueItemView<S extends string>(row: QueueRow<QueueRequest<S>>) {
  const r = row.request;
  return {
    id: r.id,
    reference: r.reference,
    status: r.status,
    email: r.email,
    phone: r.phone,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    dueAt: iso(r.dueAt),
    assignee: assigneeOf(row),
  };
}

/** `column` behind SQLite's unary +, so the planner keeps to the status ranges rather than walk closed requests. */
const notIndexed = (column: SQLiteColumn) => sql`+${column}`;

const openWhere = (q: AnyQueue) => inArray(q.table.status, [...q.openStatuses]);

/** Still owed its answer (Queue.owedStatuses) and past due at `now`: a range of (status, due_at) per status. */
function overdueWhere(q: AnyQueue, now: number): SQL {
  return and(inArray(q.table.status, [...q.owedStatuses]), lte(q.table.dueAt, now))!;
}

/** One stretch of a queue's order: the rows matching `where`, soonest due first or newest first (closed ones). */
interface Segment {
  where: SQL;
  newestFirst: boolean;
  /** Several statuses, so several ranges of the index: their rows are sorted after they are found. */
  open: boolean;
}

/** A queue's order as segments: open ones soonest due first (status, due_at), then closed newest first (status, created_at). */
function segmentsOf(q: AnyQueue, filter: string | undefined, now: number): Segment[] {
  const open: Segment = { where: openWhere(q), newestFirst: false, open: true };
  const closed: Segment = { where: eq(q.table.status, 'closed'), newestFirst: true, open: false };
  switch (filter) {
    case undefined:
      return [open, closed];
    case 'open':
      return [open];
    case 'overdue':
      return [{ where: overdueWhere(q, now), newestFirst: false, open: true }];
    case 'closed':
      return [closed];
    default:
      return [{ where: eq(q.table.status, filter), newestFirst: false, open: false }];
  }
}

/** The queue's rows matching `where`, in `orderBy`, `limit` from `offset`. */
const rowsOf = <Row>(db: DbOrTx, queue: { rows(db: DbOrTx): RowSelect<Row> }, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) =>
  queue.rows(db).where(where).orderBy(...orderBy).limit(limit).offset(offset);

/** A queue's page: narrowed by status, searched in its searchable columns, in due order (segmentsOf). */
export async function listQueue<Row extends QueueRow<QueueRequest>, V, D>(
  deps: Deps,
  queue: Queue<Row, V, D>,
  caller: Caller,
  q: QueuePageQuery,
): Promise<Page<V>> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  // Bracketed: the search is an OR chain, and `and` joins its parts as they are.
  const search = q.search ? sql`(${searchMatch(queue.searchable, q.search)})` : undefined;
  const starts = startsWithinWhere(queue, q.startsWithin, now);
  const decided = q.decision === undefined || !queue.decision ? undefined : eq(queue.decision, q.decision);
  const narrow = (where: SQL) => and(where, search, starts, decided)!;
  const segments = segmentsOf(queue, q.status, now).map((s) => ({ ...s, where: narrow(s.where) }));
  const orderOf = (s: Segment) => {
    const { id, createdAt, dueAt } = queue.table;
    if (s.newestFirst) return [desc(createdAt), desc(id)];
    return s.open ? [asc(notIndexed(dueAt)), asc(notIndexed(id))] : [asc(dueAt), asc(id)];
  };
  const countOf = (where: SQL) => (queue.count ? queue.count(deps.db, where) : totalOf(deps.db.select({ total: count() }).from(queue.table).where(where)));

  if (segments.length === 1) {
    const [only] = segments as [Segment];
    const [rows, total] = await Promise.all([rowsOf(deps.db, queue, only.where, orderOf(only), q.limit, q.offset), countOf(only.where)]);
    return { items: rows.map((r) => queue.toView(r)), total };
  }
  // Several segments: their sizes say which of them the page falls in, and where.
  const sizes = await Promise.all(segments.map((s) => countOf(s.where)));
  const items: V[] = [];
  let skip = q.offset;
  for (const [i, segment] of segments.entries()) {
    const size = sizes[i]!;
    const wanted = q.limit - items.length;
    if (wanted > 0 && skip < size) {
      const rows = await rowsOf(deps.db, queue, segment.where, orderOf(segment), wanted, skip);
      items.push(...rows.map((r) => queue.toView(r)));
    }
    skip = Math.max(0, skip - size);
  }
  return { items, total: sizes.reduce((a, b) => a + b, 0) };
}

/** Requests whose cover starts before `now` + `hours` (those already started too: they are the most pressing). */
function startsWithinWhere(queue: AnyQueue, hours: number | undefined, now: number): SQL | undefined {
  if (hours === undefined) return undefined;
  if (!queue.startsAt) throw fieldInvalid(messages.invalidInput, { startsWithin: startsWithinOnlyQuotes });
  return and(isNotNull(queue.startsAt), lte(queue.startsAt, now + hours * 3_600_000));
}

export const startsWithinOnlyQuotes = 'startsWithin applies to quote requests only: callbacks ask for no cover';

// Newest first.
async function notesOf(db: DbOrTx, kind: QueueItemKind, requestId: number): Promise<RequestNoteView[]> {
  const rows = await db
    .select()
    .from(requestNotes)
    .where(and(eq(requestNotes.requestKind, kind), eq(requestNotes.requestId, requestId)))
    .orderBy(desc(requestNotes.id));
  return rows.map(noteView);
}

function noteView(row: typeof requestNotes.$inferSelect): RequestNoteView {
  return { id: row.id, author: row.authorUsername, createdAt: new Date(row.createdAt).toISOString(), text: row.text };
}

async function rowById<Row extends QueueRow<QueueRequest>, V, D>(db: DbOrTx, queue: Queue<Row, V, D>, id: number): Promise<Row> {
  const [row] = await rowsOf(db, queue, eq(queue.table.id, id), [], 1, 0);
  if (!row) throw new NotFoundError(queue.notFound);
  return row;
}

async function detailOf<Row extends QueueRow<QueueRequest>, V, D>(db: DbOrTx, queue: Queue<Row, V, D>, id: number): Promise<D> {
  // One after the other: inside a write these share the transaction's connection.
  const row = await rowById(db, queue, id);
  return queue.toDetail(row, await notesOf(db, queue.kind, id), db);
}

/** The audit entry of staff opening a request whose reads are logged (Queue.logsReads). */
const viewedEntry = (queue: { label: string }, reference: string, caller: Caller) => ({
  action: `Viewed ${queue.label.toLowerCase()} ${reference}`,
  username: caller.username,
  userId: caller.id,
});

/** One request, opened by staff; a logged read and its audit entry are one transaction, so an unrecorded read is not served. */
export async function getQueueItem<Row extends QueueRow<QueueRequest>, V, D>(deps: Deps, queue: Queue<Row, V, D>, caller: Caller, id: number): Promise<D> {
  assertAdminRights(caller);
  if (!queue.logsReads) return detailOf(deps.db, queue, id);
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const row = await rowById(tx, queue, id);
    await writeLog(tx, now, viewedEntry(queue, row.request.reference, caller));
    return queue.toDetail(row, await notesOf(tx, queue.kind, id), tx);
  });
}

/** One request after an audit-logged change: that entry already names it, so this is not logged as a read. */
export async function queueItemAfterChange<Row extends QueueRow<QueueRequest>, V, D>(deps: Deps, queue: Queue<Row, V, D>, caller: Caller, id: number): Promise<D> {
  assertAdminRights(caller);
  return detailOf(deps.db, queue, id);
}

/** A staff account (admin or owner) by id, or null when there is none. */
async function staffAccount(tx: Tx, id: number): Promise<StaffRefView | null> {
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), or(eq(users.isAdmin, true), eq(users.isOwner, true))))
    .limit(1);
  return row ?? null;
}

/** Changes a request's status, assignee or both, logging each real change (docs/product.md#staff-queues). */
export async function updateQueueItem<Row extends QueueRow<QueueRequest>, V, D>(
  deps: Deps,
  queue: Queue<Row, V, D>,
  caller: Caller,
  id: number,
  input: QueueItemChange,
): Promise<D> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const found = await rowById(tx, queue, id);
    const current = found.request;
    const set: { status?: string; assigneeId?: number | null } = {};
    const changes: string[] = [];
    if (input.status !== undefined && input.status !== current.status) {
      set.status = input.status;
      changes.push(`status ${current.status} -> ${input.status}`);
    }
    if (input.assigneeId !== undefined && input.assigneeId !== current.assigneeId) {
      let name: string | null = null;
      if (input.assigneeId !== null) {
        const staff = await staffAccount(tx, input.assigneeId);
        if (!staff) throw fieldInvalid(messages.invalidInput, { assigneeId: assigneeMessages.notStaff });
        name = staff.username;
      }
      set.assigneeId = input.assigneeId;
      changes.push(`assignee ${assigneeOf(found)?.username ?? 'none'} -> ${name ?? 'none'}`);
    }
    if (changes.length === 0) {
      // Nothing changed, yet the answer is the whole request: a read, logged as opening it is.
      if (queue.logsReads) await writeLog(tx, now, viewedEntry(queue, current.reference, caller));
      return detailOf(tx, queue, id);
    }
    await tx
      .update(queue.table)
      .set({ ...set, updatedAt: now } as never)
      .where(eq(queue.table.id, id));
    for (const change of changes) {
      await writeLog(tx, now, { action: `${queue.label} ${current.reference}: ${change}`, username: caller.username, userId: caller.id });
    }
    return detailOf(tx, queue, id);
  });
}

/** A staff note on a request: who and when recorded, logged as '{label} {reference}: note added' (not its text). */
export async function addQueueNote(deps: Deps, queue: AnyQueue, caller: Caller, id: number, text: string): Promise<RequestNoteView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const [found] = await tx.select({ reference: queue.table.reference }).from(queue.table).where(eq(queue.table.id, id)).limit(1);
    if (!found) throw new NotFoundError(queue.notFound);
    const [note] = await tx
      .insert(requestNotes)
      .values({ requestKind: queue.kind, requestId: id, authorId: caller.id, authorUsername: caller.username, text, createdAt: now })
      .returning();
    await writeLog(tx, now, { action: `${queue.label} ${String(found.reference)}: note added`, username: caller.username, userId: caller.id });
    return noteView(note!);
  });
}

/** How many requests are new and how many overdue: index range counts, never a scan of the closed ones. */
export async function countQueue(db: DbOrTx, q: AnyQueue, now: number): Promise<{ new: number; overdue: number }> {
  const [fresh, overdue] = await Promise.all([
    totalOf(db.select({ total: count() }).from(q.table).where(eq(q.table.status, 'new'))),
    totalOf(db.select({ total: count() }).from(q.table).where(overdueWhere(q, now))),
  ]);
  return { new: fresh, overdue };
}

/** The accounts a request can be assigned to: admins and owners, by username. */
export async function listStaff(deps: Deps, caller: Caller): Promise<StaffRefView[]> {
  assertAdminRights(caller);
  return deps.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(or(eq(users.isAdmin, true), eq(users.isOwner, true)))
    .orderBy(asc(users.username));
}

// References for requests from the public and claims: a prefix and eight random Crockford characters, easy to read
// out over the phone and never sequential.
const REFERENCE_PREFIX = { quote: 'QR', callback: 'CB', claim: 'CL' } as const satisfies Record<QueueItemKind, string>;

const newReference = (kind: AnyQueue['kind']) => `${REFERENCE_PREFIX[kind]}-${randomCrockford(8)}`;

/** A reference not yet in the queue's table. 32^8 references make a clash rare; the unique index is the final word. */
export async function unusedReference(tx: Tx, queue: AnyQueue): Promise<string> {
  for (;;) {
    const candidate = newReference(queue.kind);
    const { reference } = queue.table;
    const [taken] = await tx.select({ reference }).from(queue.table).where(eq(reference, candidate)).limit(1);
    if (!taken) return candidate;
  }
}

/** What differs between receiving a quote request and a callback request. */
interface PublicRequest {
  rule: ThrottleRule;
  clientAddress: string;
  /** The field hidden from people: a filled one is answered exactly like success, and nothing is stored or sent. */
  honeypot: string | undefined;
  /** A copy of this request stored moments ago, answered with its reference whatever the limit (quote requests). */
  earlier?: (db: DbOrTx) => Promise<{ reference: string } | undefined>;
  /** Stores the request under `reference` with its audit entry, and answers its confirmation e-mail. */
  store: (tx: Tx, reference: string) => Promise<OutgoingMail>;
}

/**
 * A request from the public, answered with its reference. Past the address's limit it is refused from memory, writing
 * nothing (auth/refusal-gate.ts). Else one write: the attempt counted (bots too), then the request, its audit entry
 * and its e-mail stand or fall together, and writes are serialised, so two copies sent at once cannot both be stored.
 */
export async function receiveRequest(deps: Deps, queue: Queue<QueueRow<QueueRequest>, unknown, unknown, 'quote' | 'callback'>, now: number, r: PublicRequest): Promise<string> {
  const throttleKey = addressThrottleKey(queue.kind, r.clientAddress);
  const refused = (retryAfterSeconds: number) => {
    deps.metrics.throttleRefused(queue.kind);
    return new ThrottledError(messages.tooManyAttempts, retryAfterSeconds);
  };
  const remembered = deps.refusals.gate.refusal(throttleKey, now);
  if (remembered && !(await r.earlier?.(deps.db))) throw refused(remembered.retryAfterSeconds);

  const outcome = await deps.write(async (tx) => {
    const earlier = await r.earlier?.(tx);
    if (earlier) return { kind: 'duplicate' as const, reference: earlier.reference };
    const hit = await hitThrottle(tx, throttleKey, r.rule, now);
    if (hit.over) return { kind: 'throttled' as const, retryAfterSeconds: hit.retryAfterSeconds, resetsAt: hit.resetsAt };
    if (r.honeypot?.trim()) return { kind: 'bot' as const };
    const reference = await unusedReference(tx, queue);
    const mail = await r.store(tx, reference);
    // Stored and answered either way; past the recipient's hourly cap no confirmation goes (docs/product.md#e-mails).
    if (await mayConfirm(tx, mail.to, now)) await deps.mailer.queue(tx, mail);
    else deps.logger.warn({ reference }, `${queue.kind} confirmation not sent: the recipient has had the most an hour allows`);
    return { kind: 'stored' as const, reference };
  });

  switch (outcome.kind) {
    case 'throttled':
      deps.refusals.gate.remember(throttleKey, { resetsAt: outcome.resetsAt, limit: queue.kind }, now);
      throw refused(outcome.retryAfterSeconds);
    case 'bot':
      deps.logger.warn({ clientAddress: r.clientAddress }, `${queue.kind} request with the honeypot filled: answered, not stored`);
      return newReference(queue.kind);
    case 'duplicate':
      deps.logger.info({ reference: outcome.reference }, `${queue.kind} request sent again within a minute: answered with the first`);
      return outcome.reference;
    case 'stored':
      deliverSoon(deps, `${queue.kind} confirmation`);
      return outcome.reference;
  }
}
