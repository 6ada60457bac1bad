import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// One row per write transaction committed through a libSQL server, written in the transaction itself (db/server.ts;
// docs/operations.md#errors-from-a-libsql-server). When the answer to a COMMIT is lost (the server died or the
// connection broke after it was sent), the row says whether that transaction was made; and a write is answered only
// once the server this process reads from shows its row, so the process reads its own writes on a replica. Rows are
// needed for seconds; housekeeping drops those older than an hour. An embedded file writes none.
export const writeReceipts = sqliteTable(
  'write_receipts',
  {
    id: text('id').primaryKey(),
    /** The database server's own clock (unixepoch()), in seconds: the app's clock may be a test's. */
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('write_receipts_created_idx').on(t.createdAt)],
);
