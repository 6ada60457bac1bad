import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// When a housekeeping task rarer than every minute last finished (docs/operations.md#housekeeping), so no other
// process or restart repeats it.
export const housekeeping = sqliteTable('housekeeping', {
  task: text('task').primaryKey(),
  doneAt: integer('done_at').notNull(),
});
