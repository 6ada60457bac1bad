import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../components/page';
import { claimsQuery } from '../../features/admin/queries';
import { ClaimsTab } from '../../features/admin/queues';
import { listDepsOf, validateClaimSearch } from '../../features/admin/search';

// The Claims queue's tab (docs/product.md#staff-queues): its loader (a small chunk of its own) asks for the page while
// the component's code loads.
export const Route = createFileRoute('/_data/admin/claims')({
  validateSearch: validateClaimSearch,
  loaderDeps: ({ search }) => ({ ...listDepsOf(search), status: search.status }),
  loader: ({ deps, context: { queryClient } }) => {
    void queryClient.prefetchQuery(claimsQuery(deps));
  },
  head: () => pageTitle('Claims | Admin dashboard'),
  component: ClaimsTab,
});
