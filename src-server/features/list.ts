// Shared by the list services: paging and case-insensitive substring search.
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { FtsTable } from '../db/hot-reads';
import { counters } from '../db/schema/index';

export interface Page<T> {
  items: T[];
  total: number;
}

/** A LIKE pattern that matches `term` anywhere, with % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `col1 LIKE p OR col2 LIKE p ...`; SQLite's LIKE ignores ASCII case. */
export function anyColumnContains(columns: SQLWrapper[], term: string): SQL {
  const pattern = containsPattern(term);
  return sql.join(
    columns.map((c) => sql`${c} LIKE ${pattern} ESCAPE '\\'`),
    sql` OR `,
  );
}

/**
 * Whether `term` goes to the trigram FTS5 index. The trigram tokenizer indexes 3-character sequences,
 * so a 1-2 character term has no trigram to look up: those keep the LIKE scan (bounded by the page
 * limit when they match often; the index cannot help them). Counted in code points, as SQLite does.
 */
export function usesFts(term: string): boolean {
  return [...term].length >= 3;
}

/**
 * `<table> MATCH <term as one FTS5 string>`: the term is bound as a parameter and quoted in SQL
 * ('"' || replace(term, '"', '""') || '"'), so quotes, *, OR, NEAR(, - and the like are literal text.
 * `table` is one of our own FTS table names, never input.
 */
export function ftsMatch(table: FtsTable, term: string): SQL {
  return sql`${sql.identifier(table)} MATCH '"' || replace(${term}, '"', '""') || '"'`;
}

export type CounterName = 'users' | 'policies' | 'policies_active';

/** One trigger-kept total (drizzle/0002_search_fts.sql): a primary-key read, never a count(*). */
export async function readCounter(db: DbOrTx, name: CounterName): Promise<number> {
  const [row] = await db.select({ value: counters.value }).from(counters).where(eq(counters.name, name)).limit(1);
  return row?.value ?? 0;
}
