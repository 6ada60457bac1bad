import { adminStatsView, queueCountsView } from '../../contract/views';
import { adminProcedure } from '../../trpc/init';
import { getQueueCounts, getStats } from './service';

export const statsProcedure = adminProcedure.output(adminStatsView).query(({ ctx }) => getStats(ctx.deps, ctx.caller));

/** admin.queueCounts: the overview's new and overdue requests per queue. */
export const queueCountsProcedure = adminProcedure.output(queueCountsView).query(({ ctx }) => getQueueCounts(ctx.deps, ctx.caller));
