// Callback requests from the support page (docs/product.md#callback-requests), and their staff queue
// (docs/product.md#staff-queues) on modules/requests/queues/queue.ts.
import { eq } from 'drizzle-orm';
import { callbackMessages, splitCallbackDate, type CallbackInput } from '../../../contract/callback';
import type { Received } from '../../../contract/replies';
import { messages } from '../../../contract/messages';
import { callbackDueAt, promiseOwedStatuses } from '../../../contract/queues';
import { ukLocalToEpoch } from '../../../contract/time';
import type { CallbackRequestDetailView, CallbackRequestView } from '../../../contract/views';
import { callbackRequests, users } from '../../../platform/db/schema/index';
import type { Deps } from '../../../deps';
import { fieldInvalid } from '../../../errors';
import type { ThrottleRule } from '../../../platform/auth/throttle';
import { writeLog } from '../../../platform/audit/log';
import { OPEN_STATUSES, queueItemView, receiveRequest, type Queue, type QueueRow } from '../queues/queue';
import { confirmationMail } from './mail';
import { bankHolidays } from '../../../platform/bank-holidays';
import { isOpenAt } from '../../../contract/opening-hours';

/** Callback requests allowed per client address in an hour. */
const CALLBACK_ADDRESS_RULE: ThrottleRule = { limit: 5, windowMs: 60 * 60_000 };

/** A chosen minute still counts as "not in the past" until it has fully gone by. */
const CURRENT_MINUTE_GRACE_MS = 60_000;

export async function requestCallback(deps: Deps, input: CallbackInput, clientAddress: string): Promise<Received> {
  const now = deps.clock.now();

  // Whether the chosen time is still ahead needs the server's clock, so it is checked here, not in the schema.
  let preferredAt: number | null = null;
  if (input.callbackDate) {
    const parts = splitCallbackDate(input.callbackDate);
    if (!parts) throw fieldError('callbackDate', callbackMessages.callbackDateInvalid);
    preferredAt = ukLocalToEpoch(parts.date, parts.time);
    if (preferredAt + CURRENT_MINUTE_GRACE_MS <= now) throw fieldError('callbackDate', callbackMessages.callbackDateInPast);
    // The form offers only open times; the bank holidays are known here, and a hand-made request is refused alike.
    if (!isOpenAt(preferredAt, bankHolidays)) throw fieldError('callbackDate', callbackMessages.callbackDateClosed);
  }

  const reference = await receiveRequest(deps, callbackQueue, now, {
    rule: CALLBACK_ADDRESS_RULE,
    clientAddress,
    honeypot: input.website,
    store: async (tx, reference) => {
      await tx.insert(callbackRequests).values({
        reference,
        status: 'new',
        name: input.name,
        email: input.email,
        phone: input.phone,
        reasonForContact: input.reasonForContact,
        insuranceType: input.insuranceType ?? null,
        callbackDate: input.callbackDate ?? null,
        clientAddress,
        dueAt: callbackDueAt(now, preferredAt, bankHolidays),
        createdAt: now,
        updatedAt: now,
      });
      await writeLog(tx, now, { action: `Callback requested: ${reference}` });
      return confirmationMail(input, reference, preferredAt);
    },
  });
  return { reference, message: callbackMessages.received };
}

const fieldError = (field: keyof CallbackInput, message: string) => fieldInvalid(messages.invalidInput, { [field]: message });

// The staff queue.

type CallbackRow = typeof callbackRequests.$inferSelect;

function callbackView(row: QueueRow<CallbackRow>): CallbackRequestView {
  const r = row.request;
  return {
    ...queueItemView(row),
    name: r.name,
    reasonForContact: r.reasonForContact,
    insuranceType: r.insuranceType,
    callbackDate: r.callbackDate,
  };
}

export const callbackQueue: Queue<QueueRow<CallbackRow>, CallbackRequestView, CallbackRequestDetailView, 'callback'> = {
  kind: 'callback',
  openStatuses: OPEN_STATUSES,
  owedStatuses: promiseOwedStatuses.callbacks,
  table: callbackRequests,
  searchable: {
    text: [
      callbackRequests.reference,
      callbackRequests.name,
      callbackRequests.email,
      callbackRequests.phone,
      callbackRequests.reasonForContact,
      callbackRequests.status,
    ],
    phones: [callbackRequests.phone],
  },
  label: 'Callback request',
  // The detail shows what its list row shows (name, contact, reason, preferred time) and the notes: no read to answer for.
  logsReads: false,
  notFound: 'Callback request not found',
  rows: (db) => db.select({ request: callbackRequests, assigneeName: users.username }).from(callbackRequests).leftJoin(users, eq(users.id, callbackRequests.assigneeId)),
  toView: callbackView,
  toDetail: (row, notes) => ({ ...callbackView(row), notes }),
};
