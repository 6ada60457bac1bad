import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Fixed-window counters shared by every server process (login failures per username and per address,
// form submissions per address). Keys are namespaced, e.g. 'login:user:alice', 'login:ip:10.0.0.1'.
export const throttle = sqliteTable(
  'throttle',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: integer('window_start').notNull(),
  },
  (t) => [index('throttle_window_idx').on(t.windowStart)],
);
