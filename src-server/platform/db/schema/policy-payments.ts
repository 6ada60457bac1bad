import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { paymentMethods } from '../../../contract/payments';
import { policies } from './policies';

// Money taken for a policy, or given back (docs/product.md#payments): a refund is a negative amount. Never changed
// or removed; a policy with a payment is never deleted.
export const policyPayments = sqliteTable(
  'policy_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    amountPence: integer('amount_pence').notNull(),
    method: text('method', { enum: paymentMethods }).notNull(),
    reference: text('reference'),
    at: integer('at').notNull(),
    // Who recorded it, as text like the audit log's: the record outlives the account.
    username: text('username').notNull(),
    userId: integer('user_id'),
  },
  (t) => [index('policy_payments_policy_idx').on(t.policyId, t.id)],
);
