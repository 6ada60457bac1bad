// The console's reads, defined once so a route's loader and its tab read with the same key and nothing is fetched twice.
import { keepPreviousData } from '@tanstack/react-query';
import type { ClaimFilter, QueueFilter } from '@server/contract/queues';
import type { QuoteDecision } from '@server/contract/views';
import { trpc } from '../../lib/trpc';
import { listInputOf, type ListDeps } from './search';

/** No silent retries: they would keep the person looking at a skeleton for seconds. */
const read = { retry: false } as const;
/** A new page or search keeps the rows on screen until the next answer replaces them. */
const list = { ...read, placeholderData: keepPreviousData } as const;

export const statsQuery = () => trpc.admin.stats.queryOptions(undefined, read);

export const usersQuery = (deps: ListDeps) => trpc.admin.users.list.queryOptions(listInputOf(deps), list);
export const policiesQuery = (deps: ListDeps) => trpc.admin.policies.list.queryOptions(listInputOf(deps), list);
export const logsQuery = (deps: ListDeps) => trpc.admin.logs.list.queryOptions(listInputOf(deps), list);

/** A queue page: the list's page and search, and the status filter when one is chosen. */
export interface QueueDeps extends ListDeps {
  status?: QueueFilter | undefined;
  startsWithin?: number | undefined;
  /** Quote requests only: the rates' decision (docs/product.md#the-three-answers). */
  decision?: QuoteDecision | undefined;
}
const queueInputOf = ({ status, startsWithin, decision: _decision, ...deps }: QueueDeps) => ({
  ...listInputOf(deps),
  ...(status ? { status } : {}),
  ...(startsWithin ? { startsWithin } : {}),
});

export const quotesQuery = (deps: QueueDeps) => trpc.admin.quotes.list.queryOptions({ ...queueInputOf(deps), ...(deps.decision ? { decision: deps.decision } : {}) }, list);

export const callbacksQuery = (deps: QueueDeps) => trpc.admin.callbacks.list.queryOptions(queueInputOf(deps), list);

/** A page of the Claims queue: the list's page and search, and the claim filter when one is chosen. */
export interface ClaimQueueDeps extends ListDeps {
  status?: ClaimFilter | undefined;
}
export const claimsQuery = ({ status, ...deps }: ClaimQueueDeps) => trpc.admin.claims.list.queryOptions({ ...listInputOf(deps), ...(status ? { status } : {}) }, list);

/** How often the overview asks again: requests fall overdue with time alone, no change needed. */
const QUEUE_COUNTS_REFRESH_MS = 60_000;

/** The overview's new and overdue requests per queue. */
export const queueCountsQuery = () => trpc.admin.queueCounts.queryOptions(undefined, { ...read, refetchInterval: QUEUE_COUNTS_REFRESH_MS });

/** The rate versions, newest first (owners only: docs/product.md#rates). */
export const ratesQuery = () => trpc.admin.rates.list.queryOptions(undefined, read);

/** The quote requests per decision of the rates, and those bought. */
export const decisionCountsQuery = () => trpc.admin.decisionCounts.queryOptions(undefined, read);

/** Who a request can be assigned to: the admins and owners. */
export const staffQuery = () => trpc.admin.staff.queryOptions(undefined, read);

/** One request of a staff queue, opened from its list. */
export const quoteItemQuery = (id: number) => trpc.admin.quotes.get.queryOptions({ id }, read);
export const callbackItemQuery = (id: number) => trpc.admin.callbacks.get.queryOptions({ id }, read);
export const claimItemQuery = (id: number) => trpc.admin.claims.get.queryOptions({ id }, read);

/** The policy form's owner select: the first 100 accounts (the server's largest page). */
export const userChoicesQuery = () =>
  trpc.admin.users.list.queryOptions({ limit: 100, offset: 0, search: '' }, { ...read, select: (page) => page.items });

/** The live, upcoming and pending cover an account holds: named before staff delete it. */
export const heldCoverQuery = (id: number) => trpc.admin.users.coverHeld.queryOptions({ id }, read);

/** Every change to a policy, newest first: shown under its Edit Policy form. */
export const policyHistoryQuery = (id: number) => trpc.admin.policies.history.queryOptions({ id }, read);
export const policyPaymentsQuery = (id: number) => trpc.admin.policies.payments.queryOptions({ id }, read);
