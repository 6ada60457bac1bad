import { assertAdminRights } from '../../../platform/auth/permissions';
import { counters } from '../../../platform/db/schema/index';
import type { AdminStats, QueueCountsView } from '../../../contract/views';
import type { Caller, Deps } from '../../../deps';
import { callbackQueue, claimQueue, countOpenClaims, countQueue, countQuoted, quoteQueue } from '../../requests';

/**
 * Reads the trigger-kept counters (drizzle/0002_search_fts.sql): three rows, no count(*) over the tables; and the
 * claims not closed, from index ranges of the open statuses (claims_status_due_idx).
 */
export async function getStats(deps: Deps, caller: Caller): Promise<AdminStats> {
  assertAdminRights(caller);
  const [rows, pendingClaims] = await Promise.all([deps.db.select().from(counters), countOpenClaims(deps.db)]);
  const value = (name: string) => rows.find((r) => r.name === name)?.value ?? 0;
  return { totalUsers: value('users'), totalPolicies: value('policies'), activePolicies: value('policies_active'), pendingClaims };
}

/** The overview's new, overdue and quoted requests in each queue (docs/product.md#staff-queues), from index ranges of open ones. */
export async function getQueueCounts(deps: Deps, caller: Caller): Promise<QueueCountsView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const [quotes, quoted, callbacks, claims] = await Promise.all([
    countQueue(deps.db, quoteQueue, now),
    countQuoted(deps.db, now),
    countQueue(deps.db, callbackQueue, now),
    countQueue(deps.db, claimQueue, now),
  ]);
  return { quotes: { ...quotes, ...quoted }, callbacks, claims };
}
