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
  return completeAnswer(c, json, { 'content-type': 'application/json' });
}

/**
 * 200 with `body`, the security headers and the API's Cache-Control and X-Request-Id, then `headers` (which may
 * replace any of them: the API reference page's own Content-Security-Policy, a public document's Cache-Control).
 */
export function completeAnswer(c: Context<AppEnv>, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>): Response {
  return markComplete(
    new Response(body, {
      status: 200,
      headers: {
        ...SECURITY_HEADERS,
        // As app.ts's API middleware sets on every /api answer.
        'cache-control': 'no-store',
        'x-request-id': c.get('requestId'),
        ...headers,
      },
    }),
  );
}
