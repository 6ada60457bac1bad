import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const requestStatuses = ['new', 'contacted', 'quoted', 'closed'] as const;

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
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('quote_requests_reference_uq').on(t.reference),
    index('quote_requests_status_created_idx').on(t.status, t.createdAt),
    index('quote_requests_created_idx').on(t.createdAt),
    index('quote_requests_fingerprint_idx').on(t.fingerprint, t.createdAt),
  ],
);
