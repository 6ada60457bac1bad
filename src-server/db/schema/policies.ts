import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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
    status: text('status', { enum: ['active', 'expired', 'pending'] }).notNull().default('active'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('policies_policy_number_uq').on(t.policyNumber),
    index('policies_user_start_idx').on(t.userId, t.startAt),
    index('policies_status_end_idx').on(t.status, t.endAt),
  ],
);
