import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { RestContext } from '../../http/rest-context';

/** GET /api/health: up, and the database answers (for load balancers and the test runner). */
export function healthRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    await deps.db.run(sql`select 1`);
    return c.json({ status: 'ok' });
  });
}
