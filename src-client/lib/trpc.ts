// The typed client of the server's tRPC procedures (docs/api.md): every JSON call the app makes goes through
// here. Imported only by the routes and features that talk to the server, so the marketing pages' first load
// does not carry it.
//
// - One batch link to /trpc, within the server's batch cap, sending the session's bearer token. The queries the
//   start-up script may have asked for already (boot/early-fetch.ts) each go alone, at the address it asked: batched
//   with another call they would ask the network again, whatever is already in hand.
// - A 401 on a call made with a token ends that session (expired, revoked, account changed), as any other
//   sign-out does; the login call's own 401 (wrong password) is about the credentials, not the session.
// - Query options and cache helpers come from `trpc` (createTRPCQueryUtils over the app's QueryClient), so a
//   route loader and the component that reads the data use the very same options.
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
    // What the start-up script already asked for (the dashboard's list) is taken from there, once.
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
