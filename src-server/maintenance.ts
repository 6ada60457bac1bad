// Periodic housekeeping: the expiry sweep, mail delivery, and dropping rows that have done their job.
import { isNotNull, lt, or } from 'drizzle-orm';
import { pruneThrottle } from './auth/throttle';
import { passwordResetTokens, revokedTokens } from './db/schema/index';
import type { Deps } from './deps';
import { sweepExpiredPolicies } from './features/policies/service';

export async function runMaintenance(deps: Deps): Promise<{ expired: number; mailed: number }> {
  const now = deps.clock.now();
  const expired = await sweepExpiredPolicies(deps);
  await deps.write(async (tx) => {
    await pruneThrottle(tx, now);
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
    // Spent or expired reset links have no further use (only their hashes were ever stored).
    await tx.delete(passwordResetTokens).where(or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now)));
  });
  const mailed = await deps.mailer.deliverPending();
  return { expired, mailed };
}
