import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

// Staff notes on a quote or callback request: who wrote what, when. Kept when the author's account goes.
export const requestNotes = sqliteTable(
  'request_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestKind: text('request_kind', { enum: ['quote', 'callback', 'claim'] }).notNull(),
    requestId: integer('request_id').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorUsername: text('author_username').notNull(),
    text: text('text').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('request_notes_request_idx').on(t.requestKind, t.requestId, t.id)],
);
