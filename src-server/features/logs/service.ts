import { count, desc, sql } from 'drizzle-orm';
import type { ClientLogInput, ListQuery, LogLevel } from '../../contract/schemas';
import type { DbOrTx } from '../../db/client';
import { auditLogs } from '../../db/schema/index';
import type { Caller, Deps } from '../../deps';
import { anyColumnContains, type Page } from '../list';

export interface LogEntryView {
  id: number;
  action: string;
  level: LogLevel;
  username: string | null;
  timestamp: string;
}

export interface LogEntry {
  action: string;
  level?: LogLevel;
  username?: string | null;
  userId?: number | null;
}

/** Writes one audit entry, inside the caller's transaction so the entry and the change stand or fall together. */
export async function writeLog(tx: DbOrTx, nowMs: number, entry: LogEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    action: entry.action.slice(0, 500),
    level: entry.level ?? 'info',
    username: entry.username ?? null,
    userId: entry.userId ?? null,
    createdAt: nowMs,
  });
}

/** A log entry on its own (logins, reads): its own small transaction. */
export function logEvent(deps: Deps, entry: LogEntry): Promise<void> {
  return deps.write((tx) => writeLog(tx, deps.clock.now(), entry));
}

function toView(row: typeof auditLogs.$inferSelect): LogEntryView {
  return { id: row.id, action: row.action, level: row.level, username: row.username, timestamp: new Date(row.createdAt).toISOString() };
}

export async function listLogs(deps: Deps, q: ListQuery): Promise<Page<LogEntryView>> {
  const where = q.search ? anyColumnContains([auditLogs.action, auditLogs.username, auditLogs.level], q.search) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    deps.db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(q.limit).offset(q.offset),
    deps.db.select({ total: count() }).from(auditLogs).where(where ?? sql`1`),
  ]);
  return { items: rows.map(toView), total: totalRow?.total ?? 0 };
}

export async function addClientLog(deps: Deps, caller: Caller, input: ClientLogInput): Promise<LogEntryView> {
  const now = deps.clock.now();
  const [row] = await deps.write((tx) =>
    tx
      .insert(auditLogs)
      .values({ action: input.action, level: input.level, username: caller.username, userId: caller.id, createdAt: now })
      .returning(),
  );
  return toView(row!);
}
