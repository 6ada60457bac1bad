// Shared by the list services: paging and case-insensitive substring search.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

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
