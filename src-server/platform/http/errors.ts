// Domain errors and parse failures -> HTTP status + `{ error, details? }`. Never a stack trace to a client.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { CLAIM_LIMIT_CODE } from '../../contract/claim';
import { messages } from '../../contract/messages';
import { domainErrorIn, errorAnswerOf, inputErrorDetails, ThrottledError, type ErrorAnswer } from '../../errors';

/*
 * The error answers' shapes, as the REST API's OpenAPI document gives them (api/openapi-route.ts; docs/api.md#errors).
 * The contract test (tests/server/openapi-contract.test.ts) checks real answers against them.
 */
const errorText = z.string().min(1).meta({ description: 'A sentence a person can read (docs/product.md#errors-and-messages)' });
/** Bad input by field (z.flattenError's shape, errors.ts inputErrorDetails), or a rule the service checks itself. */
const inputDetails = z.strictObject({
  formErrors: z.array(z.string()).optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
/** 401, 403, 404, 413, 415; 429 and 503, whose wait is in the Retry-After header. */
export const errorAnswer = z.strictObject({ error: errorText }).meta({ id: 'Error' });
/** 403: `details.code` says when the console should send the person to set up a second factor (docs/api.md#second-factor). */
export const forbiddenAnswer = z
  .strictObject({ error: errorText, details: z.strictObject({ code: z.literal('second_factor_required') }).optional() })
  .meta({ id: 'Forbidden' });
/** 429 to a claim report over its limits (docs/api.md#claims): `details.code` tells the phone to keep it, not send it again. */
export const claimLimitAnswer = z
  .strictObject({ error: errorText, details: z.strictObject({ code: z.literal(CLAIM_LIMIT_CODE) }) })
  .meta({ id: 'ClaimLimit' });
/** 400 and 409: `details` says which fields, when there is more to say. */
export const inputErrorAnswer = z.strictObject({ error: errorText, details: inputDetails.optional() }).meta({ id: 'InputError' });
/** 500: the request id is the one in the server's log. */
export const serverErrorAnswer = z.strictObject({ error: errorText, requestId: z.string() }).meta({ id: 'ServerError' });
/** POST /api/register's client reads `message` (docs/api.md#account): its error answers repeat `error` there. */
export const registerInputErrorAnswer = inputErrorAnswer.extend({ message: z.string() }).meta({ id: 'RegisterInputError' });
export const registerErrorAnswer = errorAnswer.extend({ message: z.string() }).meta({ id: 'RegisterError' });

/** A client error as JSON, or null when it is ours (500); /api/register's client reads `message` (docs/api.md#account). */
export function clientErrorResponse(c: Context, err: unknown, opts: { withMessage?: boolean } = {}): Response | null {
  const answer = (status: ErrorAnswer['status'] | 413, body: { error: string; details?: unknown }) =>
    c.json(opts.withMessage ? { ...body, message: body.error } : body, status);
  if (err instanceof z.ZodError) return answer(400, { error: messages.invalidInput, details: inputErrorDetails(err) });
  // Also one a query wrapped (a database server out of reach: errors.ts domainErrorIn).
  const domain = domainErrorIn(err);
  if (domain instanceof ThrottledError) c.header('Retry-After', String(domain.retryAfterSeconds));
  if (domain) {
    // A 429's wait is in Retry-After: its details carry only a code the client acts on, when it has one.
    const throttledCode = domain instanceof ThrottledError && domain.code !== undefined ? { details: { code: domain.code } } : {};
    const details = domain.details && !(domain instanceof ThrottledError) ? { details: domain.details } : throttledCode;
    return answer(errorAnswerOf(domain).status, { error: domain.message, ...details });
  }
  if (err instanceof HTTPException && err.status === 413) return answer(413, { error: messages.bodyTooLarge });
  return null;
}
