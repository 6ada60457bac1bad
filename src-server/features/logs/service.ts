import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, count, desc, eq, gt, inArray, lte, max } from 'drizzle-orm';
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
 * characters goes to the trigram index (drizzle/0008_audit_log_upkeep.sql); a shorter one, which no trigram can
 * find, is scanned in slices (scanShortTerm). No search reads the whole log in one statement.
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

/** Entries one slice of a short-term scan reads: ~5-10 ms of the main thread at a time. */
export const SCAN_SLICE = 20_000;

/**
 * A 1-2 character term, matched with LIKE (the trigram index cannot), newest first with its exact total. The
 * embedded database runs on the main thread, so one count(*) over 1M entries (~480 ms) would hold up every other
 * request; instead the log is read in id slices of SCAN_SLICE entries, yielding to the event loop between them.
 * The search itself takes as long as before; nothing else waits for it.
 */
async function scanShortTerm(deps: Deps, q: ListQuery): Promise<Page<LogEntryView>> {
  const matches = anyColumnContains(SEARCHED, q.search);
  const [top] = await deps.db.select({ id: max(auditLogs.id) }).from(auditLogs);
  const pageIds: number[] = [];
  let total = 0;
  for (let hi = top?.id ?? 0; hi > 0; hi -= SCAN_SLICE) {
    const slice = and(gt(auditLogs.id, hi - SCAN_SLICE), lte(auditLogs.id, hi), matches);
    const inSlice = await totalOf(deps.db.select({ total: count() }).from(auditLogs).where(slice));
    // The page's rows fall in this slice when the matches before it have not yet reached offset + limit.
    if (inSlice > 0 && pageIds.length < q.limit && total + inSlice > q.offset) {
      const skip = Math.max(0, q.offset - total);
      const rows = await deps.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(slice)
        .orderBy(desc(auditLogs.id))
        .limit(q.limit - pageIds.length)
        .offset(skip);
      pageIds.push(...rows.map((r) => r.id));
    }
    total += inSlice;
    await nextTurn();
  }
  const items = pageIds.length === 0 ? [] : await deps.db.select().from(auditLogs).where(inArray(auditLogs.id, pageIds)).orderBy(desc(auditLogs.id));
  return { items: items.map(toView), total };
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
