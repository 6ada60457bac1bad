// The request body limits (docs/api.md#conventions): 100 KB on every /api and /trpc route, unless its operation sets
// its own (Operation.bodyLimit: the claim report and its photos), at both of its doors. Checked before anything reads
// the body, from the Content-Length when there is one, else as the body arrives.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { operationsOf, type BodyLimit, type OperationTable } from './operation';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An operation's REST path as a pattern of /api request paths: `{id}` is one path segment. */
const restPattern = (path: string) => new RegExp(`^/api${path.split(/\{\w+\}/).map(escaped).join('[^/]+')}$`);

interface Limited {
  limit: BodyLimit;
  check: MiddlewareHandler;
}

/** The middleware for every /api and /trpc request that may carry a body: each route's limit, else `fallback`. */
export function bodyLimits(table: OperationTable, fallback: BodyLimit): MiddlewareHandler {
  const limited = (limit: BodyLimit): Limited => ({
    limit,
    check: bodyLimit({ maxSize: limit.maxBytes, onError: (c) => c.json({ error: limit.message }, 413) }),
  });
  const standard = limited(fallback);
  const rest: { method: string; pattern: RegExp; limited: Limited }[] = [];
  const trpc = new Map<string, Limited>();
  for (const [name, operation] of operationsOf(table)) {
    if (!operation.bodyLimit) continue;
    const own = limited(operation.bodyLimit);
    rest.push({ method: operation.rest.method.toUpperCase(), pattern: restPattern(operation.rest.path), limited: own });
    if (operation.trpc !== false) trpc.set(name, own);
  }

  const forTrpc = (path: string): Limited => {
    // A batch (`/trpc/a,b?batch=1`) takes the largest limit of the procedures it names: each call's input is still
    // parsed by its own schema, and the largest is what one call alone could send.
    let chosen = standard;
    for (const name of decodeURIComponent(path.slice('/trpc/'.length)).split(',')) {
      const own = trpc.get(name);
      if (own && own.limit.maxBytes > chosen.limit.maxBytes) chosen = own;
    }
    return chosen;
  };
  const forRest = (method: string, path: string): Limited => rest.find((r) => r.method === method && r.pattern.test(path))?.limited ?? standard;

  return (c, next) => {
    const path = c.req.path;
    const { check } = path.startsWith('/trpc/') ? forTrpc(path) : forRest(c.req.method, path);
    return check(c, next);
  };
}
