import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Running totals kept by triggers (see drizzle/*_search_fts.sql): 'users', 'policies' and
 * 'policies_active'. Stats and unfiltered list totals read one row here instead of count(*) over 1M.
 */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});
