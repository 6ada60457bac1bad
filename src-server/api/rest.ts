// The REST routes under /api and their OpenAPI document, built from api/table.ts (docs/api.md#rest-routes).
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { ZodObject, type z } from 'zod';
import { InvalidError, UnauthenticatedError } from '../errors';
import type { Page } from '../contract/views';
import { messages } from '../contract/messages';
import type { Deps } from '../deps';
import type { ResolveCaller } from '../platform/auth/caller';
import type { AppEnv } from '../platform/http/context';
import { clientErrorResponse } from '../platform/http/errors';
import { listResponse } from '../platform/http/list';
import { jsonBody, parsedInput } from '../platform/http/validate';
import { operationsOf, type FileAnswer, type Operation, type RestRequest } from './operation';
import { buildOpenApiDocument, type RestApp } from './openapi-document';
import { defineRoute } from './openapi-route';
import type { ReferencePage, RestEnv } from './reference-page';
import { operations } from './table';
import { assertTier, type SignedInTier, type Tier } from './tiers';

export interface RestOptions {
  deps: Deps;
  resolveCaller: ResolveCaller;
  referencePage: ReferencePage;
  /** PUBLIC_URL as set, or undefined: the server the document names (else the document's own origin). */
  serverUrl: string | undefined;
}

type Guards = Record<Tier, MiddlewareHandler<AppEnv>[]>;

/** Each tier's REST side: 401 without a valid session, then the tier's own check; c.var.caller set past it. */
function tierGuards({ deps, resolveCaller }: RestOptions): Guards {
  const guard =
    (tier: SignedInTier): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const { caller } = await resolveCaller(c.req.header('authorization'), deps.clock.now());
      if (!caller) throw new UnauthenticatedError(messages.unauthenticated);
      assertTier(tier, caller);
      c.set('caller', caller);
      await next();
    };
  return { public: [], customer: [guard('customer')], admin: [guard('admin')], owner: [guard('owner')] };
}

/** The /api sub-app: every operation's route, in the table's order, and the OpenAPI document of them. */
export function restApi(opts: RestOptions): RestApp {
  const api: RestApp = new OpenAPIHono<AppEnv>();
  let documentJson: string | undefined;
  const env: RestEnv = {
    deps: opts.deps,
    // Built on the first request, when every route is mounted.
    documentJson: () => (documentJson ??= JSON.stringify(buildOpenApiDocument(api, opts.serverUrl))),
    referencePage: opts.referencePage,
  };
  const guards = tierGuards(opts);
  for (const [name, operation] of operationsOf(operations)) serveOperation(api, name, operation, env, guards);
  // The admin area is the admin tier's throughout (docs/api.md#authentication): a path there that no operation
  // serves is refused as the tier refuses before it is answered 404, so the area's paths tell an outsider nothing.
  api.use('/admin/*', ...guards.admin);
  return api;
}

/** The parts a route parses: as its binding names them, or else the operation's input as the body (a GET's query). */
export function requestOf({ rest, input }: Operation): RestRequest | undefined {
  if (rest.request || !input) return rest.request;
  if (rest.method !== 'get') return { body: input };
  if (!(input instanceof ZodObject)) throw new Error(`GET ${rest.path}: a query string is an object`);
  return { query: input };
}

function serveOperation(api: RestApp, name: string, operation: Operation, env: RestEnv, guards: Guards): void {
  const { tier, rest } = operation;
  if (rest.path.startsWith('/admin/') && tier !== 'admin' && tier !== 'owner') throw new Error(`${name}: a route under /api/admin/ is admin or owner tier`);
  const request = requestOf(operation);
  api.openAPIRegistry.registerPath(defineRoute(operation, request));
  const handler = rest.serve ? rest.serve(env) : answering(operation, request, env.deps);
  api.on(rest.method.toUpperCase(), rest.path.replaceAll(/\{(\w+)\}/g, ':$1'), ...([...guards[tier], handler] as [Handler<AppEnv>]));
}

/** The route's handler: the parts parsed in order (path, query, body), the operation's handler, the answer. */
function answering(operation: Operation, request: RestRequest | undefined, deps: Deps): Handler<AppEnv> {
  const { rest } = operation;
  const handler = operation.handler!;
  const { params, query, body } = request ?? {};
  const partsOf = async (c: Context<AppEnv>) => ({
    params: params && readParams(c, params.shape, rest.paramError),
    query: query && parsedInput(query, c.req.query()),
    body: body && (await jsonBody(c, body)),
  });
  const inputOf = rest.input ?? mergedParts;
  // A signed-in tier's guard has set the caller; a public route has none.
  const contextOf = (c: Context<AppEnv>) => ({
    deps,
    clientAddress: c.get('clientAddress'),
    userAgent: c.req.header('user-agent'),
    requestId: c.get('requestId'),
    caller: c.get('caller'),
  });
  const status = rest.status ?? 200;
  const answer = async (c: Context<AppEnv>) => {
    const input = inputOf(await partsOf(c));
    const result = await handler(contextOf(c), input);
    if (rest.file) return fileResponse(c, result as FileAnswer, rest.file.mediaType, rest.file.disposition(input));
    if (rest.list) return listResponse(c, result as Page<unknown>, rest.answer?.body);
    if (rest.attachment) c.header('Content-Disposition', `attachment; filename="${rest.attachment(result)}"`);
    return c.json(rest.answer ? rest.answer.body(result) : result, status);
  };
  if (!rest.withMessage) return answer;
  return (c) =>
    answer(c).catch((err: unknown) => {
      const refused = clientErrorResponse(c, err, { withMessage: true });
      if (!refused) throw err;
      return refused;
    });
}

// Each path parameter parsed alone with its schema (http/validate.ts parsedInput): a bad id answers the id's own message
// (`formErrors`), not a field error of a parameters object. With `paramError`, that message alone, as InvalidError.
function readParams(c: Context<AppEnv>, shape: Record<string, unknown>, paramError: string | Readonly<Record<string, string>> | undefined): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape) as [string, z.ZodType][]) {
    const raw = c.req.param(name);
    const message = typeof paramError === 'string' ? paramError : paramError?.[name];
    if (message !== undefined && !schema.safeParse(raw).success) throw new InvalidError(message);
    parsed[name] = parsedInput(schema, raw);
  }
  return parsed;
}

/** The parts the request has, as one object: one part as it is, several merged (an id beside a body's fields). */
function mergedParts(parts: { params: unknown; query: unknown; body: unknown }): unknown {
  const present = [parts.params, parts.query, parts.body].filter((part) => part !== undefined);
  if (present.length <= 1) return present[0];
  return Object.assign({}, ...present);
}

function fileResponse(c: Context<AppEnv>, file: FileAnswer, mediaType: string, disposition: 'inline' | 'attachment'): Response {
  const headers: Record<string, string> = { 'Content-Type': mediaType, 'Content-Disposition': `${disposition}; filename="${file.fileName}"` };
  if (file.body instanceof Uint8Array) headers['Content-Length'] = String(file.body.byteLength);
  return c.body(file.body, 200, headers);
}
