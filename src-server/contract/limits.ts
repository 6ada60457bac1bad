// Limits the server enforces and the client must respect, written once (docs/api.md).

/** Most calls the server runs from one tRPC batch request; the client's batch link stays within it. */
export const TRPC_MAX_BATCH = 10;

/** Rows per page in the admin console's lists. */
export const ADMIN_PAGE_SIZE = 10;
