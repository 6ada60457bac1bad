import { z } from 'zod';
import { emailConfirmInput } from '../../contract/email-confirmation';
import { userView } from '../../contract/views';
import { defineRoute, jsonAnswer, jsonRequestBody, restApp, routeBody, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { confirmEmail, requestConfirmation } from './service';

const requestRoute = defineRoute({
  method: 'post',
  path: '/verify-email/request',
  operationId: 'requestEmailConfirmation',
  tags: ['Account'],
  summary: 'Send a link to confirm the e-mail address',
  description: "A new single-use link (7 days) to the account's address; earlier ones stop working. Nothing is sent once the address is confirmed.",
  access: 'customer',
  responses: { 200: jsonAnswer('Sent, or confirmed already', z.strictObject({ message: z.string(), emailVerified: z.boolean() })) },
  errors: [429],
});

const confirmRoute = defineRoute({
  method: 'post',
  path: '/verify-email/confirm',
  operationId: 'confirmEmail',
  tags: ['Account'],
  summary: 'Confirm the e-mail address with a link',
  description: 'Only for the account signed in: a link sent for another account answers 403 and confirms nothing.',
  access: 'customer',
  request: { body: jsonRequestBody(emailConfirmInput) },
  responses: { 200: jsonAnswer('Confirmed: the account as it now is', z.strictObject({ message: z.string(), user: userView })) },
  errors: [403],
});

/** Mounted under /api/account. */
export function emailConfirmationRoutes({ deps, requireCaller }: RestContext) {
  const app = restApp();
  serve(app, requestRoute, requireCaller, async (c) => c.json(await requestConfirmation(deps, c.get('caller'))));
  serve(app, confirmRoute, requireCaller, async (c) => c.json(await confirmEmail(deps, c.get('caller'), await routeBody(c, confirmRoute))));
  return app;
}
