import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { products } from '../../../contract/products';
import { policyStatuses } from '../../../contract/schemas';
import { users } from './users';

export const policies = sqliteTable(
  'policies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    policyNumber: text('policy_number').notNull(),
    // A deleted account keeps its policies (an insurer's record is never lost); they show 'N/A'.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    holderName: text('holder_name').notNull(),
    carModel: text('car_model').notNull(),
    driverName: text('driver_name').notNull(),
    licenseNumber: text('license_number').notNull(),
    registration: text('registration'),
    // UK local wall-clock values as the API speaks them ...
    startDate: text('start_date').notNull(),
    startTime: text('start_time').notNull(),
    endDate: text('end_date').notNull(),
    endTime: text('end_time').notNull(),
    // ... and the instants they name, for ordering, the expiry sweep and the dashboard.
    startAt: integer('start_at').notNull(),
    endAt: integer('end_at').notNull(),
    status: text('status', { enum: policyStatuses }).notNull().default('active'),
    product: text('product', { enum: products }).notNull().default('temporary'),
    // The premium paid, in pence (exact); answered in pounds. Null where staff did not record it.
    premiumPence: integer('premium_pence'),
    // The certificate's QR code and short link name the policy by this unguessable code, never its number.
    verifyCode: text('verify_code'),
    // When the cover ended: its end, or earlier when staff cancelled or expired it. Null while not ended.
    endedAt: integer('ended_at'),
    // When it was first in force (active, or expired after it): from then on it is an insurer's record, never deleted
    // (docs/product.md#policies). Never cleared.
    inForceAt: integer('in_force_at'),
    // A cancellation staff set for later (docs/product.md#policies): the minute sweep cancels the policy then. The
    // reason of the cancellation or voiding, for the customer's e-mail and the schedule; each change's own reason is
    // in its version.
    cancelsAt: integer('cancels_at'),
    cancelReason: text('cancel_reason'),
    // The cover-ending reminder (docs/product.md#cover-ending-reminders): when it falls due, null while none is
    // owed (sent, or never: not active cover, no account, made too late); when one was sent, and the end it named,
    // so an edit that keeps the end never sends a second one.
    reminderDueAt: integer('reminder_due_at'),
    reminderSentAt: integer('reminder_sent_at'),
    reminderEndAt: integer('reminder_end_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('policies_policy_number_uq').on(t.policyNumber),
    index('policies_user_start_idx').on(t.userId, t.startAt),
    index('policies_status_end_idx').on(t.status, t.endAt),
    uniqueIndex('policies_verify_code_uq').on(t.verifyCode),
    index('policies_product_idx').on(t.product),
    // The scheduler's minute query (reminder_due_at <= now) reads only the reminders still owed, never a scan of
    // every policy: partial, so sent and ended cover takes no room in it.
    index('policies_cancels_at_idx').on(t.cancelsAt).where(sql`${t.cancelsAt} is not null`),
    index('policies_reminder_due_idx').on(t.reminderDueAt).where(sql`${t.reminderDueAt} is not null`),
  ],
);
