import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// When a housekeeping task that runs less often than every minute last finished (docs/operations.md#housekeeping):
// the audit log's retention prune runs once a day, whichever process gets there first, and a restart does not
// start it again.
export const housekeeping = sqliteTable('housekeeping', {
  task: text('task').primaryKey(),
  doneAt: integer('done_at').notNull(),
});
