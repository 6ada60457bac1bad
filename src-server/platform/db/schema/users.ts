import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    isOwner: integer('is_owner', { mode: 'boolean' }).notNull().default(false),
    // Bumped when the password changes: tokens carry it, so older sessions stop working at once.
    sessionVersion: integer('session_version').notNull().default(0),
    // When the account proved it owns its e-mail address (a link sent to it was opened); null until then. Nothing
    // reaches an account by its e-mail address before this (docs/product.md#e-mail-confirmation).
    emailVerifiedAt: integer('email_verified_at'),
    // An account that held policies is closed rather than deleted (docs/product.md#records): no sign-in, kept with
    // its policies. Null while open.
    closedAt: integer('closed_at'),
    // What the account's owner says of themselves on /account (docs/product.md#account): optional, null until given.
    name: text('name'),
    // A UK number in its national form, digits only (contract/callback.ts normaliseUkPhone).
    phone: text('phone'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    // Usernames and e-mails are unique whatever their case; lookups use the same expressions.
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_is_owner_idx').on(t.isOwner),
    // With the owner index, the staff list (admins or owners) is read by a union of two index ranges, not a
    // scan of every customer account.
    index('users_is_admin_idx').on(t.isAdmin),
  ],
);
