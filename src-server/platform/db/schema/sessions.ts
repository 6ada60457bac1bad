import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

// One row per sign-in, for "Signed in on" (docs/product.md#account). The token itself is never stored: its jti
// names the row, and a jti alone signs nobody in (the token's signature does). A row lists while it is not ended,
// not expired and signed with the account's current session version: a password change ends the others at once.
export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jti: text('jti').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The users.session_version the token carries.
    sessionVersion: integer('session_version').notNull(),
    // Whether the token lasts 30 days rather than 12 hours: a token given anew for this session (after a password
    // change) lasts as the first did.
    remember: integer('remember', { mode: 'boolean' }).notNull(),
    // The device in plain words ('Chrome on Android'), from the User-Agent at sign-in; never the header itself.
    device: text('device').notNull(),
    // The client address it signed in from (platform/http/client-address.ts).
    address: text('address').notNull(),
    createdAt: integer('created_at').notNull(),
    // Moved forward at most once a minute (modules/accounts/sessions/service.ts).
    lastSeenAt: integer('last_seen_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    // Signed out (this device, another's "Sign out", "Sign out all other devices"); null while it may be used.
    endedAt: integer('ended_at'),
    // Signed in with a passkey: what the owner's rule counts as a second factor for this session (docs/product.md#passkeys).
    passkey: integer('passkey', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('sessions_jti_uq').on(t.jti),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);
