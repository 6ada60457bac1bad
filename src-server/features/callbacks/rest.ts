import { Hono } from 'hono';
import { callbackInput, callbackMessages } from '../../contract/callback';
import { queueListQuery, requestNoteInput, requestUpdateInput } from '../../contract/queues';
import { idParam } from '../../contract/schemas';
import type { AppEnv } from '../../http/context';
import { listResponse } from '../../http/list';
import type { RestContext } from '../../http/rest-context';
import { jsonBody, paramOf, queryOf } from '../../http/validate';
import { addCallbackNote, getCallbackRequest, listCallbackRequests, requestCallback, updateCallbackRequest } from './service';

/** Public: the support page's Request Callback form. */
export function callbackRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>().post('/callbacks', async (c) => {
    const input = await jsonBody(c, callbackInput);
    const { reference } = await requestCallback(deps, input, c.get('clientAddress'));
    return c.json({ reference, message: callbackMessages.received }, 201);
  });
}

/** /api/admin/callbacks: the staff queue (admin guard applied by the caller). */
export function adminCallbackRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>()
    .get('/callbacks', async (c) => listResponse(c, await listCallbackRequests(deps, c.get('caller'), queryOf(c, queueListQuery))))
    .get('/callbacks/:id', async (c) => c.json(await getCallbackRequest(deps, c.get('caller'), paramOf(c, 'id', idParam))))
    .put('/callbacks/:id', async (c) => {
      const id = paramOf(c, 'id', idParam);
      return c.json(await updateCallbackRequest(deps, c.get('caller'), id, await jsonBody(c, requestUpdateInput)));
    })
    .post('/callbacks/:id/notes', async (c) => {
      const id = paramOf(c, 'id', idParam);
      const { text } = await jsonBody(c, requestNoteInput);
      return c.json(await addCallbackNote(deps, c.get('caller'), id, text), 201);
    });
}
