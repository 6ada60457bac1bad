import { z } from 'zod';
import { LOG_SEARCH_EXACT_TOTAL } from '../../contract/limits';
import { clientLogInput, listQuery } from '../../contract/schemas';
import { logEntryView } from '../../contract/views';
import { listResponse } from '../../platform/http/list';
import { defineRoute, jsonAnswer, jsonRequestBody, listHeaders, restApp, routeBody, routeQuery, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { addClientLog, listLogs } from './service';

const listRoute = defineRoute({
  method: 'get',
  path: '/logs',
  operationId: 'listLogEntries',
  tags: ['Admin: audit log'],
  summary: 'The audit log',
  description: `Newest first. A search's total past ${LOG_SEARCH_EXACT_TOTAL.toLocaleString('en-GB')} is a lower bound (docs/api.md#lists).`,
  access: 'admin',
  request: { query: listQuery },
  responses: { 200: jsonAnswer('A page of entries', z.array(logEntryView), listHeaders(true)) },
});

const addRoute = defineRoute({
  method: 'post',
  path: '/logs',
  operationId: 'addLogEntry',
  tags: ['Admin: audit log'],
  summary: 'Write an entry',
  description: 'Recorded under the caller; `info` or `warning` (the `error` level is the server’s alone).',
  access: 'admin',
  request: { body: jsonRequestBody(clientLogInput) },
  responses: { 201: jsonAnswer('The entry', logEntryView) },
});

/** /api/admin/logs (admin guard applied by the caller). */
export function adminLogRoutes({ deps }: RestContext) {
  const app = restApp();
  // A search's total past LOG_SEARCH_EXACT_TOTAL is a lower bound (docs/api.md#lists): X-Total-Is-Lower-Bound says
  // which; the body stays the array.
  serve(app, listRoute, async (c) => listResponse(c, await listLogs(deps, c.get('caller'), routeQuery(c, listRoute))));
  serve(app, addRoute, async (c) => c.json(await addClientLog(deps, c.get('caller'), await routeBody(c, addRoute)), 201));
  return app;
}
