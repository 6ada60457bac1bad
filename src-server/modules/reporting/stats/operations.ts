// The admin console's overview (docs/product.md#statistics-and-search).
import { adminStatsView, queueCountsView } from '../../../contract/views';
import { defineOperation } from '../../../api/operation';
import { getQueueCounts, getStats } from './service';

export const statsOperations = {
  stats: defineOperation({
    tier: 'admin',
    output: adminStatsView,
    handler: ({ deps, caller }) => getStats(deps, caller),
    rest: {
      method: 'get',
      path: '/admin/stats',
      operationId: 'getStats',
      tags: ['Admin: statistics'],
      summary: 'Accounts and policies counted',
      description: '`activePolicies` counts stored status `active`; `pendingClaims` counts claims not closed.',
      response: 'The counts',
    },
  }),
  queueCounts: defineOperation({
    tier: 'admin',
    output: queueCountsView,
    handler: ({ deps, caller }) => getQueueCounts(deps, caller),
    rest: {
      method: 'get',
      path: '/admin/stats/queues',
      operationId: 'getQueueCounts',
      tags: ['Admin: statistics'],
      summary: 'Requests waiting on staff',
      description: 'New requests and claims, and those still owed their answer (or first call) past their due time.',
      response: 'The counts',
    },
  }),
};
