import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../components/page';
import { quotesQuery } from '../../features/admin/queries';
import { QuotesTab } from '../../features/admin/queues';
import { listDepsOf, validateQueueSearch } from '../../features/admin/search';
import { queryClient } from '../../lib/query-client';

// One tab of the console (docs/product.md#admin-console): its page, its status filter
// (docs/product.md#staff-queues) and the console's search term are in the URL; the loader (its own small
// chunk) asks for that page while the component's code loads, and the component reads the same query.
export const Route = createFileRoute('/admin/quotes')({
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => ({ ...listDepsOf(search), status: search.status }),
  loader: ({ deps }) => {
    void queryClient.prefetchQuery(quotesQuery(deps));
  },
  head: () => pageTitle('Quote requests | Admin dashboard'),
  component: QuotesTab,
});
