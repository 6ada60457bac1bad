// Domain errors thrown by services; the table below maps each to its HTTP status and tRPC code, whatever the door.
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { z } from 'zod';

export type Details = Record<string, unknown> | undefined;

export class DomainError extends Error {
  constructor(message: string, readonly details?: Details) {
    super(message);
    this.name = new.target.name;
  }
}
export class InvalidError extends DomainError {}
export class UnauthenticatedError extends DomainError {}
export class ForbiddenError extends DomainError {}
export class NotFoundError extends DomainError {}
export class ConflictError extends DomainError {}
/** Something sent is larger than the route takes (a claim's photo): 413, `details` naming the field. */
export class TooLargeError extends DomainError {}
export class ThrottledError extends DomainError {
  /** `code`: what a client may act on besides waiting (a claim report over its limits: contract/claim.ts), as `details.code`. */
  constructor(message: string, readonly retryAfterSeconds: number, readonly code?: string) {
    super(message, code === undefined ? { retryAfterSeconds } : { retryAfterSeconds, code });
  }
}
/** The password hashing queue is full: a ThrottledError, so `Retry-After` is sent as for a 429, with status 503. */
export class OverloadedError extends ThrottledError {}
/** The libSQL server missed the safe tries: 503 + Retry-After (docs/operations.md#errors-from-a-libsql-server). */
export class DatabaseUnavailableError extends OverloadedError {
  constructor(message: string, retryAfterSeconds: number, cause: unknown) {
    super(message, retryAfterSeconds);
    this.cause = cause;
  }
}

/**
 * The card provider failed or could not be reached (docs/product.md#paying-online): 502, nothing taken, what was
 * written before the call kept for a retry (a pending policy), nothing written after it (a cancellation).
 */
export class PaymentProviderError extends DomainError {
  constructor(message: string, cause: unknown) {
    super(message);
    this.cause = cause;
  }
}

/** What a domain error is at each door (docs/product.md#errors-and-messages). */
export interface ErrorAnswer {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503;
  trpcCode: TRPC_ERROR_CODE_KEY;
}

type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/** The one table: each domain error class, its HTTP status and its tRPC code. */
const errorAnswers: ReadonlyArray<readonly [DomainErrorClass, ErrorAnswer]> = [
  [InvalidError, { status: 400, trpcCode: 'BAD_REQUEST' }],
  [UnauthenticatedError, { status: 401, trpcCode: 'UNAUTHORIZED' }],
  [ForbiddenError, { status: 403, trpcCode: 'FORBIDDEN' }],
  [NotFoundError, { status: 404, trpcCode: 'NOT_FOUND' }],
  [ConflictError, { status: 409, trpcCode: 'CONFLICT' }],
  [TooLargeError, { status: 413, trpcCode: 'PAYLOAD_TOO_LARGE' }],
  [PaymentProviderError, { status: 502, trpcCode: 'BAD_GATEWAY' }],
  // Before ThrottledError, which it extends: the first matching row wins.
  [OverloadedError, { status: 503, trpcCode: 'SERVICE_UNAVAILABLE' }],
  [ThrottledError, { status: 429, trpcCode: 'TOO_MANY_REQUESTS' }],
];
const unmapped: ErrorAnswer = { status: 500, trpcCode: 'INTERNAL_SERVER_ERROR' };

/** The domain error `err` is or wraps (Drizzle wraps what a query throws in a DrizzleQueryError, as its `cause`). */
export function domainErrorIn(err: unknown): DomainError | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof DomainError) return e;
  }
  return undefined;
}

/** The status and code of a domain error; a DomainError outside the table is ours (500). */
export function errorAnswerOf(err: DomainError): ErrorAnswer {
  return errorAnswers.find(([cls]) => err instanceof cls)?.[1] ?? unmapped;
}

/** A 400 for one field, in the same shape as a schema failure (z.flattenError), so forms read both alike. */
export function fieldInvalid(message: string, fieldErrors: Record<string, string>): InvalidError {
  return new InvalidError(message, { formErrors: [], fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, [v]])) });
}

/** A schema failure as z.flattenError's shape at both doors, looking through tRPC's `data` wrapper of an update. */
export function inputErrorDetails(err: z.ZodError): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const path = issue.path[0] === 'data' && issue.path.length > 1 ? issue.path.slice(1) : issue.path;
    const field = path[0];
    if (field === undefined) formErrors.push(issue.message);
    else (fieldErrors[String(field)] ??= []).push(issue.message);
  }
  return { formErrors, fieldErrors };
}
