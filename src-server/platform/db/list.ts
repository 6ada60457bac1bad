// Shared by the list services: paging and case-insensitive substring search.
import { asc, desc, eq, inArray, sql, type Column, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Product } from '../../contract/products';
import type { ListQuery, LogLevel } from '../../contract/schemas';
import { searchForms } from '../../contract/search';
import type { BoundedPage } from '../../contract/views';
import type { DbOrTx } from './client';
import { ftsQuery, type FtsRegistrationColumn, type FtsTable } from './hot-reads';
import { counters } from './schema/index';
import type { Deps } from '../../deps';

/** `col1 LIKE p OR col2 LIKE p ...`, `term` anywhere with % and _ taken literally; SQLite's LIKE ignores ASCII case. */
export function anyColumnContains(columns: SQLWrapper[], term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql.join(
    columns.map((c) => sql`${c} LIKE ${pattern} ESCAPE '\\'`),
    sql` OR `,
  );
}

/** Where a list looks for a search term: its text columns, and which of them hold phone numbers and registrations. */
export interface SearchColumns {
  text: SQLWrapper[];
  /** Stored in the national form, digits only (contract/callback.ts normaliseUkPhone). */
  phones?: SQLWrapper[];
  /**
   * Stored in capitals with single spaces (contract/quote.ts normaliseRegistration); searched by a term's registration
   * form only, so a column costly to read (a request's, inside its details) is read only for a term that can be one.
   * A column that is also text lists it in `text` as well.
   */
  registrations?: SQLWrapper[];
}

/**
 * A search term's LIKE (docs/product.md#statistics-and-search): the term anywhere in a text column, or its phone form
 * in a phone column, or its registration form in a registration column with the column's spaces taken out
 * (contract/search.ts says when a term has each form).
 */
export function searchMatch(columns: SearchColumns, term: string): SQL {
  const forms = searchForms(term);
  const parts = [anyColumnContains(columns.text, term)];
  if (forms.phone !== null && columns.phones?.length) parts.push(anyColumnContains(columns.phones, forms.phone));
  if (forms.registration !== null && columns.registrations?.length) {
    parts.push(anyColumnContains(columns.registrations.map((c) => sql`replace(${c}, ' ', '')`), forms.registration));
  }
  return sql.join(parts, sql` OR `);
}

export type CounterName = 'users' | 'policies' | 'policies_active' | `policies_product_${Product}` | 'audit_logs' | `audit_logs_level_${LogLevel}`;

/** One trigger-kept total: a primary-key read, never a count(*). */
export async function readCounter(db: DbOrTx, name: CounterName): Promise<number> {
  const [row] = await db.select({ value: counters.value }).from(counters).where(eq(counters.name, name)).limit(1);
  return row?.value ?? 0;
}

/** A query limited, or limited from an offset, then written out (a drizzle select). */
type Limitable = { limit(limit: number): { offset(offset: number): { toSQL(): Query }; toSQL(): Query } };

/** What a list service tells listBoundedPage about its table; listBoundedPage does the paging, the search and the total. */
export interface ListSource<V> {
  /** Columns a search term is looked for in, anywhere in the text (LIKE, any of them: searchMatch). */
  searchIn: SearchColumns;
  /** The list's order: by its table's `id`, `order`; the trigram index's rowid is the same id. */
  id: Column;
  order: 'asc' | 'desc';
  /**
   * A trigram index over the same columns for terms of 3+ characters, walked in the list's order;
   * `registrationColumn`: its column of registrations, searched by the term's registration form too (ftsQuery).
   */
  fts?: { table: FtsTable; registrationColumn?: FtsRegistrationColumn };
  /** Counts a searched total only this far (docs/api.md#lists); undefined: exact. */
  exactTotalUpTo?: number;
  /** The page: the rows matching `where` (all of them when undefined), in `orderBy` (the list's order), `limit` from `offset`. */
  page(where: SQL | undefined, orderBy: SQL, limit: number, offset: number): Promise<V[]>;
  /** How many rows match `where` (all of them when undefined). */
  count(where: SQL | undefined): Promise<number>;
  /**
   * A 1-2 character term is a LIKE over every row (seconds at 1M rows): with `scan`, `select <id> from … where
   * <where>`, it runs off the main thread (HotReads.slowScalar), ids then rows by `id`. Undefined: `page` and `count` run the LIKE.
   */
  scan?(where: SQL): Limitable & { orderBy(orderBy: SQL): Limitable };
  /** The unsearched total when something cheaper than count(*) knows it (a trigger-kept counter). */
  total?(): Promise<number>;
  /** A term naming a whole category (a policy's product): an indexed filter and a kept counter, so neither scans. */
  category?(term: string): { where: SQL; total(): Promise<number> } | undefined;
}

/** How far a bounded count goes: `upTo` or the page's end if further, plus one to prove a match past the page. */
export const countBoundFor = (upTo: number, q: Pick<ListQuery, 'limit' | 'offset'>) => Math.max(upTo, q.offset + q.limit);

/** The total from a count stopped at bound + 1 (countBoundFor): past the bound, the bound and the flag. */
export function boundedTotal(counted: number, bound: number): { total: number; totalIsLowerBound: boolean } {
  return counted > bound ? { total: bound, totalIsLowerBound: true } : { total: counted, totalIsLowerBound: false };
}

/**
 * One page of a list and its total, searched: by category, trigram index or LIKE (docs/product.md#statistics-and-search);
 * the flag is true only when ListSource.exactTotalUpTo stopped a search's count.
 */
export async function listBoundedPage<V>(deps: Pick<Deps, 'hot'>, q: ListQuery, source: ListSource<V>): Promise<BoundedPage<V>> {
  const term = q.search;
  const orderBy = source.order === 'desc' ? desc(source.id) : asc(source.id);
  const category = term ? source.category?.(term) : undefined;
  if (category) {
    const [items, total] = await Promise.all([source.page(category.where, orderBy, q.limit, q.offset), category.total()]);
    return { items, total, totalIsLowerBound: false };
  }
  const { scan, exactTotalUpTo } = source;
  // Only a term of 3+ code points has a trigram to look up.
  if (term && source.fts && [...term].length >= 3) {
    const { table, registrationColumn } = source.fts;
    const direction = source.order === 'desc' ? sql`DESC` : sql`ASC`;
    // The query bound as one parameter; ftsQuery quotes the term, so its syntax is literal (`table` is never input).
    const match = sql`${sql.identifier(table)} MATCH ${ftsQuery(term, registrationColumn)}`;
    // The subquery windows the matches; the outer limit only restates it.
    const ids = sql`${source.id} IN (SELECT rowid FROM ${sql.identifier(table)} WHERE ${match} ORDER BY rowid ${direction} LIMIT ${q.limit} OFFSET ${q.offset})`;
    const bound = exactTotalUpTo === undefined ? undefined : countBoundFor(exactTotalUpTo, q);
    const upTo = bound === undefined ? undefined : bound + 1;
    const [items, counted] = await Promise.all([source.page(ids, orderBy, q.limit, 0), deps.hot.countFtsMatches(table, term, upTo, registrationColumn)]);
    return { items, ...boundedTotal(counted, bound ?? Infinity) };
  }
  const where = term ? searchMatch(source.searchIn, term) : undefined;
  if (where && scan && exactTotalUpTo !== undefined) {
    // A LIKE search run off the main thread, bounded as a trigram search's total is (see ListSource.scan).
    const bound = countBoundFor(exactTotalUpTo, q);
    // In no particular order: only counted.
    const counted = scan(where).limit(bound + 1).toSQL();
    const paged = scan(where).orderBy(orderBy).limit(q.limit).offset(q.offset).toSQL();
    const [total, idsJson] = await Promise.all([
      deps.hot.slowScalar(`select count(*) from (${counted.sql})`, counted.params),
      deps.hot.slowScalar(`select json_group_array(id) from (${paged.sql})`, paged.params),
    ]);
    const ids = JSON.parse(String(idsJson ?? '[]')) as number[];
    const items = ids.length === 0 ? [] : await source.page(inArray(source.id, ids), orderBy, ids.length, 0);
    return { items, ...boundedTotal(Number(total ?? 0), bound) };
  }
  const [items, total] = await Promise.all([
    source.page(where, orderBy, q.limit, q.offset),
    where === undefined && source.total ? source.total() : source.count(where),
  ]);
  return { items, total, totalIsLowerBound: false };
}

/** The number a `select({ total: count() })` query answers. */
export async function totalOf(query: PromiseLike<{ total: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.total ?? 0;
}
