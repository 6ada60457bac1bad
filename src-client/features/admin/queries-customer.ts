// One view of a customer's read (docs/product.md#one-view-of-a-customer), in its own file beside queries.ts.
import { trpc } from '../../lib/trpc';

/** No silent retries, as the console's other reads: a refused or missing account shows at once. */
export const customerOverviewQuery = (id: number) => trpc.admin.users.overview.queryOptions({ id }, { retry: false });
