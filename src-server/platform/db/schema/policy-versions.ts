import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { policies } from './policies';

// Each change to a policy, kept (docs/product.md#policy-history): who, when, each field's old and new value.
export const policyVersions = sqliteTable(
  'policy_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // A policy is deleted only when it never was in force; its history goes with it.
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    at: integer('at').notNull(),
    // Text, like the audit log's: the history outlives the account that made the change. 'system' for the server.
    username: text('username').notNull(),
    userId: integer('user_id'),
    // JSON: [{ field, from, to }], the values as staff read them.
    changes: text('changes').notNull(),
    reason: text('reason'),
  },
  (t) => [index('policy_versions_policy_idx').on(t.policyId, t.id)],
);
