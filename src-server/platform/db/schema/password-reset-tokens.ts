import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the token sent by e-mail; the token itself is never stored.
    tokenHash: text('token_hash').notNull(),
    // 'reset' (forgot password, 30 minutes), 'invite' (set a password and confirm the address, 7 days) or 'verify'
    // (confirm the address, 7 days): docs/product.md#e-mail-confirmation; 'login' (a sign-in waiting for a staff
    // member's code, 5 minutes): docs/product.md#second-factor-for-staff.
    purpose: text('purpose', { enum: ['reset', 'invite', 'verify', 'login'] }).notNull().default('reset'),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);
