// The audit log's retention (docs/operations.md#housekeeping): once a day (recorded in the database), in small
// batches of short writes, at most AUDIT_PRUNE_MAX_BATCHES a run, so it never holds the lock or main thread for long.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { asc, eq, inArray, lt } from 'drizzle-orm';
import { auditLogs, housekeeping } from '../db/schema/index';
import type { WriteTransaction } from '../db/writer';
import type { Deps } from '../../deps';
import { writeLog } from './log';

/** The default of AUDIT_RETENTION_DAYS (src-server/env.ts): two years. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;
/** Entries per delete: a few milliseconds of write lock with the index and counter triggers. */
export const AUDIT_PRUNE_BATCH = 500;
/** Batches per housekeeping run, so one run stays well inside its minute. */
export const AUDIT_PRUNE_MAX_BATCHES = 100;

const DAY_MS = 24 * 3600_000;
const TASK = 'audit-retention';

/** Removes entries older than the retention period when a day has passed since the last prune finished; answers how many. */
export async function pruneAuditLog(
  deps: Pick<Deps, 'db' | 'clock'> & { write: WriteTransaction },
  options: { retentionDays: number; batchSize?: number; maxBatches?: number },
): Promise<number> {
  const now = deps.clock.now();
  const [last] = await deps.db.select({ doneAt: housekeeping.doneAt }).from(housekeeping).where(eq(housekeeping.task, TASK)).limit(1);
  if (last && now - last.doneAt < DAY_MS) return 0;
  const batchSize = options.batchSize ?? AUDIT_PRUNE_BATCH;
  const maxBatches = options.maxBatches ?? AUDIT_PRUNE_MAX_BATCHES;
  const cutoff = now - options.retentionDays * DAY_MS;
  let removed = 0;
  let finished = false;
  for (let batch = 0; batch < maxBatches && !finished; batch++) {
    if (batch > 0) await nextTurn();
    const deleted = await deps.write(async (tx) => {
      // The oldest first, by audit_logs_created_idx: the batch never scans the entries it keeps.
      const oldest = tx.select({ id: auditLogs.id }).from(auditLogs).where(lt(auditLogs.createdAt, cutoff)).orderBy(asc(auditLogs.createdAt)).limit(batchSize);
      return (await tx.delete(auditLogs).where(inArray(auditLogs.id, oldest)).returning({ id: auditLogs.id })).length;
    });
    removed += deleted;
    finished = deleted < batchSize;
  }
  await deps.write(async (tx) => {
    // Removing audit entries is itself on the record.
    if (removed > 0) {
      await writeLog(tx, now, { action: `Audit log: removed ${removed} entries older than ${options.retentionDays} days`, username: 'system' });
    }
    if (finished) {
      await tx.insert(housekeeping).values({ task: TASK, doneAt: now }).onConflictDoUpdate({ target: housekeeping.task, set: { doneAt: now } });
    }
  });
  return removed;
}
