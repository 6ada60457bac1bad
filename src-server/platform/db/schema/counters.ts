import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Running totals kept by triggers (see drizzle/*_search_fts.sql and *_product_counters.sql): 'users',
 * 'policies', 'policies_active' (stored status `active` only) and 'policies_product_{product}'. Stats,
 * unfiltered list totals and a product search's total read one row here instead of count(*) over 1M.
 */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});
