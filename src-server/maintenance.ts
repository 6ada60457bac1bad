// Periodic housekeeping (docs/operations.md#housekeeping). The order matters: ended cover is expired before
// reminders are looked at, reminders queued are delivered in the same run, and merge steps come last.
import { lt, sql } from 'drizzle-orm';
import { DEFAULT_AUDIT_RETENTION_DAYS, pruneAuditLog } from './platform/audit/retention';
import { pruneThrottle } from './platform/auth/throttle';
import { revokedTokens, sessions, writeReceipts } from './platform/db/schema/index';
import { mergeSearchIndexes } from './platform/db/search-index';
import { removeDeliveredTokens } from './platform/mail/mailer';
import { dropSpentTokens } from './platform/tokens/index';
import type { Deps } from './deps';
import { sendDueReminders, sweepExpiredPolicies } from './modules/policies';

/** How long a write receipt is kept (db/schema/write-receipts.ts). */
const RECEIPT_KEEP_SECONDS = 3600;

export async function runMaintenance(deps: Deps, options: { auditRetentionDays?: number } = {}) {
  const now = deps.clock.now();
  const expired = await sweepExpiredPolicies(deps);
  const reminded = await sendDueReminders(deps);
  await deps.write(async (tx) => {
    await pruneThrottle(tx, now);
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
    // A session whose token has expired lists nowhere and can be signed out of no more.
    await tx.delete(sessions).where(lt(sessions.expiresAt, now));
    // Spent or expired one-time tokens have no further use (only their hashes were ever stored).
    await dropSpentTokens(tx, now);
    // A receipt is looked up within seconds of its write (db/server.ts); both times are the database's own clock.
    await tx.delete(writeReceipts).where(lt(writeReceipts.createdAt, sql`unixepoch() - ${RECEIPT_KEEP_SECONDS}`));
  });
  // Once a day (0 on other runs), after the minute's own work: a long first prune never delays a reminder or the sweep.
  const pruned = await pruneAuditLog(deps, { retentionDays: options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS });
  const mailed = await deps.mailer.deliverPending();
  const redacted = await removeDeliveredTokens(deps);
  // The minute's writes (and the prune's deletions) are folded into the search indexes in short steps.
  const { steps: mergeSteps } = await mergeSearchIndexes(deps);
  return { expired, reminded, mailed, pruned, redacted, mergeSteps };
}
