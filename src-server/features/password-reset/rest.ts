import { Hono } from 'hono';
import { passwordResetConfirmInput, passwordResetRequestInput } from '../../contract/password-reset';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { jsonBody } from '../../http/validate';
import { confirmPasswordReset, requestPasswordReset } from './service';

/** Public: /forgotpassword asks for a link, /reset-password spends it. */
export function passwordResetRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>()
    .post('/password-reset/request', async (c) => {
      const input = await jsonBody(c, passwordResetRequestInput);
      return c.json(await requestPasswordReset(deps, input, c.get('clientAddress')));
    })
    .post('/password-reset/confirm', async (c) => {
      const input = await jsonBody(c, passwordResetConfirmInput);
      return c.json(await confirmPasswordReset(deps, input));
    });
}
