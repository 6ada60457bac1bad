import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// One row per write transaction committed through a libSQL server, in the transaction itself
// (docs/operations.md#errors-from-a-libsql-server): it settles a lost COMMIT answer and shows when a replica has
// the write. Dropped after an hour; a file writes none.
export const writeReceipts = sqliteTable(
  'write_receipts',
  {
    id: text('id').primaryKey(),
    /** The database server's own clock (unixepoch()), in seconds: the app's clock may be a test's. */
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('write_receipts_created_idx').on(t.createdAt)],
);
