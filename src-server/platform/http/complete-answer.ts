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

const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/** 200 with a JSON body (already serialised) and the headers every API answer carries. */
export function completeJsonAnswer(c: Context<AppEnv>, json: string): Response {
  return completeAnswer(c, json, { 'content-type': 'application/json' });
}

/**
 * 200 with `body`, the security headers and the API's Cache-Control and X-Request-Id, then `headers` (which may
 * replace any of them: the API reference page's own Content-Security-Policy, a public document's Cache-Control).
 */
export function completeAnswer(c: Context<AppEnv>, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>): Response {
  // Set one at a time, in the same order every time, not made by `{ ...SECURITY_HEADERS, ... }`: V8 gives each object
  // that spread makes a hidden class of its own, so the Node adapter's and Node's own walks over the headers (for-in)
  // found no cached key list, and every answer left new hidden classes and ~1 KB that outlived young collections.
  // Measured: docs/performance.md#the-policy-list-read.
  const all: Record<string, string> = {};
  for (const [name, value] of SECURITY_HEADER_ENTRIES) all[name] = value;
  // As app.ts's API middleware sets on every /api answer.
  all['cache-control'] = 'no-store';
  all['x-request-id'] = c.get('requestId');
  for (const name of Object.keys(headers)) all[name] = headers[name]!;
  return markComplete(new Response(body, { status: 200, headers: all }));
}
