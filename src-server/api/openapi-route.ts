// An operation's route in the OpenAPI 3.1 document (docs/api.md#openapi), from its REST binding and the schemas the
// route parses with (api/rest.ts). Not OpenAPIHono.openapi(): its validators answer failures in other shapes and order
// than docs/api.md gives.
import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import { errorAnswer, forbiddenAnswer, inputErrorAnswer, serverErrorAnswer } from '../platform/http/errors';
import type { ErrorStatus, Operation, ResponseConfig, RestRequest } from './operation';
import { TIER_NOTES } from './tiers';

/** The security scheme's name in the document's components. */
export const BEARER = 'bearerAuth';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' as const, minimum: 0 } } };

const ERROR_RESPONSES: Record<ErrorStatus, ResponseConfig> = {
  400: { description: 'Bad input: a schema failure (by field in `details`), malformed JSON or a rule; nothing is written', content: json(inputErrorAnswer) },
  401: { description: 'No valid session: no token, or one invalid, expired or revoked (also a wrong password at sign-in)', content: json(errorAnswer) },
  403: { description: 'Signed in but not allowed (`details.code` `second_factor_required`: set up a second factor first)', content: json(forbiddenAnswer) },
  404: { description: 'No such record, or one the caller may not see', content: json(errorAnswer) },
  409: { description: 'Conflict with what is stored (`details` names the field where there is one)', content: json(inputErrorAnswer) },
  413: { description: 'The request body is over 100 KB', content: json(errorAnswer) },
  415: { description: 'A request body not declared as application/json', content: json(errorAnswer) },
  429: { description: 'Too many attempts', headers: retryAfter, content: json(errorAnswer) },
  500: { description: "The server's own failure, logged under the request id", content: json(serverErrorAnswer) },
  502: { description: 'The card provider failed or could not be reached; nothing was paid, try again', content: json(errorAnswer) },
  503: { description: 'At capacity for this request (a password to check); nothing is stored', headers: retryAfter, content: json(errorAnswer) },
};

/** A route's definition with the error answers its kind gives (500; 401/403 by tier; 400, 413, 415 by input); `errors` adds the rest. */
export function defineRoute(operation: Operation, request: RestRequest | undefined): RouteConfig {
  const { tier, rest } = operation;
  const { params, query, body } = request ?? {};
  const statuses = new Set<ErrorStatus>([...(rest.errors ?? []), 500]);
  if (tier !== 'public') statuses.add(401);
  if (tier === 'admin' || tier === 'owner') statuses.add(403);
  if (body || query) statuses.add(400);
  if (rest.method !== 'get') {
    statuses.add(413);
    statuses.add(415);
  }
  const responses: Record<string, ResponseConfig> = { [rest.status ?? 200]: successResponse(operation) };
  for (const status of [...statuses].sort()) {
    const errorBody = rest.errorBodies?.[status];
    const standard = status === 413 && operation.bodyLimit ? { ...ERROR_RESPONSES[413], description: operation.bodyLimit.description } : ERROR_RESPONSES[status];
    responses[status] = errorBody ? { ...standard, content: json(errorBody) } : standard;
  }
  return {
    method: rest.method,
    path: rest.path,
    operationId: rest.operationId,
    tags: rest.tags,
    summary: rest.summary,
    description: [rest.description, TIER_NOTES[tier]].filter(Boolean).join(' '),
    request: { params, query, body: body && { required: true, content: json(body) } },
    ...(tier === 'public' ? {} : { security: [{ [BEARER]: [] }] }),
    responses,
  };
}

/** The 2xx answer: as the binding gives it, or its description with the JSON schema (and a list's headers). */
function successResponse({ rest, output, reply }: Operation): ResponseConfig {
  if (typeof rest.response !== 'string') return rest.response;
  if (rest.list) {
    const page = (output as unknown as { shape: { items: z.ZodType; totalIsLowerBound?: unknown } }).shape;
    return { description: rest.response, content: json(rest.answer?.schema ?? page.items), headers: listHeaders('totalIsLowerBound' in page) };
  }
  const schema = rest.answer?.schema ?? output ?? reply;
  if (!schema) throw new Error(`${rest.method} ${rest.path}: a JSON answer needs a schema`);
  return { description: rest.response, content: json(schema) };
}

/** A list answer's headers (http/list.ts; docs/api.md#lists). */
const listHeaders = (boundedTotal: boolean) => ({
  'X-Total-Count': { description: 'How many match (all pages)', schema: { type: 'integer' as const, minimum: 0 } },
  ...(boundedTotal
    ? { 'X-Total-Is-Lower-Bound': { description: "true when a search's total is a lower bound (docs/api.md#lists)", schema: { type: 'string' as const, enum: ['true', 'false'] } } }
    : {}),
});
