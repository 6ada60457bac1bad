import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute, jsonAnswer, restApp, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';

const healthRoute = defineRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tags: ['Health'],
  summary: 'Up, and the database answers',
  description: 'For load balancers and monitoring; 500 when the database does not answer.',
  access: 'public',
  responses: { 200: jsonAnswer('Up', z.strictObject({ status: z.literal('ok') })) },
});

/** GET /api/health: up, and the database answers (for load balancers and the test runner). */
export function healthRoutes({ deps }: RestContext) {
  return serve(restApp(), healthRoute, async (c) => {
    await deps.db.run(sql`select 1`);
    return c.json({ status: 'ok' });
  });
}
