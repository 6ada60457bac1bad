// The staff queues' inputs and their one time rule (docs/product.md#staff-queues), for the server and console alike.
import { z } from 'zod';
import { addOpeningTime, moveIntoOpeningHours, nextClosing, type HolidayCalendar } from './opening-hours';
import { idParam, listQuery, type ListQuery } from './schemas';
import { linesText } from './text';
import { requestStatuses, type RequestStatus } from './views';

/** We promise to contact the customer within 24 hours of the request. */
export const REQUEST_DUE_AFTER_MS = 24 * 3_600_000;

/** When the 24-hour promise on a request made at `createdAtMs` falls due, before opening hours are applied. */
export const dueAtOf = (createdAtMs: number): number => createdAtMs + REQUEST_DUE_AFTER_MS;

/** A quote request is dealt with this long before the cover it asks for starts. */
export const BEFORE_COVER_START_MS = 3_600_000;

/**
 * When a quote request is due (docs/product.md#staff-queues): the earlier of the 24-hour promise and an hour before
 * the cover asked for starts, moved into opening hours (moveIntoOpeningHours).
 */
export function quoteDueAt(receivedAt: number, requestedStartAt: number | null, holidays: HolidayCalendar): number {
  const beforeStart = requestedStartAt === null ? Infinity : requestedStartAt - BEFORE_COVER_START_MS;
  return moveIntoOpeningHours(Math.min(dueAtOf(receivedAt), beforeStart), receivedAt, holidays);
}

/** When a callback is due: at the preferred time (always in opening hours), else the 24-hour promise moved into them. */
export function callbackDueAt(receivedAt: number, preferredAt: number | null, holidays: HolidayCalendar): number {
  return preferredAt ?? moveIntoOpeningHours(dueAtOf(receivedAt), receivedAt, holidays);
}

/** Someone hurt: the claims team calls within this much opening time. */
export const CLAIM_HURT_DUE_MS = 3_600_000;

/**
 * When staff owe a claim its first call (docs/product.md#staff-queues): when someone is hurt, within one hour of
 * opening time (from now when open, else from the next opening; an hour that runs past closing carries on at the
 * next opening); otherwise the same working day (today's closing when open, else the next open day's closing).
 */
export function claimDueAt(receivedAt: number, injuries: boolean, holidays: HolidayCalendar): number {
  return injuries ? addOpeningTime(receivedAt, CLAIM_HURT_DUE_MS, holidays) : nextClosing(receivedAt, holidays);
}

/** A quoted request is chased this long before its price lapses: its due time once the price is sent. */
export const CHASE_BEFORE_LAPSE_MS = 2 * 3_600_000;

/** A quoted request's due time: two hours before the price lapses, so those lapsing soonest come first. */
export const quotedDueAt = (validUntil: number): number => validUntil - CHASE_BEFORE_LAPSE_MS;

export type QueueKind = 'quotes' | 'callbacks';

/** The statuses in which the 24-hour promise is still owed: only these can be overdue. */
export const promiseOwedStatuses = {
  quotes: ['new', 'contacted'],
  callbacks: ['new'],
} as const satisfies Record<QueueKind, readonly RequestStatus[]>;

export const isPromiseOwed = (kind: QueueKind, status: RequestStatus): boolean =>
  (promiseOwedStatuses[kind] as readonly RequestStatus[]).includes(status);

/** What a queue can be narrowed to: one status, `open` or `overdue` (still owed and past due); none shows every request. */
export const queueFilters = ['open', 'overdue', ...requestStatuses] as const;
export type QueueFilter = (typeof queueFilters)[number];

/** The widest "cover starts within" filter: a month, the longest cover we sell. */
export const STARTS_WITHIN_MAX_HOURS = 24 * 31;
const startsWithinMessage = `startsWithin must be a whole number of hours from 1 to ${STARTS_WITHIN_MAX_HOURS}`;

export const queueListQuery = listQuery.extend({
  status: z
    // A blank ?status= is no filter, as a blank ?search= is no search.
    .union([z.enum(queueFilters), z.literal('')], { error: `status must be one of: ${queueFilters.join(', ')}` })
    .optional()
    .transform((v) => v || undefined),
  /** Quote requests whose cover starts within this many hours from now (started ones included); blank is no filter. */
  startsWithin: z
    .union([z.literal(''), z.coerce.number({ error: startsWithinMessage }).int(startsWithinMessage).min(1, startsWithinMessage).max(STARTS_WITHIN_MAX_HOURS, startsWithinMessage)], {
      error: startsWithinMessage,
    })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
/** A page of a queue as the services take it: a plain list query narrows nothing. */
export type QueueListQuery = ListQuery & { status?: QueueFilter | undefined; startsWithin?: number | undefined };

export const noChangeMessage = 'Nothing to change: give a status or an assignee';

const requestUpdateFields = {
  status: z.enum(requestStatuses, { error: `Status must be one of: ${requestStatuses.join(', ')}` }).optional(),
  assigneeId: z.union([idParam, z.null()], { error: 'assigneeId must be a staff account id or null' }).optional(),
};
const changesSomething = (v: { status?: unknown; assigneeId?: unknown }) => v.status !== undefined || v.assigneeId !== undefined;

/** A change to a request's status, its assignee (null unassigns), or both; leaving both out is refused. */
export const requestUpdateInput = z.object(requestUpdateFields).refine(changesSomething, { message: noChangeMessage });
/** The same with the request's id (tRPC). */
export const requestUpdateByIdInput = z.object({ id: idParam, ...requestUpdateFields }).refine(changesSomething, { message: noChangeMessage });
export type RequestUpdateInput = z.infer<typeof requestUpdateInput>;

export const NOTE_MAX_LENGTH = 2000;

export const noteMessages = {
  required: 'Note is required',
  tooLong: `Note must be at most ${NOTE_MAX_LENGTH} characters`,
  control: 'Note must not contain control characters (line breaks are fine)',
} as const;

/** A staff note: 1 to 2000 characters once trimmed, by the multi-line text rule (line breaks kept as LF). */
export const requestNoteInput = z.object({
  text: linesText({ error: noteMessages.required, message: noteMessages.control })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, noteMessages.required).max(NOTE_MAX_LENGTH, noteMessages.tooLong)),
});
export type RequestNoteInput = z.infer<typeof requestNoteInput>;
/** The same with the request's id (tRPC). */
export const requestNoteByIdInput = requestNoteInput.extend({ id: idParam });

export const assigneeMessages = { notStaff: 'The assignee must be a staff account (an admin or an owner)' } as const;
