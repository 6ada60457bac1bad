import { counters } from '../../db/schema/index';
import type { Deps } from '../../deps';

export interface AdminStats {
  totalUsers: number;
  totalPolicies: number;
  activePolicies: number;
  /** No claims exist yet (claims are handled by phone), so always 0 until they do. */
  pendingClaims: number;
}

/** Reads the trigger-kept counters (drizzle/0002_search_fts.sql): three rows, no count(*) over the tables. */
export async function getStats(deps: Deps): Promise<AdminStats> {
  const rows = await deps.db.select().from(counters);
  const value = (name: string) => rows.find((r) => r.name === name)?.value ?? 0;
  return { totalUsers: value('users'), totalPolicies: value('policies'), activePolicies: value('policies_active'), pendingClaims: 0 };
}
