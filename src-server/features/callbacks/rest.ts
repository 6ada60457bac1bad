import { Hono } from 'hono';
import { callbackInput, callbackMessages } from '../../contract/callback';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { jsonBody } from '../../http/validate';
import { requestCallback } from './service';

/** Public: the support page's Request Callback form. */
export function callbackRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>().post('/callbacks', async (c) => {
    const input = await jsonBody(c, callbackInput);
    const { reference } = await requestCallback(deps, input, c.get('clientAddress'));
    return c.json({ reference, message: callbackMessages.received }, 201);
  });
}
