import { blob, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { claimKinds, claimStatuses } from '../../../contract/claim';
import { policies } from './policies';
import { users } from './users';

// A claim reported by a customer (docs/product.md#reporting-a-claim). Stored once per phone-made id, whatever how
// often the phone sends it; never deleted (it is a record of what the customer told us).
export const claims = sqliteTable(
  'claims',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reference: text('reference').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    // The id the phone made when the report was started: a resend answers with the claim already stored.
    clientId: text('client_id').notNull(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    status: text('status', { enum: claimStatuses }).notNull().default('new'),
    kind: text('kind', { enum: claimKinds }).notNull(),
    occurredAt: integer('occurred_at').notNull(),
    location: text('location').notNull(),
    latitude: real('latitude'),
    longitude: real('longitude'),
    accuracy: real('accuracy'),
    description: text('description').notNull(),
    phone: text('phone').notNull(),
    injuries: integer('injuries', { mode: 'boolean' }).notNull(),
    // The rest of the answers, as validated: otherVehicles, witnesses, injuryDetails, policeReference.
    answers: text('answers').notNull(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    // When staff owe the first call (docs/product.md#staff-queues): sooner when someone is hurt.
    dueAt: integer('due_at').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('claims_reference_uq').on(t.reference),
    uniqueIndex('claims_user_client_uq').on(t.userId, t.clientId),
    index('claims_status_due_idx').on(t.status, t.dueAt),
    index('claims_created_idx').on(t.createdAt),
    index('claims_policy_idx').on(t.policyId),
  ],
);

// A claim's photos, re-encoded by the server with only the time taken kept (docs/product.md#reporting-a-claim):
// in the database, so every process and a libSQL server's replicas see them.
export const claimPhotos = sqliteTable(
  'claim_photos',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id),
    position: integer('position').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    takenAt: integer('taken_at'),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
    thumbnail: blob('thumbnail', { mode: 'buffer' }).notNull(),
  },
  (t) => [uniqueIndex('claim_photos_claim_position_uq').on(t.claimId, t.position)],
);
