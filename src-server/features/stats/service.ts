import { count, eq } from 'drizzle-orm';
import { policies, users } from '../../db/schema/index';
import type { Deps } from '../../deps';

export interface AdminStats {
  totalUsers: number;
  totalPolicies: number;
  activePolicies: number;
  /** No claims exist yet (claims are handled by phone), so always 0 until they do. */
  pendingClaims: number;
}

export async function getStats(deps: Deps): Promise<AdminStats> {
  const [[u], [p], [a]] = await Promise.all([
    deps.db.select({ n: count() }).from(users),
    deps.db.select({ n: count() }).from(policies),
    deps.db.select({ n: count() }).from(policies).where(eq(policies.status, 'active')),
  ]);
  return { totalUsers: u?.n ?? 0, totalPolicies: p?.n ?? 0, activePolicies: a?.n ?? 0, pendingClaims: 0 };
}
