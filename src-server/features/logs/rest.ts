import { Hono } from 'hono';
import { clientLogInput, listQuery } from '../../contract/schemas';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { jsonBody, queryOf } from '../../http/validate';
import { addClientLog, listLogs } from './service';

/** /api/admin/logs (admin guard applied by the caller). */
export function adminLogRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>()
    .get('/logs', async (c) => {
      const page = await listLogs(deps, queryOf(c, listQuery));
      c.header('X-Total-Count', String(page.total));
      return c.json(page.items);
    })
    .post('/logs', async (c) => c.json(await addClientLog(deps, c.get('caller'), await jsonBody(c, clientLogInput)), 201));
}
