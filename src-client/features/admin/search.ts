// The console's URL (docs/product.md#admin-console): the tab is the path, the search `q`, a list's page `page`.
// Checked by hand, without a schema library: the route files that call these stay in the main chunk.
import { ADMIN_PAGE_SIZE } from '@server/contract/limits';
import type { ClaimFilter, QueueFilter } from '@server/contract/queues';
import type { QuoteDecision } from '@server/contract/views';

/** The server refuses longer search terms (contract/schemas.ts listQuery). */
export const MAX_SEARCH_LENGTH = 100;

export interface TermSearch {
  q?: string;
}

export interface PageSearch {
  page?: number;
}

/** `q`: a trimmed, non-empty term the server accepts; anything else is no search. */
export function validateTermSearch(raw: Record<string, unknown>): TermSearch {
  const q = raw['q'];
  // A hand-typed ?q=123 or ?q=true arrives as a number or boolean (the router reads values as JSON).
  const text = typeof q === 'string' ? q.trim() : typeof q === 'number' || typeof q === 'boolean' ? String(q) : '';
  return text ? { q: text.slice(0, MAX_SEARCH_LENGTH) } : {};
}

/** `page`: a whole number from 2 up (page 1 is the bare URL). */
export function validatePageSearch(raw: Record<string, unknown>): PageSearch {
  const page = Number(raw['page']);
  return Number.isInteger(page) && page > 1 && page < 1_000_000 ? { page } : {};
}

/** A queue's status filter (docs/product.md#staff-queues): `?status=overdue`; anything unknown is no filter. */
export interface QueueSearch {
  /** A claim filter on the Claims tab (validateClaimSearch), a request filter on the others. */
  status?: QueueFilter | ClaimFilter;
  /** Quote requests whose cover starts within this many hours: `?startsWithin=24`. */
  startsWithin?: number;
  /** Quote requests the rates answered so: `?decision=referred` (docs/product.md#the-three-answers). */
  decision?: QuoteDecision;
}

/** contract/views.ts's quoteDecisions, written out for the same reason as the filters below. */
export const QUOTE_DECISIONS = ['instant', 'referred', 'declined'] as const satisfies readonly QuoteDecision[];
const everyDecision: Exclude<QuoteDecision, (typeof QUOTE_DECISIONS)[number]> extends never ? true : false = true;
void everyDecision;

/** The "cover starts within" choices, in hours (the server takes any whole number from 1 to 744). */
export const STARTS_WITHIN_CHOICES = [2, 6, 24, 48, 168] as const;

/** contract/queues.ts's queueFilters, written out: importing that module would bring zod into the main chunk. */
const QUEUE_FILTERS = ['open', 'overdue', 'new', 'contacted', 'quoted', 'closed'] as const satisfies readonly QueueFilter[];
// Fails to compile if the contract gains a filter this list lacks.
const everyFilter: Exclude<QueueFilter, (typeof QUEUE_FILTERS)[number]> extends never ? true : false = true;
void everyFilter;

export function validateQueueSearch(raw: Record<string, unknown>): PageSearch & { status?: QueueFilter; startsWithin?: number; decision?: QuoteDecision } {
  const status = raw['status'];
  const known = typeof status === 'string' && (QUEUE_FILTERS as readonly string[]).includes(status);
  const within = Number(raw['startsWithin']);
  const withinKnown = (STARTS_WITHIN_CHOICES as readonly number[]).includes(within);
  const decision = QUOTE_DECISIONS.find((d) => d === raw['decision']);
  return {
    ...validatePageSearch(raw),
    ...(known ? { status: status as QueueFilter } : {}),
    ...(withinKnown ? { startsWithin: within } : {}),
    ...(decision ? { decision } : {}),
  };
}

/** contract/queues.ts's claimFilters, written out for the same reason. */
const CLAIM_FILTERS = ['open', 'overdue', 'new', 'contacted', 'passed-to-insurer', 'closed'] as const satisfies readonly ClaimFilter[];
const everyClaimFilter: Exclude<ClaimFilter, (typeof CLAIM_FILTERS)[number]> extends never ? true : false = true;
void everyClaimFilter;

/** The Claims tab's `?status=` and `?page=`; anything unknown is no filter. */
export function validateClaimSearch(raw: Record<string, unknown>): PageSearch & { status?: ClaimFilter } {
  const status = raw['status'];
  const known = typeof status === 'string' && (CLAIM_FILTERS as readonly string[]).includes(status);
  return { ...validatePageSearch(raw), ...(known ? { status: status as ClaimFilter } : {}) };
}

/** What a list's loader and component both ask the server for. */
export interface ListDeps {
  page: number;
  q: string;
}

export const listDepsOf = (search: TermSearch & PageSearch): ListDeps => ({ page: search.page ?? 1, q: search.q ?? '' });

/** A list page as the server's list procedures take it. */
export const listInputOf = ({ page, q }: ListDeps) => ({ limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE, search: q });

/** The console's tabs that are lists, each its own child route. */
const LIST_TABS = ['users', 'policies', 'logs', 'quotes', 'callbacks'] as const;
export type ListTab = (typeof LIST_TABS)[number];

/** Links from before the tabs were routes (/admin?tab=users&page=2): the tab's path and search, or null. */
export function legacyTabOf(raw: Record<string, unknown>): { tab: ListTab; search: TermSearch & PageSearch } | null {
  const tab = raw['tab'];
  if (typeof tab !== 'string' || !(LIST_TABS as readonly string[]).includes(tab)) return null;
  return { tab: tab as ListTab, search: { ...validateTermSearch(raw), ...validatePageSearch(raw) } };
}
