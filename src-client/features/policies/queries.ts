// The dashboard's data, shared by the route's loader and the page: the customer's own policies, kept on the device
// for offline use (docs/product.md#offline, lib/personal-cache.ts), or while impersonating that customer's, never kept.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { experimental_createQueryPersister } from '@tanstack/react-query-persist-client';
import type { PolicyView } from '@server/contract/views';
import { failureOf } from '../../lib/call-errors';
import { keepOnlyDocuments, personalQueryStorage } from '../../lib/personal-cache';
import { trpc } from '../../lib/trpc';
import { cacheActiveDocuments } from './document-actions';
import { coverStateOf } from './policy-time';

/** A kept list lasts as long as the longest session can (30 days with "keep me signed in"), plus a day. */
const OFFLINE_COPY_MAX_AGE_MS = 31 * 24 * 60 * 60_000;
/** Changes when the kept list's shape changes, so an older app's copy is dropped rather than misread. */
const OFFLINE_COPY_VERSION = 'policies-v1';

type Persister = ReturnType<typeof experimental_createQueryPersister<string>>;
const persisters = new Map<number, Persister>();

function persisterFor(userId: number): Persister {
  const persister =
    persisters.get(userId) ??
    experimental_createQueryPersister<string>({
      storage: personalQueryStorage(userId),
      maxAge: OFFLINE_COPY_MAX_AGE_MS,
      buster: OFFLINE_COPY_VERSION,
      prefix: 'kerbside',
      // The refetch after a restore is ours (below): the library's own leaves a failed fetch unhandled.
      refetchOnRestore: false,
    });
  persisters.set(userId, persister);
  return persister;
}

/** Fire and forget: the offline copy is a convenience, never a reason for the page to fail. */
function keepDocuments(userId: number, policies: PolicyView[]): void {
  const now = Date.now();
  const numbers = policies.map((p) => p.policyNumber);
  void keepOnlyDocuments(userId, numbers)
    .then(() => cacheActiveDocuments(userId, policies.filter((p) => p.policyNumber && ['live', 'upcoming'].includes(coverStateOf(p, now)))))
    .catch(() => undefined);
}

/** The signed-in customer's own policies, kept on this device for them. */
export function myPoliciesQuery(userId: number) {
  const base = trpc.policies.mine.queryOptions(undefined);
  const fetchMine = base.queryFn;
  if (typeof fetchMine !== 'function') throw new Error('policies.mine has no query function');
  const persister = persisterFor(userId);
  return queryOptions({
    ...base,
    queryFn: async (ctx) => {
      const policies = await fetchMine(ctx);
      keepDocuments(userId, policies);
      return policies;
    },
    persister: async (queryFn, ctx, query) => {
      let fetched = false;
      const data = await persister.persisterFn(
        (c) => {
          fetched = true;
          return queryFn(c);
        },
        ctx,
        query,
      );
      // Restored from the device: on screen at once; now the current list (a failure keeps the copy shown).
      if (!fetched) setTimeout(() => void query.fetch().catch(() => undefined), 0);
      return data;
    },
    // Run even when the browser says it is offline: the kept copy answers then.
    networkMode: 'always',
    // No silent retries: offline shows the kept copy at once, and a failure offers 'Try again'.
    retry: false,
  });
}

/** The signed-in customer's own quote requests (never while impersonating: they would be the admin's own). */
export function myQuotesQuery() {
  return trpc.quotes.mine.queryOptions(undefined, { retry: false });
}

/** An admin viewing a customer's policies (read only, logged by the server, never kept on the device). */
export function impersonatedPoliciesQuery(userId: number) {
  return trpc.admin.policies.ofUser.queryOptions({ userId }, { retry: false });
}

/** The list the dashboard shows, for the customer or the impersonated customer. */
export function useDashboardPolicies(userId: number, impersonateUserId: number | null) {
  const own = useQuery({ ...myPoliciesQuery(userId), enabled: impersonateUserId === null });
  const other = useQuery({ ...impersonatedPoliciesQuery(impersonateUserId ?? 0), enabled: impersonateUserId !== null });
  const query = impersonateUserId === null ? own : other;
  return {
    policies: query.data,
    // The list shown is the device's copy: the network could not be reached.
    offline: query.data !== undefined && query.isError && failureOf(query.error).kind === 'network',
    /** When the list shown was fetched (epoch ms). */
    updatedAt: query.dataUpdatedAt,
    isPending: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}

/**
 * What the customer has paid for each of their policies (the card's "Premium paid"); undefined for a policy while not
 * known, 0 once known with no payment. Never while impersonating: it would be the admin's own.
 */
export function useMyPaid(enabled: boolean): (policyNumber: string) => number | undefined {
  const query = useQuery({ ...trpc.policies.paid.queryOptions(undefined, { retry: false }), enabled });
  const items = query.data?.items;
  return (policyNumber) => (items ? (items.find((i) => i.policyNumber === policyNumber)?.paid ?? 0) : undefined);
}
