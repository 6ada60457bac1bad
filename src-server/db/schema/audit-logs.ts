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
  },
  (t) => [index('audit_logs_created_idx').on(t.createdAt)],
);
