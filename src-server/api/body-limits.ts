// The request body limits (docs/api.md#conventions): 100 KB on every /api and /trpc route, unless its operation sets
// its own (Operation.bodyLimit: the claim report and its photos), at both of its doors. Checked before anything reads
// the body, from the Content-Length when there is one, else as the body arrives.
//
// An operation's own limit holds only for the request that is that one operation alone (a tRPC batch of one call), from
// a caller its tier admits: anyone else's large body is refused at 100 KB before it is read, so sending megabytes to
// the claim report costs a stranger the sending, not the server the reading and parsing.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ResolveCaller } from '../platform/auth/caller';
import { operationsOf, type BodyLimit, type Operation, type OperationTable } from './operation';
import { assertTier } from './tiers';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An operation's REST path as a pattern of /api request paths: `{id}` is one path segment. */
const restPattern = (path: string) => new RegExp(`^/api${path.split(/\{\w+\}/).map(escaped).join('[^/]+')}$`);

interface Limited {
  limit: BodyLimit;
  check: MiddlewareHandler;
}

/** An operation with a limit of its own, and that limit's check. */
interface Own {
  operation: Operation;
  limited: Limited;
}

export interface BodyLimitOptions {
  /** The limit of every request no operation's own limit holds for. */
  fallback: BodyLimit;
  /** Who the request's Authorization header names (the app's resolver, as the doors use it). */
  resolveCaller: ResolveCaller;
  now: () => number;
}

/** The middleware for every /api and /trpc request that may carry a body: its operation's own limit when it holds, else `fallback`. */
export function bodyLimits(table: OperationTable, { fallback, resolveCaller, now }: BodyLimitOptions): MiddlewareHandler {
  const limited = (limit: BodyLimit): Limited => ({
    limit,
    check: bodyLimit({ maxSize: limit.maxBytes, onError: (c) => c.json({ error: limit.message }, 413) }),
  });
  const standard = limited(fallback);
  const rest: { method: string; pattern: RegExp; own: Own }[] = [];
  const trpc = new Map<string, Own>();
  for (const [name, operation] of operationsOf(table)) {
    if (!operation.bodyLimit) continue;
    const own = { operation, limited: limited(operation.bodyLimit) };
    rest.push({ method: operation.rest.method.toUpperCase(), pattern: restPattern(operation.rest.path), own });
    if (operation.trpc !== false) trpc.set(name, own);
  }

  const forTrpc = (path: string): Own | undefined => {
    // One procedure, one call (`/trpc/claims.report`, or a batch of it alone): a batch naming several calls keeps the
    // standard limit, whatever they are, as its body holds them all.
    let names: string[];
    try {
      names = decodeURIComponent(path.slice('/trpc/'.length)).split(',');
    } catch {
      return undefined;
    }
    return names.length === 1 ? trpc.get(names[0]!) : undefined;
  };
  const forRest = (method: string, path: string): Own | undefined => rest.find((r) => r.method === method && r.pattern.test(path))?.own;

  /** Whether the request's session is one the operation's tier admits (a public operation admits anyone). */
  const admitted = async ({ tier }: Operation, authorization: string | undefined): Promise<boolean> => {
    if (tier === 'public') return true;
    const { caller } = await resolveCaller(authorization, now());
    if (!caller) return false;
    try {
      assertTier(tier, caller);
      return true;
    } catch {
      return false;
    }
  };

  return async (c, next) => {
    const path = c.req.path;
    const own = path.startsWith('/trpc/') ? forTrpc(path) : forRest(c.req.method, path);
    const chosen = own && (await admitted(own.operation, c.req.header('authorization'))) ? own.limited : standard;
    return chosen.check(c, next);
  };
}
