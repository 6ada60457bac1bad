import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

// Every single-use secret the site hands out, one row each (docs/operations.md#one-time-tokens): an e-mailed link, a
// sign-in's second-factor challenge, a passkey ceremony's challenge. Only the secret's SHA-256 is stored, so a copy
// of this table opens nothing. Written and spent only through platform/tokens.
export const oneTimeTokens = sqliteTable(
  'one_time_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // What the secret lets its holder do, and so how long it lasts:
    // 'reset' (set the password, 30 minutes), 'invite' (set a password and confirm the address, 7 days), 'verify'
    // (confirm the address, 7 days): docs/product.md#e-mail-confirmation; 'email-change' (move the account to
    // `target`, a day): docs/product.md#changing-the-e-mail-address; 'login' (a sign-in waiting for a staff member's
    // code, 5 minutes): docs/product.md#second-factor-for-staff; 'passkey-register' and 'passkey-sign-in' (a passkey
    // ceremony's challenge, 5 minutes): docs/product.md#passkeys.
    kind: text('kind', { enum: ['reset', 'invite', 'verify', 'login', 'email-change', 'passkey-register', 'passkey-sign-in', 'verify-code'] }).notNull(),
    // The account it acts on; none for a passkey sign-in's challenge, which names its account only when answered.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // What it acts towards beyond the account: an e-mail change's new address, as typed; otherwise none.
    target: text('target'),
    // SHA-256 of the secret, hex; the secret itself is never stored.
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at').notNull(),
    // Set when it is spent, or when a newer one of its kind (or the account's clearing) replaces it.
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_uq').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.kind),
    index('one_time_tokens_expires_idx').on(t.expiresAt),
  ],
);
