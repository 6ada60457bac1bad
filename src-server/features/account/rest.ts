import { Hono } from 'hono';
import { messages } from '../../contract/messages';
import { loginInput, registerInput } from '../../contract/schemas';
import type { AppEnv } from '../../http/context';
import { clientErrorResponse } from '../../http/errors';
import type { RestContext } from '../../http/rest-context';
import { jsonBody } from '../../http/validate';
import { login, logout, register } from './service';

export function accountRoutes({ deps, requireCaller }: RestContext) {
  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const input = await jsonBody(c, loginInput);
      return c.json(await login(deps, input, c.get('clientAddress')));
    })
    .post('/register', async (c) => {
      try {
        const input = await jsonBody(c, registerInput);
        const user = await register(deps, input, c.get('clientAddress'));
        return c.json({ message: messages.registrationSuccess, user }, 201);
      } catch (err) {
        const answer = clientErrorResponse(c, err, { withMessage: true });
        if (!answer) throw err;
        return answer;
      }
    })
    .post('/logout', requireCaller, async (c) => {
      await logout(deps, c.get('caller'));
      return c.json({ success: true });
    })
    .get('/me', requireCaller, (c) => {
      const { id, username, isAdmin, isOwner, exp } = c.get('caller');
      return c.json({ user: { id, username, isAdmin, isOwner }, expiresAt: new Date(exp * 1000).toISOString() });
    });
}
