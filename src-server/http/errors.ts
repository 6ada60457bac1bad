// Domain errors and parse failures -> HTTP status + `{ error, details? }`. Never a stack trace to a client.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { messages } from '../contract/messages';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  ThrottledError,
  UnauthenticatedError,
} from '../errors';

export interface ErrorBody {
  error: string;
  details?: unknown;
  message?: string;
}

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500;

export function statusOf(err: DomainError): Status {
  if (err instanceof InvalidError) return 400;
  if (err instanceof UnauthenticatedError) return 401;
  if (err instanceof ForbiddenError) return 403;
  if (err instanceof NotFoundError) return 404;
  if (err instanceof ConflictError) return 409;
  if (err instanceof ThrottledError) return 429;
  return 500;
}

/** The answer for an error that is the client's to fix, or null for one that is ours (a 500). */
export function clientErrorOf(err: unknown): { status: Status; body: ErrorBody; retryAfter?: number } | null {
  if (err instanceof z.ZodError) {
    return { status: 400, body: { error: messages.invalidInput, details: z.flattenError(err) } };
  }
  if (err instanceof DomainError) {
    const status = statusOf(err);
    const body: ErrorBody = { error: err.message };
    if (err instanceof ThrottledError) return { status, body, retryAfter: err.retryAfterSeconds };
    if (err.details) body.details = err.details;
    return { status, body };
  }
  if (err instanceof HTTPException && err.status === 413) {
    return { status: 413, body: { error: messages.bodyTooLarge } };
  }
  return null;
}

/**
 * Answers a client error as JSON, or null when the error is ours (the caller logs it and answers 500).
 * /api/register's client reads `message` (SPEC.md §7); every other client reads `error`.
 */
export function clientErrorResponse(c: Context, err: unknown, opts: { withMessage?: boolean } = {}): Response | null {
  const known = clientErrorOf(err);
  if (!known) return null;
  if (known.retryAfter !== undefined) c.header('Retry-After', String(known.retryAfter));
  const body = opts.withMessage ? { ...known.body, message: known.body.error } : known.body;
  return c.json(body, known.status);
}
