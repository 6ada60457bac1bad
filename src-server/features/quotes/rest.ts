import { Hono } from 'hono';
import { quoteRequestInput } from '../../contract/quote';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { jsonBody } from '../../http/validate';
import { submitQuoteRequest } from './service';

/** Public: the quote wizard's final step. */
export function quoteRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>().post('/quotes', async (c) => {
    const input = await jsonBody(c, quoteRequestInput);
    return c.json(await submitQuoteRequest(deps, input, c.get('clientAddress')), 201);
  });
}
