import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';
import { verifyByCode } from './service';

/** GET /api/verify/{code}: public, JSON (docs/api.md#verification). */
export function verifyRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>().get('/:code', async (c) => c.json(await verifyByCode(deps, c.req.param('code'), c.get('clientAddress'))));
}
