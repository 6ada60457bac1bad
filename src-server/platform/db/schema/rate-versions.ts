import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Rate versions (docs/product.md#rates): never updated or deleted once written; a price names the version that made it.
export const rateVersions = sqliteTable(
  'rate_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    // The seeded example: the console says so until an owner writes the insurer's own.
    example: integer('example', { mode: 'boolean' }).notNull().default(false),
    // The rates as JSON (contract/rates.ts rateTable), exactly as validated.
    rates: text('rates').notNull(),
    effectiveFrom: integer('effective_from').notNull(),
    createdAt: integer('created_at').notNull(),
    createdBy: text('created_by').notNull(),
    createdById: integer('created_by_id'),
  },
  (t) => [index('rate_versions_effective_idx').on(t.effectiveFrom, t.id)],
);
