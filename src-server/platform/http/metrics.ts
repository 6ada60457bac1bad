// HTTP metrics (docs/operations.md#metrics): the middleware timing every request, and GET /metrics behind its token.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { MetricsRegistry } from '../metrics';
import type { AppEnv } from './context';

/** The one label of every request no route of the app matched (so a scan of random paths adds no series). */
export const UNMATCHED = 'unmatched';
/** Files and pages of the built client, answered by the catch-all static handlers. */
export const STATIC = 'static';
/** A tRPC batch of different procedures: the one request is counted once, under this label. */
export const TRPC_BATCH = '/trpc/(batch)';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Counts and times every request: the label work and one observe, no I/O. */
export function requestMetrics(metrics: MetricsRegistry, procedures: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    // Errors thrown further in have already become answers here (Hono's onError runs where they are thrown).
    await next();
    const method = METHODS.has(c.req.method) ? c.req.method : 'other';
    metrics.observeRequest(method, routeLabel(c, procedures), c.res.status, (performance.now() - start) / 1000);
  };
}

/** The route label: a route pattern, a tRPC procedure or a fixed word; never the raw path, so series stay bounded. */
export function routeLabel(c: Context, procedures: ReadonlySet<string>): string {
  const path = c.req.path;
  if (path.startsWith('/trpc/')) return trpcLabel(path.slice('/trpc/'.length), procedures);
  // The routes matched for this method and path, in the order they run: middleware and catch-alls are `ALL` or
  // wildcard patterns; an endpoint is neither. Hono leaves routeIndex at the deepest one that ran.
  const routes = matchedRoutes(c);
  const reached = c.req.routeIndex;
  let label: string | undefined;
  for (let i = 0; i < routes.length; i++) {
    const route = routes[i]!;
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    label = route.path;
    // Past the deepest that ran: a middleware answered for this endpoint (401, 403, 413, 415), which is still its answer.
    if (i >= reached) break;
  }
  if (label !== undefined) return label;
  if (c.res.status === 404 || path === '/api' || path.startsWith('/api/') || path === '/trpc') return UNMATCHED;
  return STATIC;
}

/** `/trpc/<procedure>` for a call of a known procedure (or a batch of one procedure); UNMATCHED for any other name. */
function trpcLabel(rest: string, procedures: ReadonlySet<string>): string {
  // The batch link joins procedure names with commas, which a client may have percent-encoded.
  let names: string[];
  try {
    names = (rest.includes('%') ? decodeURIComponent(rest) : rest).split(',');
  } catch {
    return UNMATCHED;
  }
  if (!names.every((name) => procedures.has(name))) return UNMATCHED;
  return names.every((name) => name === names[0]) ? `/trpc/${names[0]}` : TRPC_BATCH;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** GET /metrics: without METRICS_TOKEN a 404 as an unknown path; with it, only that bearer token opens it (else 401). */
export function metricsEndpoint(metrics: MetricsRegistry | null, token: string | undefined): MiddlewareHandler<AppEnv> {
  if (!metrics || token === undefined) return (_c, next) => next();
  // Compared as SHA-256 digests: equal lengths for timingSafeEqual, and the time taken tells nothing of the token.
  const expected = digest(token);
  return async (c) => {
    c.header('Cache-Control', 'no-store');
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(c.req.header('authorization') ?? '');
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('Unauthorized', 401);
    }
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
  };
}
