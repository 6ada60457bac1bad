import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

// A passkey an account added on its account page (docs/product.md#passkeys): the credential's public key only; the
// private key never leaves the person's device, so a copy of this table signs nobody in.
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The authenticator's credential id, base64url: what a sign-in names the passkey by.
    credentialId: text('credential_id').notNull(),
    // The COSE public key, base64url.
    publicKey: text('public_key').notNull(),
    // The authenticator's signature counter: a sign-in whose counter does not move past it is refused as a copy.
    counter: integer('counter').notNull().default(0),
    // How the browser may reach the authenticator ('internal', 'usb', 'hybrid'...), JSON; a hint, never trusted.
    transports: text('transports').notNull().default('[]'),
    // The name the person gave it ('My phone').
    name: text('name').notNull(),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_uq').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

