// The audit-log writer (docs/product.md#audit-log): every service that changes something, or reads
// something a person should answer for, writes its entry here. Reading the log is features/logs/.
import type { LogLevel } from '../contract/schemas';
import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema/index';
import type { Deps } from '../deps';

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
