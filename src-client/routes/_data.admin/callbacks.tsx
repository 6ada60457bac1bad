import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../components/page';
import { callbacksQuery } from '../../features/admin/queries';
import { CallbacksTab } from '../../features/admin/queues';
import { listDepsOf, validateQueueSearch } from '../../features/admin/search';

// A staff queue's tab (docs/product.md#staff-queues): its loader (a small chunk of its own) asks for the page while
// the component's code loads.
export const Route = createFileRoute('/_data/admin/callbacks')({
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => ({ ...listDepsOf(search), status: search.status }),
  loader: ({ deps, context: { queryClient } }) => {
    void queryClient.prefetchQuery(callbacksQuery(deps));
  },
  head: () => pageTitle('Callback requests | Admin dashboard'),
  component: CallbacksTab,
});
