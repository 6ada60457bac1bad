// The audit-log writer (docs/product.md#audit-log): every service that changes something, or reads
// something a person should answer for, writes its entry here. Reading the log is modules/reporting/logs/.
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { LogLevel } from '../../contract/schemas';
import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema/index';
import type { Clock } from '../clock';
import type { WriteTransaction } from '../db/writer';

export interface LogEntry {
  action: string;
  level?: LogLevel;
  username?: string | null;
  userId?: number | null;
}

/** Writes one audit entry, inside the caller's transaction so the entry and the change stand or fall together. */
export async function writeLog(tx: DbOrTx, nowMs: number, entry: LogEntry): Promise<void> {
  await tx.insert(auditLogs).values(entryRow(nowMs, entry));
}

function entryRow(nowMs: number, entry: LogEntry): typeof auditLogs.$inferInsert {
  return { action: entry.action.slice(0, 500), level: entry.level ?? 'info', username: entry.username ?? null, userId: entry.userId ?? null, createdAt: nowMs };
}

/** The parts of Deps a lone entry needs, named here: Deps names the refusal log, which writes through this file. */
type LogDeps = { write: WriteTransaction; clock: Clock };

/** A log entry on its own (logins, reads): its own small transaction. */
export function logEvent(deps: LogDeps, entry: LogEntry): Promise<void> {
  return deps.write((tx) => writeLog(tx, deps.clock.now(), entry));
}

/** How a repeated event is counted: under `key`, one entry per window that starts with its first occurrence. */
export interface Repeat {
  key: string;
  windowMs: number;
}

/** The window of a refused sign-in's entry: the sign-in throttle's 15 minutes (docs/api.md#rate-limits). */
export const LOGIN_REFUSAL_WINDOW_MS = 15 * 60_000;

/**
 * A repeated event: one entry per key and window, later occurrences adding to its count (docs/product.md#audit-log).
 * In the caller's BEGIN IMMEDIATE transaction, so two processes never both open one. Answers when its window started.
 * `occurrences`: those counted together (audit/refusal-log.ts), how many and the last one's time.
 */
export async function writeRepeatedLog(tx: DbOrTx, nowMs: number, entry: LogEntry, repeat: Repeat, occurrences = { count: 1, lastAt: nowMs }): Promise<number> {
  const [open] = await tx
    .select({ id: auditLogs.id, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(and(eq(auditLogs.repeatKey, repeat.key), gt(auditLogs.createdAt, nowMs - repeat.windowMs)))
    .orderBy(desc(auditLogs.createdAt))
    .limit(1);
  if (open) {
    await tx
      .update(auditLogs)
      // max(): another process's batch may be written after this one's later occurrences.
      .set({ count: sql`${auditLogs.count} + ${occurrences.count}`, lastAt: sql`max(coalesce(${auditLogs.lastAt}, ${auditLogs.createdAt}), ${occurrences.lastAt})` })
      .where(eq(auditLogs.id, open.id));
    return open.createdAt;
  }
  await tx.insert(auditLogs).values({ ...entryRow(nowMs, entry), lastAt: occurrences.lastAt, count: occurrences.count, repeatKey: repeat.key });
  return nowMs;
}

/** A repeated event on its own: its own small transaction. */
export async function logRepeatedEvent(deps: LogDeps, entry: LogEntry, repeat: Repeat): Promise<void> {
  await deps.write((tx) => writeRepeatedLog(tx, deps.clock.now(), entry, repeat));
}
