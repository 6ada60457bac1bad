import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

// A staff account's TOTP authenticator (docs/product.md#second-factor-for-staff). The key is sealed with a key the
// server derives from its secret (platform/auth/secret-box.ts): the server must read it back to check a code, so a
// hash cannot serve, and a copy of the database alone does not give it away.
export const staffFactors = sqliteTable('staff_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  // Null while the set-up waits for its first code: a factor counts only once a code from it was accepted.
  confirmedAt: integer('confirmed_at'),
  // The last 30-second step whose code was accepted: no code of that step or an earlier one is taken again.
  lastStep: integer('last_step').notNull().default(0),
  createdAt: integer('created_at').notNull(),
});

// The ten recovery codes shown once at set-up, each by its SHA-256 only, each spent by its first use.
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('recovery_codes_hash_uq').on(t.codeHash), index('recovery_codes_user_idx').on(t.userId)],
);

// Site-wide settings an owner changes in the console, one row each: 'staff_second_factor_required' = 'true'|'false'.
export const siteSettings = sqliteTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
