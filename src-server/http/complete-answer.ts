// The busiest answer, GET /api/user/policies, built with every header it carries in one plain object.
//
// Why: the security headers (security-headers.ts) and the API's Cache-Control and X-Request-Id (app.ts) are set by
// middleware after the handler, on the response's Headers; the Node adapter then turns them back into a plain
// object to write. Those Headers operations cost ~25 µs of a ~230 µs request (profiled at 50 connections:
// docs/operations.md#benchmarks). An answer made here already has them all: both middlewares see it (hasAllHeaders,
// security-headers.ts) and leave it alone, and the adapter writes the plain object as it is. Same headers, same
// values: a test compares them with another API answer's.
import type { Context } from 'hono';
import type { AppEnv } from './context';
import { markComplete, SECURITY_HEADERS } from './security-headers';

/** 200 with a JSON body (already serialised) and the headers every API answer carries. */
export function completeJsonAnswer(c: Context<AppEnv>, json: string): Response {
  return markComplete(
    new Response(json, {
      status: 200,
      headers: {
        'content-type': 'application/json',
        ...SECURITY_HEADERS,
        // As app.ts's API middleware sets on every /api answer.
        'cache-control': 'no-store',
        'x-request-id': c.get('requestId'),
      },
    }),
  );
}
