// The staff queues' inputs and their one time rule (docs/product.md#staff-queues), for the server and console alike:
// quote and callback requests share their statuses (views.ts requestStatuses), claims have their own (claim.ts).
import { z } from 'zod';
import { CLAIM_PHOTOS_MAX, claimStatuses, type ClaimStatus } from './claim';
import { addOpeningTime, moveIntoOpeningHours, nextClosing, type HolidayCalendar } from './opening-hours';
import { idParam, listQuery } from './schemas';
import { linesText } from './text';
import { quoteDecisions, requestStatuses } from './views';

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

/** The console's three queues, by their path under /api/admin. */
export type QueueKind = 'quotes' | 'callbacks' | 'claims';

/** Each queue's statuses, in their order. */
export const queueStatuses = { quotes: requestStatuses, callbacks: requestStatuses, claims: claimStatuses } as const;
export type QueueStatusOf<K extends QueueKind> = (typeof queueStatuses)[K][number];

/** The statuses in which what the queue promises (an answer, a claim's first call) is still owed: only these can be overdue. */
export const promiseOwedStatuses = {
  quotes: ['new', 'contacted'],
  callbacks: ['new'],
  claims: ['new'],
} as const satisfies { [K in QueueKind]: readonly QueueStatusOf<K>[] };

export const isPromiseOwed = (kind: QueueKind, status: string): boolean => promiseOwedStatuses[kind].some((s) => s === status);

/** Every claim status but closed: claims staff still have work on. */
export const claimOpenStatuses = ['new', 'contacted', 'passed-to-insurer'] as const satisfies readonly ClaimStatus[];

export const noChangeMessage = 'Nothing to change: give a status or an assignee';

/** A list's ?status=: one of `filters`; a blank one is no filter, as a blank ?search= is no search. */
const statusFilter = <F extends z.ZodEnum>(filters: F) =>
  z
    .union([filters, z.literal('')], { error: `status must be one of: ${filters.options.join(', ')}` })
    .optional()
    .transform((v) => v || undefined);

const changesSomething = (v: { status?: unknown; assigneeId?: unknown }) => v.status !== undefined || v.assigneeId !== undefined;

/**
 * A queue's inputs from its statuses: its list narrowed to one status, `open` or `overdue` (still owed and past due),
 * none showing every item; and a change to an item's status, its assignee (null unassigns), or both, leaving both out
 * refused, with the item's id for tRPC.
 */
function queueInputsOf<const S extends readonly [string, ...string[]]>(statuses: S) {
  const filters = ['open', 'overdue', ...statuses] as const;
  const updateFields = {
    status: z.enum(statuses, { error: `Status must be one of: ${statuses.join(', ')}` }).optional(),
    assigneeId: z.union([idParam, z.null()], { error: 'assigneeId must be a staff account id or null' }).optional(),
  };
  return {
    filters,
    list: listQuery.extend({ status: statusFilter(z.enum(filters)) }),
    update: z.object(updateFields).refine(changesSomething, { message: noChangeMessage }),
    updateById: z.object({ id: idParam, ...updateFields }).refine(changesSomething, { message: noChangeMessage }),
  };
}
const requestInputs = queueInputsOf(requestStatuses);
const claimInputs = queueInputsOf(claimStatuses);

export const queueFilters = requestInputs.filters;
export type QueueFilter = (typeof queueFilters)[number];
export const claimFilters = claimInputs.filters;
export type ClaimFilter = (typeof claimFilters)[number];

/** The widest "cover starts within" filter: a month, the longest cover we sell. */
export const STARTS_WITHIN_MAX_HOURS = 24 * 31;
const startsWithinMessage = `startsWithin must be a whole number of hours from 1 to ${STARTS_WITHIN_MAX_HOURS}`;

export const queueListQuery = requestInputs.list.extend({
  /** Quote requests whose cover starts within this many hours from now (started ones included); blank is no filter. */
  startsWithin: z
    .union([z.literal(''), z.coerce.number({ error: startsWithinMessage }).int(startsWithinMessage).min(1, startsWithinMessage).max(STARTS_WITHIN_MAX_HOURS, startsWithinMessage)], {
      error: startsWithinMessage,
    })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});

const decisionMessage = `decision must be one of: ${quoteDecisions.join(', ')}`;

/** The quote queue's list: the shared one, and its requests narrowed to one decision (blank is no filter). */
export const quoteListQuery = queueListQuery.extend({
  decision: z
    .union([z.enum(quoteDecisions), z.literal('')], { error: decisionMessage })
    .optional()
    .transform((v) => v || undefined),
});

export const requestUpdateInput = requestInputs.update;

export const claimListQuery = claimInputs.list;
export const claimUpdateInput = claimInputs.update;

/** Each queue's list query and change, as its operations (modules/requests/queues/queue-operations.ts) take them. */
export const queueInputs = {
  quotes: { ...requestInputs, list: quoteListQuery },
  callbacks: { ...requestInputs, list: queueListQuery },
  claims: claimInputs,
} as const;

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

/** One photo of a claim, full size or as the queue's thumbnail. */
export const claimPhotoParams = z.object({
  id: idParam,
  position: z.coerce.number({ error: 'position must be a whole number from 1 to 10' }).int('position must be a whole number from 1 to 10').min(1, 'position must be a whole number from 1 to 10').max(CLAIM_PHOTOS_MAX, 'position must be a whole number from 1 to 10'),
});
export const claimPhotoQuery = z.object({
  size: z.enum(['full', 'thumb'], { error: 'size must be full or thumb' }).optional().meta({ description: '`thumb`: the queue\'s small copy (longest side 320 px); `full` (the default): the photo as stored' }),
});
