// Up, and the database answers: for load balancers, monitoring and tests; REST alone, for plain-HTTP tools.
import { sql } from 'drizzle-orm';
import { healthReply } from '../contract/replies';
import { defineOperation } from './operation';

export const healthOperation = defineOperation({
  tier: 'public',
  trpc: false,
  reply: healthReply,
  handler: async ({ deps }) => {
    await deps.db.run(sql`select 1`);
    return { status: 'ok' as const };
  },
  rest: {
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    tags: ['Health'],
    summary: 'Up, and the database answers',
    description: 'For load balancers and monitoring; 500 when the database does not answer (503 with Retry-After on a libSQL server out of reach).',
    response: 'Up',
    errors: [503],
  },
});
