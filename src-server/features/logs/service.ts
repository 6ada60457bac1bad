import { count, desc, eq, inArray } from 'drizzle-orm';
import { assertAdminRights } from '../../auth/permissions';
import { logLevels, type ClientLogInput, type ListQuery, type LogLevel } from '../../contract/schemas';
import type { LogEntryView, Page } from '../../contract/views';
import { auditLogs } from '../../db/schema/index';
import type { Caller, Deps } from '../../deps';
import { anyColumnContains, listPage, readCounter, totalOf } from '../list';

function toView(row: typeof auditLogs.$inferSelect): LogEntryView {
  return {
    id: row.id,
    action: row.action,
    level: row.level,
    username: row.username,
    timestamp: new Date(row.createdAt).toISOString(),
    count: row.count,
    lastTimestamp: new Date(row.lastAt ?? row.createdAt).toISOString(),
  };
}

const SEARCHED = [auditLogs.action, auditLogs.username, auditLogs.level];

/** The level a search term names ('warning', ' ERROR '), if it names one. */
function levelNamed(term: string): LogLevel | undefined {
  const t = term.trim().toLowerCase();
  return logLevels.find((l) => l === t);
}

/**
 * The audit log, newest first (docs/product.md#statistics-and-search). A search looks in the action, the username
 * and the level: a level's name lists that level's entries (an index range, its total a counter); a term of 3+
 * characters goes to the trigram index (drizzle/0008_audit_log_upkeep.sql), its total counted on a worker thread;
 * a shorter one, which no trigram can find, is a LIKE run on that thread too (scanShortTerm). No search holds the
 * main thread for a read of the whole log.
 */
export async function listLogs(deps: Deps, caller: Caller, q: ListQuery): Promise<Page<LogEntryView>> {
  assertAdminRights(caller);
  if (q.search && !levelNamed(q.search) && [...q.search].length < 3) return scanShortTerm(deps, q);
  return listPage(deps, q, {
    searchIn: SEARCHED,
    fts: { table: 'audit_logs_fts', id: auditLogs.id, order: 'desc' },
    page: async (where, limit, offset) =>
      (await deps.db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(limit).offset(offset)).map(toView),
    count: (where) => totalOf(deps.db.select({ total: count() }).from(auditLogs).where(where)),
    total: () => readCounter(deps.db, 'audit_logs'),
    category: (term) => {
      const level = levelNamed(term);
      return level && { where: eq(auditLogs.level, level), total: () => readCounter(deps.db, `audit_logs_level_${level}`) };
    },
  });
}

/**
 * A 1-2 character term, matched with LIKE (the trigram index cannot), newest first with its exact total. Both reads
 * go through every entry (~480 ms at 1M), so they run off the main thread (db/off-thread.ts) where the embedded
 * database would otherwise hold up every other request; the page's rows are then read by id.
 */
async function scanShortTerm(deps: Deps, q: ListQuery): Promise<Page<LogEntryView>> {
  const matches = anyColumnContains(SEARCHED, q.search);
  const counted = deps.db.select({ total: count() }).from(auditLogs).where(matches).toSQL();
  const paged = deps.db.select({ id: auditLogs.id }).from(auditLogs).where(matches).orderBy(desc(auditLogs.id)).limit(q.limit).offset(q.offset).toSQL();
  const [total, idsJson] = await Promise.all([
    deps.hot.slowScalar(counted.sql, counted.params),
    deps.hot.slowScalar(`select json_group_array(id) from (${paged.sql})`, paged.params),
  ]);
  const ids = JSON.parse(String(idsJson ?? '[]')) as number[];
  const items = ids.length === 0 ? [] : await deps.db.select().from(auditLogs).where(inArray(auditLogs.id, ids)).orderBy(desc(auditLogs.id));
  return { items: items.map(toView), total: Number(total ?? 0) };
}

export async function addClientLog(deps: Deps, caller: Caller, input: ClientLogInput): Promise<LogEntryView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const [row] = await deps.write((tx) =>
    tx
      .insert(auditLogs)
      .values({ action: input.action, level: input.level, username: caller.username, userId: caller.id, createdAt: now })
      .returning(),
  );
  return toView(row!);
}
