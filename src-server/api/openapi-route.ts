// The REST API's OpenAPI 3.1 document (docs/api.md#openapi), one route at a time, from the schemas each route parses
// with. Not OpenAPIHono.openapi(): its validators answer failures in other shapes and order than docs/api.md gives.
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

export type DefinedRoute = Omit<RouteConfig, 'responses'> & { responses: RouteConfig['responses'] };

/** A route's definition with the error answers its kind gives (500; 401/403 by tier; 400, 413, 415 by input); `errors` adds the rest. */
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

export const jsonRequestBody = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema } } });

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
