import { count, desc } from 'drizzle-orm';
import { assertAdminRights } from '../../auth/permissions';
import type { ClientLogInput, ListQuery } from '../../contract/schemas';
import type { LogEntryView, Page } from '../../contract/views';
import { auditLogs } from '../../db/schema/index';
import type { Caller, Deps } from '../../deps';
import { listPage, totalOf } from '../list';

function toView(row: typeof auditLogs.$inferSelect): LogEntryView {
  return { id: row.id, action: row.action, level: row.level, username: row.username, timestamp: new Date(row.createdAt).toISOString() };
}

/** The audit log, newest first; a search looks in the action, the username and the level. */
export async function listLogs(deps: Deps, caller: Caller, q: ListQuery): Promise<Page<LogEntryView>> {
  assertAdminRights(caller);
  return listPage(deps, q, {
    searchIn: [auditLogs.action, auditLogs.username, auditLogs.level],
    page: async (where, limit, offset) =>
      (await deps.db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(limit).offset(offset)).map(toView),
    count: (where) => totalOf(deps.db.select({ total: count() }).from(auditLogs).where(where)),
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
