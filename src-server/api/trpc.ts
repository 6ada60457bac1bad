// The tRPC router, built from api/table.ts; the client takes its types from AppRouter (docs/api.md#trpc-procedures).
import type { AnyTRPCProcedure, TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { Caller } from '../deps';
import { isOperation, type Operation, type OperationTable, type TrpcKind } from './operation';
import { operations } from './table';
import { createCallerFactory, router, tierProcedures, type TrpcContext } from './trpc-procedures';

type ProcedureOf<O> =
  O extends Operation<infer K extends TrpcKind, infer In, infer Out>
    ? K extends 'query'
      ? TRPCQueryProcedure<{ input: In; output: Out; meta: object }>
      : TRPCMutationProcedure<{ input: In; output: Out; meta: object }>
    : never;

/** Whether a node of the table has a procedure in it: an operation tRPC serves, or a group holding one. */
type HasProcedure<N> = N extends Operation<infer K> ? ([K] extends [false] ? false : true) : true extends { [P in keyof N]: HasProcedure<N[P]> }[keyof N] ? true : false;

/** The table as tRPC sees it: REST-only operations, and groups left empty without them, are not there. */
type RouterRecordOf<N> = {
  [P in keyof N as HasProcedure<N[P]> extends true ? P : never]: N[P] extends Operation ? ProcedureOf<N[P]> : RouterRecordOf<N[P]>;
};

type Resolver = (opts: { ctx: TrpcContext; input: unknown }) => Promise<unknown>;
/** What is used here of a tier's procedure builder, whatever its context. */
interface Builder {
  input(schema: z.ZodType): Builder;
  output(schema: z.ZodType): Builder;
  query(resolve: Resolver): AnyTRPCProcedure;
  mutation(resolve: Resolver): AnyTRPCProcedure;
}

function procedureOf(operation: Operation, kind: TrpcKind): AnyTRPCProcedure {
  const handler = operation.handler;
  if (!handler) throw new Error('an operation tRPC serves needs a handler');
  let builder = tierProcedures[operation.tier] as unknown as Builder;
  if (operation.input) builder = builder.input(operation.input);
  if (operation.output) builder = builder.output(operation.output);
  const signedIn = operation.tier !== 'public';
  // Past a signed-in tier's middleware, ctx.caller is the caller it resolved, no longer the function resolving it.
  const resolve: Resolver = ({ ctx: { deps, clientAddress, userAgent, requestId, caller }, input }) =>
    handler(signedIn ? { deps, clientAddress, userAgent, requestId, caller: caller as unknown as Caller } : { deps, clientAddress, userAgent, requestId }, input);
  return kind === 'query' ? builder.query(resolve) : builder.mutation(resolve);
}

function recordOf(table: OperationTable): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, node] of Object.entries(table)) {
    if (isOperation(node)) {
      if (node.trpc !== false) record[name] = procedureOf(node, node.trpc);
    } else {
      const group = recordOf(node);
      if (Object.keys(group).length > 0) record[name] = group;
    }
  }
  return record;
}

export const appRouter = router(recordOf(operations) as RouterRecordOf<typeof operations>);
export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
