import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { requestStatuses } from '../../../contract/views';

export const callbackRequests = sqliteTable(
  'callback_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reference: text('reference').notNull(),
    status: text('status', { enum: requestStatuses }).notNull().default('new'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    reasonForContact: text('reason_for_contact').notNull(),
    insuranceType: text('insurance_type'),
    // Preferred callback moment as the customer gave it (ISO date-time), optional.
    callbackDate: text('callback_date'),
    clientAddress: text('client_address'),
    // Who on staff is working it.
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    // When the call is owed (docs/product.md#staff-queues): set when the request comes in; the queue sorts by it.
    dueAt: integer('due_at').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('callback_requests_reference_uq').on(t.reference),
    index('callback_requests_status_created_idx').on(t.status, t.createdAt),
    index('callback_requests_created_idx').on(t.createdAt),
    index('callback_requests_status_due_idx').on(t.status, t.dueAt),
    // A customer's callbacks by their address (docs/product.md#one-view-of-a-customer), whatever its case.
    index('callback_requests_email_idx').on(sql`lower(${t.email})`),
  ],
);
