import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { durationUnits } from '../../../contract/durations';
import { policies } from './policies';

// Online card payments (docs/product.md#paying-online): the provider's checkout sessions the product made, the
// webhook events it has handled (each once, by its id), and extensions of cover bought on a live policy.

/** A checkout session made for a policy's purchase or an extension of it: its amount fixed by the server. */
export const checkoutSessions = sqliteTable(
  'checkout_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: text('session_id').notNull(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    kind: text('kind', { enum: ['purchase', 'extension'] }).notNull(),
    extensionId: integer('extension_id'),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    // Set once the webhook recorded its payment; the provider's payment id is the payment's reference.
    paidAt: integer('paid_at'),
    paymentIntent: text('payment_intent'),
  },
  (t) => [uniqueIndex('checkout_sessions_session_uq').on(t.sessionId), index('checkout_sessions_policy_idx').on(t.policyId, t.id)],
);

/** Each webhook event handled, by the provider's id: a second delivery of the same event records nothing. */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: integer('received_at').notNull(),
    // What the product did with it: 'recorded', or why it recorded nothing.
    outcome: text('outcome').notNull(),
  },
  (t) => [index('payment_events_received_idx').on(t.receivedAt)],
);

/** More time bought on a live or upcoming policy: priced on the live rate version, applied when paid. */
export const policyExtensions = sqliteTable(
  'policy_extensions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    durationValue: integer('duration_value').notNull(),
    durationUnit: text('duration_unit', { enum: durationUnits }).notNull(),
    // The end the extension gives, as an instant, when it was priced (the policy's end then plus the length).
    fromEndAt: integer('from_end_at').notNull(),
    newEndAt: integer('new_end_at').notNull(),
    premiumPence: integer('premium_pence').notNull(),
    iptPence: integer('ipt_pence').notNull(),
    rateVersionId: integer('rate_version_id').notNull(),
    validUntil: integer('valid_until').notNull(),
    createdAt: integer('created_at').notNull(),
    userId: integer('user_id').notNull(),
    paidAt: integer('paid_at'),
  },
  (t) => [index('policy_extensions_policy_idx').on(t.policyId, t.id)],
);
