// The typed client of the server's tRPC procedures (docs/api.md#trpc-procedures), imported only where the app talks
// to the server so the marketing pages' first load does not carry it. The queries boot/early-fetch.ts may have asked
// for go alone, at the address it asked: batched, they would ask the network again.
import { createTRPCClient, httpBatchLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/api/trpc';
import { TRPC_MAX_BATCH } from '@server/contract/limits';
import { EARLY_QUERY_PATHS, fetchWithEarlyAnswers } from '../boot/early-fetch';
import { queryClient } from './query-client';
import { clearSession, readSession } from './session';

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type TrpcError = TRPCClientError<AppRouter>;

/** Procedures whose UNAUTHORIZED answer is about what was typed, not about the session. */
const CREDENTIAL_CHECKS = new Set(['account.login']);

/** Ends the session a call was made with when the server says it is no longer valid. */
const endSessionOnUnauthorized: TRPCLink<AppRouter> = () => ({ op, next }) =>
  observable((observer) => {
    const sentWith = readSession()?.token ?? null;
    return next(op).subscribe({
      next: (value) => observer.next(value),
      complete: () => observer.complete(),
      error: (err) => {
        // Only the session the call carried: someone who signed in again meanwhile stays signed in.
        if (err.data?.code === 'UNAUTHORIZED' && sentWith !== null && !CREDENTIAL_CHECKS.has(op.path) && readSession()?.token === sentWith) {
          clearSession();
        }
        observer.error(err);
      },
    });
  });

const batchLink = (maxItems: number) =>
  httpBatchLink({
    url: '/trpc',
    maxItems,
    // Queries travel as GET with their inputs in the URL; keep it well inside what servers and proxies take.
    maxURLLength: 2000,
    fetch: fetchWithEarlyAnswers,
    headers: () => {
      const session = readSession();
      return session ? { Authorization: `Bearer ${session.token}` } : {};
    },
  });

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    endSessionOnUnauthorized,
    splitLink({
      condition: (op) => op.type === 'query' && EARLY_QUERY_PATHS.has(op.path),
      true: batchLink(1),
      false: batchLink(TRPC_MAX_BATCH),
    }),
  ],
});

/** Query options, prefetching and invalidation for every procedure, over the app's one QueryClient. */
export const trpc = createTRPCQueryUtils<AppRouter>({ queryClient, client: trpcClient });

export function isTrpcError(err: unknown): err is TrpcError {
  return err instanceof TRPCClientError;
}
