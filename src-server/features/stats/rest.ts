import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { getStats } from './service';

/** /api/admin/stats (admin guard applied by the caller). */
export function adminStatsRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>().get('/stats', async (c) => c.json(await getStats(deps)));
}
