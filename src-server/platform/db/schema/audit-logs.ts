import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const auditLogs = sqliteTable(
  'audit_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    action: text('action').notNull(),
    level: text('level', { enum: ['info', 'warning', 'error'] }).notNull().default('info'),
    // Kept as text, not a foreign key: the trail must outlive the account it names.
    username: text('username'),
    userId: integer('user_id'),
    createdAt: integer('created_at').notNull(),
    // A repeated event (a refused sign-in) is one entry per key and window that counts its occurrences instead
    // of a row each (docs/product.md#audit-log): how many, when the last one was, and the key it is counted
    // under (null for an ordinary entry, which happened once at created_at).
    count: integer('count').notNull().default(1),
    lastAt: integer('last_at'),
    repeatKey: text('repeat_key'),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    // A repeated event finds its open entry by key, newest first; partial, so ordinary entries take no room.
    index('audit_logs_repeat_idx').on(t.repeatKey, t.createdAt).where(sql`${t.repeatKey} is not null`),
    // A search naming a level ('warning') pages that level newest first (docs/product.md#statistics-and-search).
    index('audit_logs_level_idx').on(t.level, t.id),
    // A customer's copy of their data reads the entries about their account newest first (docs/product.md#my-data).
    index('audit_logs_user_idx').on(t.userId, t.id),
  ],
);
