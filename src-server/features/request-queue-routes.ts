// The REST side of the two staff queues (docs/product.md#staff-queues, docs/api.md#admin-audit-log-queues-and-report):
// list, open, change and annotate, the same four routes for quote requests (/api/admin/quotes) and callback requests
// (/api/admin/callbacks), as features/request-queue.ts is one queue definition for both tables. Each feature's
// rest.ts names its queue, its views and its service functions, and adds the routes only it has (a quote's offer).
import { z } from 'zod';
import { queueListQuery, requestNoteInput, requestUpdateInput, type QueueListQuery, type RequestUpdateInput } from '../contract/queues';
import { requestNoteView, type Page, type RequestNoteView } from '../contract/views';
import type { Caller, Deps } from '../deps';
import { listResponse } from '../platform/http/list';
import { byId, defineRoute, jsonAnswer, jsonRequestBody, listHeaders, routeBody, routeParam, routeQuery, serve, type RestApp } from '../platform/http/openapi';

export interface QueueRouteNames {
  /** The path segment under /api/admin: 'quotes' or 'callbacks'. */
  path: string;
  /** The document's tag for the queue's routes. */
  tag: string;
  /** In operation ids: 'Quote' gives listQuoteRequests, getQuoteRequest, updateQuoteRequest, addQuoteNote. */
  noun: string;
  /** The item route's summary ('One quote request, with its answers and notes'). */
  itemSummary: string;
  listView: z.ZodType;
  detailView: z.ZodType;
}

/** The four routes' definitions for one queue. */
export function queueRouteDefinitions(names: QueueRouteNames) {
  const { path, tag, noun, itemSummary, listView, detailView } = names;
  return {
    list: defineRoute({
      method: 'get',
      path: `/${path}`,
      operationId: `list${noun}Requests`,
      tags: [tag],
      summary: `The ${noun.toLowerCase()} queue`,
      description: 'In due order (docs/api.md#lists); the total in X-Total-Count.',
      access: 'admin',
      request: { query: queueListQuery },
      responses: { 200: jsonAnswer('A page of the queue', z.array(listView), listHeaders(false)) },
    }),
    get: defineRoute({
      method: 'get',
      path: `/${path}/{id}`,
      operationId: `get${noun}Request`,
      tags: [tag],
      summary: itemSummary,
      access: 'admin',
      request: byId,
      responses: { 200: jsonAnswer('The request', detailView) },
      errors: [400, 404],
    }),
    update: defineRoute({
      method: 'put',
      path: `/${path}/{id}`,
      operationId: `update${noun}Request`,
      tags: [tag],
      summary: 'Change its status or assignee',
      description: 'Each real change is written to the audit log.',
      access: 'admin',
      request: { ...byId, body: jsonRequestBody(requestUpdateInput) },
      responses: { 200: jsonAnswer('The request as changed', detailView) },
      errors: [404],
    }),
    note: defineRoute({
      method: 'post',
      path: `/${path}/{id}/notes`,
      operationId: `add${noun}Note`,
      tags: [tag],
      summary: 'Add a staff note',
      access: 'admin',
      request: { ...byId, body: jsonRequestBody(requestNoteInput) },
      responses: { 201: jsonAnswer('The note', requestNoteView) },
      errors: [404],
    }),
  };
}

/** One queue's service functions (features/quotes/service.ts, features/callbacks/service.ts). */
export interface QueueServices<Item, Detail> {
  list(deps: Deps, caller: Caller, query: QueueListQuery): Promise<Page<Item>>;
  get(deps: Deps, caller: Caller, id: number): Promise<Detail>;
  update(deps: Deps, caller: Caller, id: number, input: RequestUpdateInput): Promise<Detail>;
  addNote(deps: Deps, caller: Caller, id: number, text: string): Promise<RequestNoteView>;
}

/** Serves the four routes on `app` (the admin guard is applied where the app is mounted). */
export function serveQueueRoutes<Item, Detail>(
  app: RestApp,
  routes: ReturnType<typeof queueRouteDefinitions>,
  deps: Deps,
  services: QueueServices<Item, Detail>,
): RestApp {
  serve(app, routes.list, async (c) => listResponse(c, await services.list(deps, c.get('caller'), routeQuery(c, routes.list))));
  serve(app, routes.get, async (c) => c.json(await services.get(deps, c.get('caller'), routeParam(c, routes.get, 'id'))));
  serve(app, routes.update, async (c) => {
    const id = routeParam(c, routes.update, 'id');
    return c.json(await services.update(deps, c.get('caller'), id, await routeBody(c, routes.update)));
  });
  serve(app, routes.note, async (c) => {
    const id = routeParam(c, routes.note, 'id');
    const { text } = await routeBody(c, routes.note);
    return c.json(await services.addNote(deps, c.get('caller'), id, text), 201);
  });
  return app;
}
