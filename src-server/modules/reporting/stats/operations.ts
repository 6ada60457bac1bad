// The admin console's overview (docs/product.md#statistics-and-search).
import { adminStatsView, decisionCountsView, queueCountsView } from '../../../contract/views';
import { defineOperation } from '../../../api/operation';
import { getDecisionCounts } from './decisions';
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
  decisionCounts: defineOperation({
    tier: 'admin',
    output: decisionCountsView,
    handler: ({ deps, caller }) => getDecisionCounts(deps, caller),
    rest: {
      method: 'get',
      path: '/admin/stats/decisions',
      operationId: 'getDecisionCounts',
      tags: ['Admin: statistics'],
      summary: 'Quote requests by instant decision',
      description:
        'For `instant`, `referred` and `declined`: how many quote requests the rates answered so, and how many of them were bought ' +
        '(the policy issued from the request was in force once, or has a payment). Requests from before the rates are not counted.',
      response: 'The counts',
    },
  }),
};
