// Limits the server enforces and the client must respect, written once (docs/api.md).

/** Most calls the server runs from one tRPC batch request; the client's batch link stays within it. */
export const TRPC_MAX_BATCH = 10;

/** Rows per page in the admin console's lists. */
export const ADMIN_PAGE_SIZE = 10;

/**
 * Up to how many matches an admin search of policies or users counts exactly (docs/api.md#lists). Past it the total
 * is a lower bound (`totalIsLowerBound`, shown as '1,000+'): at 1M policies counting every match of a broad term
 * ('fletch', ~38k; 'Ford', ~71k) takes 8-16 ms of the 10 ms a search may take. Counting to 10,000 takes 2.5-6 ms
 * ('example' over 100,000 accounts' e-mails: 5.7 ms p50), which leaves a search 9-13 ms p95 when the machine runs
 * slow; to 1,000 it takes 0.5-0.7 ms.
 */
export const ADMIN_SEARCH_EXACT_TOTAL = 1_000;

/**
 * Up to how many matches an audit-log search counts exactly (docs/api.md#lists). Past it the total is a lower
 * bound (`totalIsLowerBound`): counting every match of a broad term in the log's trigram index takes 46-108 ms at
 * 1M entries. Log matches cost more to count than policies' (long phrases over the dense, repetitive action texts):
 * 'policy: KC-7' counted to 1,000 takes 8-10.5 ms p95 at 1M entries (merged, or grown by single inserts), to 500
 * 4-6 ms (a search 14 ms p95 on a grown index when the machine runs slow), to 200 1.5-1.7 ms, against the 10 ms a
 * search may take.
 */
export const LOG_SEARCH_EXACT_TOTAL = 200;
