// Domain errors thrown by services. One mapper turns them into HTTP answers (http/errors.ts), another
// into TRPCError (trpc/init.ts); services never know which door the call came through.
export type Details = Record<string, unknown> | undefined;

export class DomainError extends Error {
  constructor(
    message: string,
    readonly details?: Details,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class InvalidError extends DomainError {}
export class UnauthenticatedError extends DomainError {}
export class ForbiddenError extends DomainError {}
export class NotFoundError extends DomainError {}
export class ConflictError extends DomainError {}
export class ThrottledError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, { retryAfterSeconds });
  }
}

/** A 400 for one field, in the same shape as a schema failure (z.flattenError), so forms read both alike. */
export function fieldInvalid(message: string, fieldErrors: Record<string, string>): InvalidError {
  return new InvalidError(message, { formErrors: [], fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, [v]])) });
}
