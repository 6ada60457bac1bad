import { Hono } from 'hono';
import { clientLogInput, listQuery } from '../../contract/schemas';
import type { AppEnv } from '../../http/context';
import { listResponse } from '../../http/list';
import type { RestContext } from '../../http/rest-context';
import { jsonBody, queryOf } from '../../http/validate';
import { addClientLog, listLogs } from './service';

/** /api/admin/logs (admin guard applied by the caller). */
export function adminLogRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>()
    .get('/logs', async (c) => {
      // A search's total past LOG_SEARCH_EXACT_TOTAL is a lower bound (docs/api.md#lists): X-Total-Is-Lower-Bound
      // says which; the body stays the array.
      return listResponse(c, await listLogs(deps, c.get('caller'), queryOf(c, listQuery)));
    })
    .post('/logs', async (c) => c.json(await addClientLog(deps, c.get('caller'), await jsonBody(c, clientLogInput)), 201));
}
