// The two reads on every signed-in request (the caller, a customer's policies) and the slow ones. On an embedded file
// they are cached native prepared statements (~5-50 µs, not the client's ~200 µs); on a server, through the client.
import type { Client, InArgs } from '@libsql/client';
import Libsql from 'libsql';
import { registrationSearchForm, registrationSpellings } from '../../contract/search';
import { SECOND_FACTOR_RULE_KEY } from '../../contract/second-factor';
import { offThreadReads } from './off-thread';
import { POLICY_LIST_READ_SQL } from './read-models/policy-list';

interface CallerRow {
  id: number;
  username: string;
  isAdmin: boolean;
  isOwner: boolean;
  sessionVersion: number;
  revoked: boolean;
  /** A staff account under the owner's rule with no factor, on a session not made with a passkey (docs/product.md#second-factor-for-staff). */
  secondFactorMissing: boolean;
}

export interface HotReads {
  callerRow(userId: number, jti: string): Promise<CallerRow | undefined>;
  /** The account's policies as the API's JSON array (PolicyView[]), newest start first. */
  policiesOfUserJson(userId: number): Promise<string>;
  /**
   * How many rows of a trigram index contain `term` (or its registration form in `registrationColumn`: ftsQuery), at
   * most `upTo` (docs/api.md#lists); off-thread on an embedded file.
   */
  countFtsMatches(table: FtsTable, term: string, upTo?: number, registrationColumn?: FtsRegistrationColumn): Promise<number>;
  /** The first cell of a slow read (a LIKE over every row), off the main thread on an embedded file; null: no row. */
  slowScalar(sql: string, args: unknown[]): Promise<unknown>;
  /**
   * Statements in one write transaction, answering total_changes: the search index merge steps, on a worker of their
   * own on an embedded file. Called only through WriteTransaction.outside, so writes wait in the queue.
   */
  maintenanceWrite(statements: string[]): Promise<number>;
  close(): void;
}

export type FtsTable = 'users_fts' | 'policies_fts' | 'audit_logs_fts';
/** The trigram indexes' columns of registrations (migration 0002): searched by a term's registration spellings too. */
export type FtsRegistrationColumn = 'registration';

/** A term as one quoted FTS5 string, so quotes, *, OR, NEAR(, - are literal text. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The FTS5 query a search term asks: the term as one literal string anywhere, or (when `registrationColumn` names the
 * index's column of registrations) any spelling of its registration form in that column (contract/search.ts).
 */
export function ftsQuery(term: string, registrationColumn?: FtsRegistrationColumn): string {
  const form = registrationColumn === undefined ? null : registrationSearchForm(term);
  const typed = term.toUpperCase();
  const spellings = form === null ? [] : registrationSpellings(form).filter((s) => s !== typed);
  const phrase = ftsPhrase(term);
  return spellings.length === 0 ? phrase : `${phrase} OR ${registrationColumn} : (${spellings.map(ftsPhrase).join(' OR ')})`;
}

/** The matches of `table` for a query from ftsQuery, bound as one parameter. */
const ftsMatches = (table: FtsTable) => `${table} where ${table} match ?`;
/** Stopped after `upTo` (a second parameter) when given: the index yields matches one by one. */
const countFtsStatement = (table: FtsTable, query: string, upTo: number | undefined): [string, (string | number)[]] =>
  upTo === undefined
    ? [`select count(*) from ${ftsMatches(table)}`, [query]]
    : [`select count(*) from (select 1 from ${ftsMatches(table)} limit ?)`, [query, upTo]];

// The staff tier's facts come with the same read (docs/product.md#second-factor-for-staff): the owner's rule, the
// account's confirmed factor and whether this session came from a passkey. SQLite stops at the first false term, so a
// customer's read touches only users and revoked_tokens. ?1 is the token's jti, ?2 the account.
const CALLER_SQL = `select id, username, is_admin as isAdmin, is_owner as isOwner, session_version as sessionVersion,
  exists(select 1 from revoked_tokens where jti = ?1) as revoked,
  (is_admin or is_owner)
    and exists(select 1 from site_settings where key = '${SECOND_FACTOR_RULE_KEY}' and value = 'true')
    and not exists(select 1 from staff_factors where user_id = users.id and confirmed_at is not null)
    and not exists(select 1 from sessions where jti = ?1 and user_id = users.id and passkey = 1) as secondFactorMissing
  from users where id = ?2`;

/** CALLER_SQL's row as its cells, read raw: a named row costs ~3 µs more on every signed-in request. */
type RawCaller = ArrayLike<unknown>;

function toCaller(row: RawCaller | undefined): CallerRow | undefined {
  if (!row) return undefined;
  return {
    id: Number(row[0]),
    username: String(row[1]),
    isAdmin: Boolean(row[2]),
    isOwner: Boolean(row[3]),
    sessionVersion: Number(row[4]),
    revoked: Boolean(row[5]),
    secondFactorMissing: Boolean(row[6]),
  };
}

/** Prepared statements on a native connection to an embedded database file. */
export function nativeHotReads(path: string, busyTimeoutMs: number): HotReads {
  const conn = new Libsql(path, { timeout: busyTimeoutMs });
  const offThread = offThreadReads(path, busyTimeoutMs);
  // A second worker (started on first use), so that a long merge step never delays a search's total.
  const maintenance = offThreadReads(path, busyTimeoutMs);
  // Prepared on first use: the connection opens before the migrations have made the tables.
  let statements: { caller: Libsql.Statement<unknown[]>; ofUser: Libsql.Statement<unknown[]> } | undefined;
  const prepared = () =>
    (statements ??= {
      caller: conn.prepare(CALLER_SQL).raw(true),
      ofUser: conn.prepare(POLICY_LIST_READ_SQL).raw(true),
    });
  /** Runs one read; after any error the cached statements are dropped, as the binding leaves a failed one unusable. */
  const read = <T>(run: (s: NonNullable<typeof statements>) => T): T => {
    try {
      return run(prepared());
    } catch (err) {
      statements = undefined;
      throw err;
    }
  };
  return {
    callerRow: async (userId, jti) => toCaller(read((s) => s.caller.get(jti, userId)) as RawCaller | undefined),
    // raw(): the one column as an array cell (libsql's pluck() is ignored by get()).
    policiesOfUserJson: async (userId) => (read((s) => s.ofUser.get(userId)) as [string])[0],
    countFtsMatches: async (table, term, upTo, registrationColumn) =>
      Number(await offThread.scalar(...countFtsStatement(table, ftsQuery(term, registrationColumn), upTo))),
    slowScalar: (sql, args) => offThread.scalar(sql, args),
    maintenanceWrite: (statements) => maintenance.write(statements),
    close: () => {
      offThread.close();
      maintenance.close();
      conn.close();
    },
  };
}

/** The same reads through the client, for a libSQL server (no native connection there). */
export function clientHotReads(client: Client): HotReads {
  return {
    async callerRow(userId, jti) {
      const rs = await client.execute({ sql: CALLER_SQL, args: [jti, userId] });
      return toCaller(rs.rows[0]);
    },
    async policiesOfUserJson(userId) {
      const rs = await client.execute({ sql: POLICY_LIST_READ_SQL, args: [userId] });
      return String(rs.rows[0]?.[0] ?? '[]');
    },
    async countFtsMatches(table, term, upTo, registrationColumn) {
      const [sql, args] = countFtsStatement(table, ftsQuery(term, registrationColumn), upTo);
      const rs = await client.execute({ sql, args });
      return Number(rs.rows[0]?.[0] ?? 0);
    },
    async slowScalar(sql, args) {
      const rs = await client.execute({ sql, args: args as InArgs });
      return rs.rows[0]?.[0] ?? null;
    },
    async maintenanceWrite(statements) {
      const changes = async () => Number((await tx.execute('select total_changes()')).rows[0]?.[0] ?? 0);
      const tx = await client.transaction('write');
      try {
        const before = await changes();
        for (const statement of statements) await tx.execute(statement);
        const changed = (await changes()) - before;
        await tx.commit();
        return changed;
      } finally {
        tx.close();
      }
    },
    close: () => undefined,
  };
}
