import { count, eq } from 'drizzle-orm';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { LOG_SEARCH_EXACT_TOTAL } from '../../../contract/limits';
import { logLevels, type ClientLogInput, type ListQuery } from '../../../contract/schemas';
import type { LogEntryView, LogPage } from '../../../contract/views';
import { auditLogs } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { listBoundedPage, readCounter, totalOf } from '../../../platform/db/list';

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

/**
 * The audit log, newest first, searched in action, username and level (docs/product.md#statistics-and-search); no
 * search holds the main thread for a read of the whole log. Totals exact up to `exactUpTo` (docs/api.md#lists).
 */
export async function listLogs(deps: Deps, caller: Caller, q: ListQuery, exactUpTo = LOG_SEARCH_EXACT_TOTAL): Promise<LogPage> {
  assertAdminRights(caller);
  return listBoundedPage(deps, q, {
    searchIn: { text: SEARCHED },
    id: auditLogs.id,
    order: 'desc',
    fts: { table: 'audit_logs_fts' },
    exactTotalUpTo: exactUpTo,
    page: async (where, orderBy, limit, offset) => (await deps.db.select().from(auditLogs).where(where).orderBy(orderBy).limit(limit).offset(offset)).map(toView),
    count: (where) => totalOf(deps.db.select({ total: count() }).from(auditLogs).where(where)),
    scan: (where) => deps.db.select({ id: auditLogs.id }).from(auditLogs).where(where),
    total: () => readCounter(deps.db, 'audit_logs'),
    category: (term) => {
      // A term naming a level ('warning', ' ERROR ') lists that level's entries.
      const level = logLevels.find((l) => l === term.trim().toLowerCase());
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
