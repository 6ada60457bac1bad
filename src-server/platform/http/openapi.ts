// The REST API's OpenAPI 3.1 contract (docs/api.md#openapi). Every route under /api is defined once with
// defineRoute (@hono/zod-openapi's createRoute): its request body, query and path parameters are the zod schema
// objects of src-server/contract/, its answers the views of contract/views.ts and the error shapes of
// http/errors.ts. serve() registers that definition in the document and serves the route from it, and the handler
// reads its input through it (routeBody, routeQuery, routeParam), so the schema the document shows is the one the
// route parses with.
//
// Why not OpenAPIHono.openapi(): it adds @hono/zod-validator's validators, whose failures answer in another shape
// (a malformed body is an HTTPException, an empty body with no Content-Type validates as {}, a path parameter's
// error is keyed by field) and which run in their own order. Reading the input with jsonBody/queryOf/paramOf keeps
// every answer and message as docs/api.md gives them; the contract test (tests/server/openapi-contract.test.ts)
// checks real answers against the document.
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { idParam } from '../../contract/schemas';
import type { AppEnv } from './context';
import { errorAnswer, inputErrorAnswer, serverErrorAnswer } from './errors';
import { jsonBody, paramOf, queryOf } from './validate';

export type RestApp = OpenAPIHono<AppEnv>;
/** A REST sub-app whose routes carry their OpenAPI definitions to the app they are mounted on. */
export const restApp = (): RestApp => new OpenAPIHono<AppEnv>();

/** docs/api.md#authentication's tiers; `owner` rules are the services' and answer 403 like `admin`. */
export type Access = 'public' | 'customer' | 'admin';
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** The security scheme's name in the document's components. */
export const BEARER = 'bearerAuth';

type ResponseConfig = Exclude<RouteConfig['responses'][string], { $ref: string }>;

export type RouteSpec = Omit<RouteConfig, 'responses' | 'security'> & {
  access: Access;
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

const ACCESS_NOTE: Record<Access, string> = {
  public: 'Public.',
  customer: 'Signed in (any account).',
  admin: 'Admins and owners only.',
};

/** A route's definition as the document takes it; its request part keeps its schemas' types for routeBody & co. */
export type DefinedRoute<S extends RouteSpec = RouteSpec> = Omit<S, 'access' | 'errors' | 'errorBodies' | 'responses'> & { responses: RouteConfig['responses'] };

/**
 * A route's definition with the error answers its kind gives added: 500 on every route; 401 on signed-in routes and
 * 403 on admin ones; 400 where a body or a query is parsed; 413 and 415 where a body may be sent (both are answered
 * before the route: app.ts). `errors` adds the rest (a path parameter's 400, 404, 409, 429, 503).
 */
export function defineRoute<const S extends RouteSpec>(spec: S): DefinedRoute<S> {
  const { access, errors = [], errorBodies = {}, responses, description, ...route } = spec;
  const statuses = new Set<ErrorStatus>([...errors, 500]);
  if (access !== 'public') statuses.add(401);
  if (access === 'admin') statuses.add(403);
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
    description: [description, ACCESS_NOTE[access]].filter(Boolean).join(' '),
    ...(access === 'public' ? {} : { security: [{ [BEARER]: [] }] }),
    responses: all,
  } as unknown as DefinedRoute<S>;
}

/** A route's `{id}` path parameter: an id as contract/schemas.ts's idParam parses it (routeParam(c, route, 'id')). */
export const byId = { params: z.object({ id: idParam }) };

/** A required JSON request body, parsed with `schema` (routeBody). */
export const jsonRequestBody = <S extends z.ZodType>(schema: S) => ({ required: true, content: { 'application/json': { schema } } });

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

type RequestOf<R> = R extends { request: infer Q } ? Q : never;
type BodySchemaOf<R> = RequestOf<R> extends { body: { content: { 'application/json': { schema: infer S extends z.ZodType } } } } ? S : never;
type QuerySchemaOf<R> = RequestOf<R> extends { query: infer S extends z.ZodType } ? S : never;
type ParamsShapeOf<R> = RequestOf<R> extends { params: z.ZodObject<infer Shape> } ? Shape : never;

/** The JSON body, parsed with the schema the route's definition documents (400 for malformed JSON or a failure). */
export function routeBody<R extends DefinedRoute>(c: Context, route: R): Promise<z.output<BodySchemaOf<R>>> {
  const media = route.request?.body?.content['application/json'] as { schema?: unknown } | undefined;
  const schema = media?.schema as BodySchemaOf<R> | undefined;
  if (!schema) throw new Error(`${route.method} ${route.path} documents no JSON body`);
  return jsonBody(c, schema);
}

/** The query string, parsed with the route's documented query schema. */
export function routeQuery<R extends DefinedRoute>(c: Context, route: R): z.output<QuerySchemaOf<R>> {
  const schema = route.request?.query as QuerySchemaOf<R> | undefined;
  if (!schema) throw new Error(`${route.method} ${route.path} documents no query`);
  return queryOf(c, schema);
}

/**
 * One path parameter, parsed with its schema in the route's documented parameters. Alone, as paramOf always has: a
 * bad id answers the id's own message (`formErrors`), not a field error of a parameters object.
 */
export function routeParam<R extends DefinedRoute, K extends keyof ParamsShapeOf<R> & string>(c: Context, route: R, name: K): z.output<ParamsShapeOf<R>[K]> {
  return paramOf(c, name, paramSchema(route, name) as unknown as z.ZodType) as z.output<ParamsShapeOf<R>[K]>;
}

/** A path parameter's schema in a route's definition (for a handler that answers its own message on failure). */
export function paramSchema<R extends DefinedRoute, K extends keyof ParamsShapeOf<R> & string>(route: R, name: K): ParamsShapeOf<R>[K] {
  const params = route.request?.params as z.ZodObject | undefined;
  const schema = params?.shape[name];
  if (!schema) throw new Error(`${route.method} ${route.path} documents no path parameter ${name}`);
  return schema as ParamsShapeOf<R>[K];
}
