// tRPC set-up in one place: the context, the error shape and a procedure per tier (api/tiers.ts), on which
// api/trpc.ts builds every operation's procedure. Services throw domain errors; one middleware maps them here.
import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { CallerResult, ResolveCaller } from '../platform/auth/caller';
import { messages } from '../contract/messages';
import { brokenTextError } from '../contract/text';
import { DomainError, domainErrorIn, errorAnswerOf, inputErrorDetails } from '../errors';
import type { OperationContext } from './operation';
import { assertTier, type Tier } from './tiers';

export interface TrpcContext extends OperationContext {
  /** Resolved on first use, once per request: public procedures never pay for a token check. */
  caller(): Promise<CallerResult>;
}

type ContextOptions = OperationContext & { resolveCaller: ResolveCaller; authorization: string | null | undefined };

export function createTrpcContext({ resolveCaller, authorization, ...context }: ContextOptions): TrpcContext {
  let memo: Promise<CallerResult> | undefined;
  return { ...context, caller: () => (memo ??= resolveCaller(authorization, context.deps.clock.now())) };
}

const t = initTRPC.context<TrpcContext>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const details =
      cause instanceof z.ZodError ? inputErrorDetails(cause) : cause instanceof DomainError ? cause.details : undefined;
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      // Never a stack trace or an internal message to the client.
      message: internal ? messages.internal : cause instanceof z.ZodError ? messages.invalidInput : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, details },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  // Also one a query wrapped (a database server out of reach: errors.ts domainErrorIn).
  const cause = result.ok ? undefined : domainErrorIn(result.error.cause);
  if (cause) throw new TRPCError({ code: errorAnswerOf(cause).trpcCode, message: cause.message, cause });
  return result;
});

/** Every input string well-formed (brokenTextError), as at the REST door; before the caller is resolved. */
const wellFormedInput = t.middleware(async ({ getRawInput, next }) => {
  let raw: unknown;
  try {
    raw = await getRawInput();
  } catch {
    // An unreadable body: a procedure with an input refuses it when it reads it; one without (a sign-out) never does.
    return next();
  }
  const broken = brokenTextError(raw);
  if (broken) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.invalidInput, cause: broken });
  return next();
});

const publicProcedure = t.procedure.use(mapDomainErrors).use(wellFormedInput);

const signedInProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const { caller } = await ctx.caller();
  if (!caller) throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.unauthenticated });
  return next({ ctx: { caller } });
});

// The ForbiddenError assertTier throws becomes FORBIDDEN through mapDomainErrors, as a service's would.
const tierProcedure = (tier: 'admin' | 'owner') =>
  signedInProcedure.use(async ({ ctx, next }) => {
    assertTier(tier, ctx.caller);
    return next();
  });

/** The procedure each tier is built on; the tier is checked before the input is parsed. */
export const tierProcedures = {
  public: publicProcedure,
  customer: signedInProcedure,
  admin: tierProcedure('admin'),
  owner: tierProcedure('owner'),
} satisfies Record<Tier, unknown>;
