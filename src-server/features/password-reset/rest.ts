import { z } from 'zod';
import { passwordResetConfirmInput, passwordResetRequestInput } from '../../contract/password-reset';
import { loginResultView } from '../../contract/views';
import { defineRoute, jsonAnswer, jsonRequestBody, restApp, routeBody, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { confirmPasswordReset, requestPasswordReset } from './service';

const requestRoute = defineRoute({
  method: 'post',
  path: '/password-reset/request',
  operationId: 'requestPasswordReset',
  tags: ['Password reset'],
  summary: 'Ask for a reset link',
  description: 'The same answer whatever happened (an unknown address, or over the limits, sends nothing).',
  access: 'public',
  request: { body: jsonRequestBody(passwordResetRequestInput) },
  responses: { 200: jsonAnswer('Asked', z.strictObject({ message: z.string() })) },
});

const confirmRoute = defineRoute({
  method: 'post',
  path: '/password-reset/confirm',
  operationId: 'confirmPasswordReset',
  tags: ['Password reset'],
  summary: 'Set the password with a link',
  description: "A reset link answers the message; an invitation's link also signs the person in (`session`).",
  access: 'public',
  request: { body: jsonRequestBody(passwordResetConfirmInput) },
  responses: { 200: jsonAnswer('The password is set', z.strictObject({ message: z.string(), session: loginResultView.optional() })) },
  errors: [503],
});

/** Public: /forgotpassword asks for a link, /reset-password spends it. */
export function passwordResetRoutes({ deps }: RestContext) {
  const app = restApp();
  serve(app, requestRoute, async (c) => c.json(await requestPasswordReset(deps, await routeBody(c, requestRoute), c.get('clientAddress'))));
  serve(app, confirmRoute, async (c) => c.json(await confirmPasswordReset(deps, await routeBody(c, confirmRoute))));
  return app;
}
