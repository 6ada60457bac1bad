import { count, desc, eq } from 'drizzle-orm';
import { assertAdminRights } from '../../platform/auth/permissions';
import { LOG_SEARCH_EXACT_TOTAL } from '../../contract/limits';
import { logLevels, type ClientLogInput, type ListQuery, type LogLevel } from '../../contract/schemas';
import type { LogEntryView, LogPage } from '../../contract/views';
import { auditLogs } from '../../platform/db/schema/index';
import type { Caller, Deps } from '../../deps';
import { listBoundedPage, readCounter, totalOf } from '../../platform/db/list';

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
 * a shorter one, which no trigram can find, is a LIKE run on that thread too (ListSource.scan: the page's ids and the
 * bounded total there, then the page's rows by id). No search holds the main thread for a read of the whole log.
 *
 * A searched total is exact up to `exactUpTo` matches (LOG_SEARCH_EXACT_TOTAL; smaller in tests), and past it a
 * lower bound with `totalIsLowerBound` (docs/api.md#lists): an exact count of a broad term read every match in the
 * index, 46-108 ms at 1M entries. Unsearched and level totals are counters, always exact.
 */
export async function listLogs(deps: Deps, caller: Caller, q: ListQuery, exactUpTo = LOG_SEARCH_EXACT_TOTAL): Promise<LogPage> {
  assertAdminRights(caller);
  return listBoundedPage(deps, q, {
    searchIn: SEARCHED,
    fts: { table: 'audit_logs_fts', id: auditLogs.id, order: 'desc' },
    exactTotalUpTo: exactUpTo,
    page: async (where, limit, offset) =>
      (await deps.db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(limit).offset(offset)).map(toView),
    count: (where) => totalOf(deps.db.select({ total: count() }).from(auditLogs).where(where)),
    scan: {
      id: auditLogs.id,
      pageIds: (where, limit, offset) => deps.db.select({ id: auditLogs.id }).from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(limit).offset(offset).toSQL(),
      someIds: (where, limit) => deps.db.select({ id: auditLogs.id }).from(auditLogs).where(where).limit(limit).toSQL(),
    },
    total: () => readCounter(deps.db, 'audit_logs'),
    category: (term) => {
      const level = levelNamed(term);
      return level && { where: eq(auditLogs.level, level), total: () => readCounter(deps.db, `audit_logs_level_${level}`) };
    },
  });
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
