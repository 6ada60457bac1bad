// Accounts, for staff (docs/product.md#roles: staff accounts and roles are for owners to change, checked by the service).
import { z } from 'zod';
import { ADMIN_SEARCH_EXACT_TOTAL } from '../../../contract/limits';
import { userDeletedReply } from '../../../contract/replies';
import { createUserInput, idInput, listQuery, updateUserByIdInput, updateUserInput } from '../../../contract/schemas';
import { boundedPageOf, heldCoverView, userView } from '../../../contract/views';
import { defineAdminRead } from '../../../api/admin-read';
import { defineOperation } from '../../../api/operation';
import { coverHeld, createUser, deleteUser, listUsers, updateUser } from './service';

const TAG = 'Admin: users';

export const adminUserOperations = {
  list: defineOperation({
    tier: 'admin',
    input: listQuery,
    output: boundedPageOf(userView),
    handler: ({ deps, caller }, query) => listUsers(deps, caller, query),
    rest: {
      method: 'get',
      path: '/admin/users',
      operationId: 'listUsers',
      tags: [TAG],
      summary: 'Every account',
      description: `Oldest first. A search's total past ${ADMIN_SEARCH_EXACT_TOTAL.toLocaleString('en-GB')} is a lower bound (docs/api.md#lists).`,
      response: 'A page of accounts',
      list: true,
      // The SPEC's answer names the page's items `users` (docs/api.md#lists).
      answer: {
        schema: z.strictObject({ users: z.array(userView), total: z.number().int(), totalIsLowerBound: z.boolean() }),
        body: ({ items, total, totalIsLowerBound }) => ({ users: items, total, totalIsLowerBound }),
      },
    },
  }),
  create: defineOperation({
    tier: 'admin',
    input: createUserInput,
    output: userView,
    handler: ({ deps, caller }, input) => createUser(deps, caller, input),
    rest: {
      method: 'post',
      path: '/admin/users',
      operationId: 'createUser',
      tags: [TAG],
      summary: 'Make an account',
      description: 'Staff accounts (admin or owner) are for owners to make (403 otherwise).',
      status: 201,
      response: 'The account',
      errors: [409, 503],
    },
  }),
  update: defineOperation({
    tier: 'admin',
    input: updateUserByIdInput,
    output: userView,
    handler: ({ deps, caller }, { id, data }) => updateUser(deps, caller, id, data),
    rest: {
      method: 'put',
      path: '/admin/users/{id}',
      operationId: 'updateUser',
      tags: [TAG],
      summary: 'Change an account',
      description:
        "A blank password keeps the current one; a new one ends the account's sessions. Staff accounts and roles are for owners to change. A closed account cannot be changed (409).",
      request: { params: idInput, body: updateUserInput },
      input: ({ params, body }) => ({ id: params.id, data: body }),
      response: 'The account as changed',
      errors: [404, 409, 503],
    },
  }),
  coverHeld: defineAdminRead(heldCoverView, coverHeld, {
    path: '/admin/users/{id}/cover',
    operationId: 'getCoverHeld',
    tags: [TAG],
    summary: 'The cover an account holds',
    description: 'Live, upcoming and pending cover, named in the confirmation before deleting the account.',
    response: 'The cover',
  }),
  delete: defineOperation({
    tier: 'admin',
    input: idInput,
    reply: userDeletedReply,
    handler: async ({ deps, caller }, { id }) => ({ success: true as const, ...(await deleteUser(deps, caller, id)) }),
    rest: {
      method: 'delete',
      path: '/admin/users/{id}',
      operationId: 'deleteUser',
      tags: [TAG],
      summary: 'Delete an account, or close one that holds policies',
      description:
        'An account that holds any policy is closed instead (`closed: true`): kept with its policies, signed out everywhere, no sign-in (docs/product.md#closed-accounts).',
      request: { params: idInput },
      response: 'Deleted, or closed',
      errors: [400, 404, 409],
    },
  }),
};
