import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { getQueueCounts, getStats } from './service';

/** /api/admin/stats and /api/admin/stats/queues (admin guard applied by the caller). */
export function adminStatsRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>()
    .get('/stats', async (c) => c.json(await getStats(deps, c.get('caller'))))
    .get('/stats/queues', async (c) => c.json(await getQueueCounts(deps, c.get('caller'))));
}
