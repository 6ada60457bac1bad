import { Hono } from 'hono';
import { createUserInput, idParam, listQuery, updateUserInput } from '../../contract/schemas';
import type { AppEnv } from '../../http/context';
import { listResponse } from '../../http/list';
import type { RestContext } from '../../http/rest-context';
import { jsonBody, paramOf, queryOf } from '../../http/validate';
import { coverHeld, createUser, deleteUser, listUsers, updateUser } from './service';

/** /api/admin/users (admin guard applied by the caller). */
export function adminUserRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>()
    .get('/users', async (c) => listResponse(c, await listUsers(deps, c.get('caller'), queryOf(c, listQuery)), ({ items, total, totalIsLowerBound }) => ({ users: items, total, totalIsLowerBound })))
    .post('/users', async (c) => c.json(await createUser(deps, c.get('caller'), await jsonBody(c, createUserInput)), 201))
    .put('/users/:id', async (c) => {
      const id = paramOf(c, 'id', idParam);
      return c.json(await updateUser(deps, c.get('caller'), id, await jsonBody(c, updateUserInput)));
    })
    // The cover the account holds, named in the confirmation before deleting it.
    .get('/users/:id/cover', async (c) => c.json(await coverHeld(deps, c.get('caller'), paramOf(c, 'id', idParam))))
    .delete('/users/:id', async (c) => {
      await deleteUser(deps, c.get('caller'), paramOf(c, 'id', idParam));
      return c.json({ success: true });
    });
}
