import { Hono } from 'hono';
import { createUserInput, idParam, listQuery, updateUserInput } from '../../contract/schemas';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { jsonBody, paramOf, queryOf } from '../../http/validate';
import { createUser, deleteUser, listUsers, updateUser } from './service';

/** /api/admin/users (admin guard applied by the caller). */
export function adminUserRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>()
    .get('/users', async (c) => {
      const page = await listUsers(deps, queryOf(c, listQuery));
      c.header('X-Total-Count', String(page.total));
      return c.json({ users: page.items, total: page.total });
    })
    .post('/users', async (c) => c.json(await createUser(deps, c.get('caller'), await jsonBody(c, createUserInput)), 201))
    .put('/users/:id', async (c) => {
      const id = paramOf(c, 'id', idParam);
      return c.json(await updateUser(deps, c.get('caller'), id, await jsonBody(c, updateUserInput)));
    })
    .delete('/users/:id', async (c) => {
      await deleteUser(deps, c.get('caller'), paramOf(c, 'id', idParam));
      return c.json({ success: true });
    });
}
