import { z } from 'zod';
import { callbackInput, callbackMessages } from '../../contract/callback';
import { queueListQuery, requestNoteInput, requestUpdateInput } from '../../contract/queues';
import { idParam } from '../../contract/schemas';
import { callbackRequestDetailView, callbackRequestView, requestNoteView } from '../../contract/views';
import { listResponse } from '../../http/list';
import { defineRoute, jsonAnswer, listHeaders, restApp, routeBody, routeParam, routeQuery, serve } from '../../http/openapi';
import type { RestContext } from '../../http/rest-context';
import { addCallbackNote, getCallbackRequest, listCallbackRequests, requestCallback, updateCallbackRequest } from './service';

const TAG = 'Admin: callback requests';
const byId = { params: z.object({ id: idParam }) };

const requestRoute = defineRoute({
  method: 'post',
  path: '/callbacks',
  operationId: 'requestCallback',
  tags: ['Quote and callback requests'],
  summary: 'Ask for a callback',
  description: 'The support page’s form. A filled-in `website` field (a honeypot) answers as if stored and stores nothing.',
  access: 'public',
  request: { body: { required: true, content: { 'application/json': { schema: callbackInput } } } },
  responses: { 201: jsonAnswer('Received', z.strictObject({ reference: z.string(), message: z.string() })) },
  errors: [429],
});

const listRoute = defineRoute({
  method: 'get',
  path: '/callbacks',
  operationId: 'listCallbackRequests',
  tags: [TAG],
  summary: 'The callback queue',
  description: 'In due order (docs/api.md#lists); the total in X-Total-Count.',
  access: 'admin',
  request: { query: queueListQuery },
  responses: { 200: jsonAnswer('A page of the queue', z.array(callbackRequestView), listHeaders(false)) },
});

const getRoute = defineRoute({
  method: 'get',
  path: '/callbacks/{id}',
  operationId: 'getCallbackRequest',
  tags: [TAG],
  summary: 'One callback request, with its notes',
  access: 'admin',
  request: byId,
  responses: { 200: jsonAnswer('The request', callbackRequestDetailView) },
  errors: [400, 404],
});

const updateRoute = defineRoute({
  method: 'put',
  path: '/callbacks/{id}',
  operationId: 'updateCallbackRequest',
  tags: [TAG],
  summary: 'Change its status or assignee',
  description: 'Each real change is written to the audit log.',
  access: 'admin',
  request: { ...byId, body: { required: true, content: { 'application/json': { schema: requestUpdateInput } } } },
  responses: { 200: jsonAnswer('The request as changed', callbackRequestDetailView) },
  errors: [404],
});

const noteRoute = defineRoute({
  method: 'post',
  path: '/callbacks/{id}/notes',
  operationId: 'addCallbackNote',
  tags: [TAG],
  summary: 'Add a staff note',
  access: 'admin',
  request: { ...byId, body: { required: true, content: { 'application/json': { schema: requestNoteInput } } } },
  responses: { 201: jsonAnswer('The note', requestNoteView) },
  errors: [404],
});

/** Public: the support page's Request Callback form. */
export function callbackRoutes({ deps }: RestContext) {
  return serve(restApp(), requestRoute, async (c) => {
    const input = await routeBody(c, requestRoute);
    const { reference } = await requestCallback(deps, input, c.get('clientAddress'));
    return c.json({ reference, message: callbackMessages.received }, 201);
  });
}

/** /api/admin/callbacks: the staff queue (admin guard applied by the caller). */
export function adminCallbackRoutes({ deps }: RestContext) {
  const app = restApp();
  serve(app, listRoute, async (c) => listResponse(c, await listCallbackRequests(deps, c.get('caller'), routeQuery(c, listRoute))));
  serve(app, getRoute, async (c) => c.json(await getCallbackRequest(deps, c.get('caller'), routeParam(c, getRoute, 'id'))));
  serve(app, updateRoute, async (c) => {
    const id = routeParam(c, updateRoute, 'id');
    return c.json(await updateCallbackRequest(deps, c.get('caller'), id, await routeBody(c, updateRoute)));
  });
  serve(app, noteRoute, async (c) => {
    const id = routeParam(c, noteRoute, 'id');
    const { text } = await routeBody(c, noteRoute);
    return c.json(await addCallbackNote(deps, c.get('caller'), id, text), 201);
  });
  return app;
}
