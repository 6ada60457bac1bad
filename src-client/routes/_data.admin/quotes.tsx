import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../components/page';
import { quotesQuery } from '../../features/admin/queries';
import { QuotesTab } from '../../features/admin/queues';
import { listDepsOf, validateQueueSearch } from '../../features/admin/search';

// A staff queue's tab (docs/product.md#staff-queues): its loader (a small chunk of its own) asks for the page while
// the component's code loads.
export const Route = createFileRoute('/_data/admin/quotes')({
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => ({ ...listDepsOf(search), status: search.status, startsWithin: search.startsWithin, decision: search.decision }),
  loader: ({ deps, context: { queryClient } }) => {
    void queryClient.prefetchQuery(quotesQuery(deps));
  },
  head: () => pageTitle('Quote requests | Admin dashboard'),
  component: QuotesTab,
});
