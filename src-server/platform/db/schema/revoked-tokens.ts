import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Tokens signed out before their expiry; rows are swept once the token would have expired anyway.
export const revokedTokens = sqliteTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);
