import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { durationUnits } from '../../../contract/durations';
import { products } from '../../../contract/products';
import { policies } from './policies';
import { users } from './users';
import { requestStatuses } from '../../../contract/views';
import { acceptanceChannels } from '../../../contract/payments';

export const quoteRequests = sqliteTable(
  'quote_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reference: text('reference').notNull(),
    status: text('status', { enum: requestStatuses }).notNull().default('new'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    postcode: text('postcode').notNull(),
    // The whole step 1 + step 2 payload as validated, JSON.
    details: text('details').notNull(),
    // Hash of the payload: the same request sent twice within a minute is stored once.
    fingerprint: text('fingerprint').notNull(),
    clientAddress: text('client_address'),
    // What was asked for, as columns for staff and the issue-policy form (also inside details). Null on
    // requests made before the wizard asked.
    product: text('product', { enum: products }),
    requestedStartAt: integer('requested_start_at'),
    durationValue: integer('duration_value'),
    durationUnit: text('duration_unit', { enum: durationUnits }),
    // When the quote is owed (docs/product.md#staff-queues): set when the request comes in; the queue sorts by it.
    dueAt: integer('due_at').notNull().default(0),
    // Who on staff is working it.
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    // The offer sent: the price in pence and until when it stands.
    offerPremiumPence: integer('offer_premium_pence'),
    offerValidUntil: integer('offer_valid_until'),
    offeredAt: integer('offered_at'),
    // The offer accepted (docs/product.md#from-quote-to-cover): when, how ('online' by the customer in their account,
    // 'phone' recorded by staff) and by whom (a username, as text like the audit log's). A new offer clears them.
    acceptedAt: integer('accepted_at'),
    acceptedVia: text('accepted_via', { enum: acceptanceChannels }),
    acceptedBy: text('accepted_by'),
    // The account that proved it owns the request's address (docs/product.md#e-mail-confirmation). No foreign key on
    // purpose: kept after deletion, so the address's next owner never gets it. Null: unclaimed; 0: a pre-confirmation deletion.
    userId: integer('user_id'),
    // The policy issued from it (the request is then closed).
    policyId: integer('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    // The instant decision on the rates (docs/product.md#instant-prices): priced (`instant`), `referred` or `declined`,
    // the rule that decided it, the rate version, and for a price the tax inside it. Null for a request priced by staff only.
    decision: text('decision', { enum: ['instant', 'referred', 'declined'] }),
    decisionReason: text('decision_reason'),
    decisionRule: text('decision_rule'),
    rateVersionId: integer('rate_version_id'),
    offerIptPence: integer('offer_ipt_pence'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('quote_requests_reference_uq').on(t.reference),
    // A customer's own requests are found by their account's e-mail, whatever its letter case.
    index('quote_requests_email_idx').on(sql`lower(${t.email})`),
    index('quote_requests_user_created_idx').on(t.userId, t.createdAt),
    index('quote_requests_status_created_idx').on(t.status, t.createdAt),
    index('quote_requests_created_idx').on(t.createdAt),
    index('quote_requests_status_due_idx').on(t.status, t.dueAt),
    // The queue's "cover starts within N hours": a range per status, never a walk of the table's rows.
    index('quote_requests_status_start_idx').on(t.status, t.requestedStartAt),
    index('quote_requests_fingerprint_idx').on(t.fingerprint, t.createdAt),
    // The request a policy was issued from: a policy from a quote is in force only once paid.
    index('quote_requests_policy_idx').on(t.policyId),
    index('quote_requests_decision_created_idx').on(t.decision, t.createdAt),
  ],
);
