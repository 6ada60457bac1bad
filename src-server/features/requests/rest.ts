import { Hono } from 'hono';
import { idParam, listQuery } from '../../contract/schemas';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { jsonBody, paramOf, queryOf } from '../../http/validate';
import {
  getCallbackRequest,
  getQuoteRequest,
  listCallbackRequests,
  listQuoteRequests,
  requestStatusInput,
  setCallbackStatus,
  setQuoteStatus,
} from './service';

/** /api/admin/quotes and /api/admin/callbacks: the staff queues (admin guard applied by the caller). */
export function adminRequestRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>()
    .get('/quotes', async (c) => {
      const page = await listQuoteRequests(deps, queryOf(c, listQuery));
      c.header('X-Total-Count', String(page.total));
      return c.json(page.items);
    })
    .get('/quotes/:id', async (c) => c.json(await getQuoteRequest(deps, paramOf(c, 'id', idParam))))
    .put('/quotes/:id', async (c) => {
      const id = paramOf(c, 'id', idParam);
      const { status } = await jsonBody(c, requestStatusInput);
      return c.json(await setQuoteStatus(deps, c.get('caller'), id, status));
    })
    .get('/callbacks', async (c) => {
      const page = await listCallbackRequests(deps, queryOf(c, listQuery));
      c.header('X-Total-Count', String(page.total));
      return c.json(page.items);
    })
    .get('/callbacks/:id', async (c) => c.json(await getCallbackRequest(deps, paramOf(c, 'id', idParam))))
    .put('/callbacks/:id', async (c) => {
      const id = paramOf(c, 'id', idParam);
      const { status } = await jsonBody(c, requestStatusInput);
      return c.json(await setCallbackStatus(deps, c.get('caller'), id, status));
    });
}
