// Periodic housekeeping: the expiry sweep, mail delivery, and dropping rows that have done their job.
import { lt } from 'drizzle-orm';
import { pruneThrottle } from './auth/throttle';
import { revokedTokens } from './db/schema/index';
import type { Deps } from './deps';
import { sweepExpiredPolicies } from './features/policies/service';

export async function runMaintenance(deps: Deps): Promise<{ expired: number; mailed: number }> {
  const now = deps.clock.now();
  const expired = await sweepExpiredPolicies(deps);
  await deps.write(async (tx) => {
    await pruneThrottle(tx, now);
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
  });
  const mailed = await deps.mailer.deliverPending();
  return { expired, mailed };
}
