// Limits the server enforces and the client must respect, written once (docs/api.md).

/** Most calls the server runs from one tRPC batch request; the client's batch link stays within it. */
export const TRPC_MAX_BATCH = 10;

/** Rows per page in the admin console's lists. */
export const ADMIN_PAGE_SIZE = 10;

/** Past this many matches an admin search total is a lower bound (docs/api.md#lists, docs/operations.md#benchmarks). */
export const ADMIN_SEARCH_EXACT_TOTAL = 1_000;

/** The same for an audit-log search, lower as log matches cost more to count (docs/api.md#lists). */
export const LOG_SEARCH_EXACT_TOTAL = 200;
