// Periodic housekeeping, run by the minute scheduler (scheduler.ts; docs/operations.md#housekeeping): the expiry
// sweep, cover-ending reminders, mail delivery, and dropping rows that have done their job. The order matters:
// cover that has just ended is expired before reminders are looked at, and reminders queued in this run are
// delivered in it.
import { isNotNull, lt, or } from 'drizzle-orm';
import { pruneThrottle } from './auth/throttle';
import { passwordResetTokens, revokedTokens } from './db/schema/index';
import type { Deps } from './deps';
import { sweepExpiredPolicies } from './features/policies/service';
import { sendDueReminders } from './features/reminders/service';

export interface MaintenanceResult {
  expired: number;
  reminded: number;
  mailed: number;
}

export async function runMaintenance(deps: Deps): Promise<MaintenanceResult> {
  const now = deps.clock.now();
  const expired = await sweepExpiredPolicies(deps);
  const reminded = await sendDueReminders(deps);
  await deps.write(async (tx) => {
    await pruneThrottle(tx, now);
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
    // Spent or expired reset links have no further use (only their hashes were ever stored).
    await tx.delete(passwordResetTokens).where(or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now)));
  });
  const mailed = await deps.mailer.deliverPending();
  return { expired, reminded, mailed };
}
