import { adminStatsView, queueCountsView } from '../../contract/views';
import { defineRoute, jsonAnswer, restApp, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { getQueueCounts, getStats } from './service';

const statsRoute = defineRoute({
  method: 'get',
  path: '/stats',
  operationId: 'getStats',
  tags: ['Admin: statistics'],
  summary: 'Accounts and policies counted',
  description: '`activePolicies` counts stored status `active`; `pendingClaims` is 0 (claims are handled by phone).',
  access: 'admin',
  responses: { 200: jsonAnswer('The counts', adminStatsView) },
});

const queuesRoute = defineRoute({
  method: 'get',
  path: '/stats/queues',
  operationId: 'getQueueCounts',
  tags: ['Admin: statistics'],
  summary: 'Requests waiting on staff',
  description: 'New requests, and those still owed their answer 24 hours or more after they were made.',
  access: 'admin',
  responses: { 200: jsonAnswer('The counts', queueCountsView) },
});

/** /api/admin/stats and /api/admin/stats/queues (admin guard applied by the caller). */
export function adminStatsRoutes({ deps }: RestContext) {
  const app = restApp();
  serve(app, statsRoute, async (c) => c.json(await getStats(deps, c.get('caller'))));
  serve(app, queuesRoute, async (c) => c.json(await getQueueCounts(deps, c.get('caller'))));
  return app;
}
