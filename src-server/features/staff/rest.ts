import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { listStaff } from '../request-queue';

/** /api/admin/staff: who a queue's request can be assigned to (admin guard applied by the caller). */
export function adminStaffRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>().get('/staff', async (c) => c.json(await listStaff(deps, c.get('caller'))));
}
