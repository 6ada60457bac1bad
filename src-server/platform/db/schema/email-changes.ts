import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

// An e-mail change waiting for its link to be opened (docs/product.md#account): nothing about the account changes
// until then. Only the token's SHA-256 is stored (platform/auth/account-tokens.ts hashAccountToken).
export const emailChanges = sqliteTable(
  'email_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The address asked for, as typed; it becomes the account's only when the link sent to it is opened.
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    // Set when the link is spent, or when a newer request replaces it.
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('email_changes_hash_uq').on(t.tokenHash), index('email_changes_user_idx').on(t.userId), index('email_changes_expires_idx').on(t.expiresAt)],
);
