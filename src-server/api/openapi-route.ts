// The REST API's OpenAPI 3.1 contract (docs/api.md#openapi), one route at a time: defineRoute turns an operation's
// REST binding (api/operation.ts) into @hono/zod-openapi's route definition, with the error answers its kind of route
// gives, and serve() registers it in the document while serving the route. The request body, query and path
// parameters in it are the zod schema objects the route parses with (api/rest.ts), so the document shows what the
// route takes.
//
// Why not OpenAPIHono.openapi(): it adds @hono/zod-validator's validators, whose failures answer in another shape
// (a malformed body is an HTTPException, an empty body with no Content-Type validates as {}, a path parameter's
// error is keyed by field) and which run in their own order. Reading the input with jsonBody/queryOf/paramOf keeps
// every answer and message as docs/api.md gives them; the contract test (tests/server/openapi-contract.test.ts)
// checks real answers against the document.
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Handler, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../platform/http/context';
import { errorAnswer, inputErrorAnswer, serverErrorAnswer } from '../platform/http/errors';
import { TIER_NOTES, type Tier } from './tiers';

export type RestApp = OpenAPIHono<AppEnv>;
/** The /api sub-app: its routes carry their OpenAPI definitions to the document. */
export const restApp = (): RestApp => new OpenAPIHono<AppEnv>();

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** The security scheme's name in the document's components. */
export const BEARER = 'bearerAuth';

export type ResponseConfig = Exclude<RouteConfig['responses'][string], { $ref: string }>;

export type RouteSpec = Omit<RouteConfig, 'responses' | 'security'> & {
  tier: Tier;
  /** The 2xx answers. */
  responses: Partial<Record<200 | 201, ResponseConfig>>;
  /** Error statuses beyond those every route of its kind gives (see defineRoute). */
  errors?: readonly ErrorStatus[];
  /** Error answers whose body differs from the usual shape on this route. */
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
};

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' as const, minimum: 0 } } };

const ERROR_RESPONSES: Record<ErrorStatus, ResponseConfig> = {
  400: { description: 'Bad input: a schema failure (by field in `details`), malformed JSON or a rule; nothing is written', content: json(inputErrorAnswer) },
  401: { description: 'No valid session: no token, or one invalid, expired or revoked (also a wrong password at sign-in)', content: json(errorAnswer) },
  403: { description: 'Signed in but not allowed', content: json(errorAnswer) },
  404: { description: 'No such record, or one the caller may not see', content: json(errorAnswer) },
  409: { description: 'Conflict with what is stored (`details` names the field where there is one)', content: json(inputErrorAnswer) },
  413: { description: 'The request body is over 100 KB', content: json(errorAnswer) },
  415: { description: 'A request body not declared as application/json', content: json(errorAnswer) },
  429: { description: 'Too many attempts', headers: retryAfter, content: json(errorAnswer) },
  500: { description: "The server's own failure, logged under the request id", content: json(serverErrorAnswer) },
  503: { description: 'At capacity for this request (a password to check); nothing is stored', headers: retryAfter, content: json(errorAnswer) },
};

/** A route's definition as the document takes it. */
export type DefinedRoute = Omit<RouteConfig, 'responses'> & { responses: RouteConfig['responses'] };

/**
 * A route's definition with the error answers its kind gives added: 500 on every route; 401 on signed-in routes and
 * 403 on admin and owner ones; 400 where a body or a query is parsed; 413 and 415 where a body may be sent (both are
 * answered before the route: app.ts). `errors` adds the rest (a path parameter's 400, 404, 409, 429, 503).
 */
export function defineRoute(spec: RouteSpec): DefinedRoute {
  const { tier, errors = [], errorBodies = {}, responses, description, ...route } = spec;
  const statuses = new Set<ErrorStatus>([...errors, 500]);
  if (tier !== 'public') statuses.add(401);
  if (tier === 'admin' || tier === 'owner') statuses.add(403);
  if (route.request?.body || route.request?.query) statuses.add(400);
  if (route.method !== 'get') {
    statuses.add(413);
    statuses.add(415);
  }
  const all: Record<string, ResponseConfig> = { ...responses };
  for (const status of [...statuses].sort()) {
    const body = errorBodies[status];
    all[status] = body ? { ...ERROR_RESPONSES[status], content: json(body) } : ERROR_RESPONSES[status];
  }
  return {
    ...route,
    description: [description, TIER_NOTES[tier]].filter(Boolean).join(' '),
    ...(tier === 'public' ? {} : { security: [{ [BEARER]: [] }] }),
    responses: all,
  };
}

/** A required JSON request body, parsed with `schema`. */
export const jsonRequestBody = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema } } });

/** A 2xx answer with a JSON body. */
export const jsonAnswer = (description: string, schema: z.ZodType, headers?: ResponseConfig['headers']): ResponseConfig => ({
  description,
  content: json(schema),
  ...(headers ? { headers } : {}),
});

/** A list answer's headers (http/list.ts; docs/api.md#lists). */
export const listHeaders = (boundedTotal: boolean) => ({
  'X-Total-Count': { description: 'How many match (all pages)', schema: { type: 'integer' as const, minimum: 0 } },
  ...(boundedTotal
    ? { 'X-Total-Is-Lower-Bound': { description: "true when a search's total is a lower bound (docs/api.md#lists)", schema: { type: 'string' as const, enum: ['true', 'false'] } } }
    : {}),
});

type Step = MiddlewareHandler<AppEnv> | Handler<AppEnv>;

/** Serves `route` with `steps` (middleware, then the handler) and registers its definition in the document. */
export function serve(app: RestApp, route: DefinedRoute, ...steps: Step[]): RestApp {
  app.openAPIRegistry.registerPath(route as RouteConfig);
  app.on(route.method.toUpperCase(), route.path.replaceAll(/\{(\w+)\}/g, ':$1'), ...(steps as [Handler<AppEnv>]));
  return app;
}
