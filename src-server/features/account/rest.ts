import { z } from 'zod';
import { messages } from '../../contract/messages';
import { loginInput, registerInput } from '../../contract/schemas';
import { loginResultView, userView } from '../../contract/views';
import { clientErrorResponse, errorAnswer, inputErrorAnswer } from '../../platform/http/errors';
import { defineRoute, jsonAnswer, jsonRequestBody, restApp, routeBody, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { currentSession, login, logout, register } from './service';

const loginRoute = defineRoute({
  method: 'post',
  path: '/login',
  operationId: 'login',
  tags: ['Account'],
  summary: 'Sign in',
  description: 'By username or e-mail address (any letter case). 12 hours, or 30 days with `remember`.',
  access: 'public',
  request: { body: jsonRequestBody(loginInput) },
  responses: { 200: jsonAnswer('Signed in: the session token, when it lapses, and the account', loginResultView) },
  errors: [401, 429, 503],
});

/** /api/register's client reads `message` (docs/api.md#account): its error answers repeat `error` there. */
const registerInputError = inputErrorAnswer.extend({ message: z.string() }).meta({ id: 'RegisterInputError' });
const registerError = errorAnswer.extend({ message: z.string() }).meta({ id: 'RegisterError' });
const registerRoute = defineRoute({
  method: 'post',
  path: '/register',
  operationId: 'register',
  tags: ['Account'],
  summary: 'Register',
  description: 'Always a plain user; an `isAdmin` field is accepted and ignored. Error answers repeat `error` as `message`.',
  access: 'public',
  request: { body: jsonRequestBody(registerInput) },
  responses: { 201: jsonAnswer('Registered', z.strictObject({ message: z.string(), user: userView })) },
  errors: [409, 429, 503],
  errorBodies: { 400: registerInputError, 409: registerInputError, 429: registerError, 503: registerError },
});

const logoutRoute = defineRoute({
  method: 'post',
  path: '/logout',
  operationId: 'logout',
  tags: ['Account'],
  summary: 'Sign out',
  description: 'The token presented stops working.',
  access: 'customer',
  responses: { 200: jsonAnswer('Signed out', z.strictObject({ success: z.literal(true) })) },
});

const meRoute = defineRoute({
  method: 'get',
  path: '/me',
  operationId: 'getMe',
  tags: ['Account'],
  summary: 'The current session',
  access: 'customer',
  responses: {
    200: jsonAnswer(
      'The account and when the session lapses',
      z.strictObject({
        user: z.strictObject({ id: z.number().int(), username: z.string(), isAdmin: z.boolean(), isOwner: z.boolean(), emailVerified: z.boolean() }),
        expiresAt: z.iso.datetime(),
      }),
    ),
  },
});

export function accountRoutes({ deps, requireCaller }: RestContext) {
  const app = restApp();
  serve(app, loginRoute, async (c) => {
    const input = await routeBody(c, loginRoute);
    return c.json(await login(deps, input, c.get('clientAddress')));
  });
  serve(app, registerRoute, async (c) => {
    try {
      const input = await routeBody(c, registerRoute);
      const user = await register(deps, input, c.get('clientAddress'));
      return c.json({ message: messages.registrationSuccess, user }, 201);
    } catch (err) {
      const answer = clientErrorResponse(c, err, { withMessage: true });
      if (!answer) throw err;
      return answer;
    }
  });
  serve(app, logoutRoute, requireCaller, async (c) => {
    await logout(deps, c.get('caller'));
    return c.json({ success: true });
  });
  serve(app, meRoute, requireCaller, async (c) => c.json(await currentSession(deps, c.get('caller'))));
  return app;
}
