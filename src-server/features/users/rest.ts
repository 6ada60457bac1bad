import { z } from 'zod';
import { ADMIN_SEARCH_EXACT_TOTAL } from '../../contract/limits';
import { createUserInput, listQuery, updateUserInput } from '../../contract/schemas';
import { heldCoverView, userView } from '../../contract/views';
import { listResponse } from '../../platform/http/list';
import { byId, defineRoute, jsonAnswer, jsonRequestBody, listHeaders, restApp, routeBody, routeParam, routeQuery, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { coverHeld, createUser, deleteUser, listUsers, updateUser } from './service';

const TAG = 'Admin: users';

const listRoute = defineRoute({
  method: 'get',
  path: '/users',
  operationId: 'listUsers',
  tags: [TAG],
  summary: 'Every account',
  description: `Oldest first. A search's total past ${ADMIN_SEARCH_EXACT_TOTAL.toLocaleString('en-GB')} is a lower bound (docs/api.md#lists).`,
  access: 'admin',
  request: { query: listQuery },
  responses: {
    200: jsonAnswer('A page of accounts', z.strictObject({ users: z.array(userView), total: z.number().int(), totalIsLowerBound: z.boolean() }), listHeaders(true)),
  },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/users',
  operationId: 'createUser',
  tags: [TAG],
  summary: 'Make an account',
  description: 'Staff accounts (admin or owner) are for owners to make (403 otherwise).',
  access: 'admin',
  request: { body: jsonRequestBody(createUserInput) },
  responses: { 201: jsonAnswer('The account', userView) },
  errors: [409, 503],
});

const updateRoute = defineRoute({
  method: 'put',
  path: '/users/{id}',
  operationId: 'updateUser',
  tags: [TAG],
  summary: 'Change an account',
  description: "A blank password keeps the current one; a new one ends the account's sessions. Staff accounts and roles are for owners to change.",
  access: 'admin',
  request: { ...byId, body: jsonRequestBody(updateUserInput) },
  responses: { 200: jsonAnswer('The account as changed', userView) },
  errors: [404, 409, 503],
});

const coverRoute = defineRoute({
  method: 'get',
  path: '/users/{id}/cover',
  operationId: 'getCoverHeld',
  tags: [TAG],
  summary: 'The cover an account holds',
  description: 'Live, upcoming and pending cover, named in the confirmation before deleting the account.',
  access: 'admin',
  request: byId,
  responses: { 200: jsonAnswer('The cover', heldCoverView) },
  errors: [400, 404],
});

const deleteRoute = defineRoute({
  method: 'delete',
  path: '/users/{id}',
  operationId: 'deleteUser',
  tags: [TAG],
  summary: 'Delete an account',
  description: 'Its policies are kept, without an owner.',
  access: 'admin',
  request: byId,
  responses: { 200: jsonAnswer('Deleted', z.strictObject({ success: z.literal(true) })) },
  errors: [400, 404, 409],
});

/** /api/admin/users (admin guard applied by the caller). */
export function adminUserRoutes({ deps }: RestContext) {
  const app = restApp();
  serve(app, listRoute, async (c) =>
    listResponse(c, await listUsers(deps, c.get('caller'), routeQuery(c, listRoute)), ({ items, total, totalIsLowerBound }) => ({ users: items, total, totalIsLowerBound })),
  );
  serve(app, createRoute, async (c) => c.json(await createUser(deps, c.get('caller'), await routeBody(c, createRoute)), 201));
  serve(app, updateRoute, async (c) => {
    const id = routeParam(c, updateRoute, 'id');
    return c.json(await updateUser(deps, c.get('caller'), id, await routeBody(c, updateRoute)));
  });
  // The cover the account holds, named in the confirmation before deleting it.
  serve(app, coverRoute, async (c) => c.json(await coverHeld(deps, c.get('caller'), routeParam(c, coverRoute, 'id'))));
  serve(app, deleteRoute, async (c) => {
    await deleteUser(deps, c.get('caller'), routeParam(c, deleteRoute, 'id'));
    return c.json({ success: true });
  });
  return app;
}
