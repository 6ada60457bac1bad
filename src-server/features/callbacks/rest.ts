import { z } from 'zod';
import { callbackInput, callbackMessages } from '../../contract/callback';
import { callbackRequestDetailView, callbackRequestView } from '../../contract/views';
import { defineRoute, jsonAnswer, jsonRequestBody, restApp, routeBody, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { queueRouteDefinitions, serveQueueRoutes } from '../request-queue-routes';
import { addCallbackNote, getCallbackRequest, listCallbackRequests, requestCallback, updateCallbackRequest } from './service';

const requestRoute = defineRoute({
  method: 'post',
  path: '/callbacks',
  operationId: 'requestCallback',
  tags: ['Quote and callback requests'],
  summary: 'Ask for a callback',
  description: 'The support page’s form. A filled-in `website` field (a honeypot) answers as if stored and stores nothing.',
  access: 'public',
  request: { body: jsonRequestBody(callbackInput) },
  responses: { 201: jsonAnswer('Received', z.strictObject({ reference: z.string(), message: z.string() })) },
  errors: [429],
});

const queueRoutes = queueRouteDefinitions({
  path: 'callbacks',
  tag: 'Admin: callback requests',
  noun: 'Callback',
  itemSummary: 'One callback request, with its notes',
  listView: callbackRequestView,
  detailView: callbackRequestDetailView,
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
  return serveQueueRoutes(restApp(), queueRoutes, deps, {
    list: listCallbackRequests,
    get: getCallbackRequest,
    update: updateCallbackRequest,
    addNote: addCallbackNote,
  });
}
