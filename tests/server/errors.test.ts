// The one table of domain errors (src-server/errors.ts): both doors read it, so a domain error answers the
// same status by REST and by tRPC over HTTP (docs/product.md#errors-and-messages).
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DomainError,
  errorAnswerOf,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  ThrottledError,
  UnauthenticatedError,
} from '../../src-server/errors';

describe('domain error table', () => {
  it.each([
    [new InvalidError('x'), 400, 'BAD_REQUEST'],
    [new UnauthenticatedError('x'), 401, 'UNAUTHORIZED'],
    [new ForbiddenError('x'), 403, 'FORBIDDEN'],
    [new NotFoundError('x'), 404, 'NOT_FOUND'],
    [new ConflictError('x'), 409, 'CONFLICT'],
    [new ThrottledError('x', 60), 429, 'TOO_MANY_REQUESTS'],
    [new DomainError('x'), 500, 'INTERNAL_SERVER_ERROR'],
  ] as const)('%s answers %i / %s, and tRPC sends that code with the same HTTP status', (err, status, code) => {
    expect(errorAnswerOf(err)).toEqual({ status, trpcCode: code });
    expect(getHTTPStatusCodeFromError(new TRPCError({ code }))).toBe(status);
  });
});
