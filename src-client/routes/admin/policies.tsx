import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../components/page';
import { policiesQuery } from '../../features/admin/queries';
import { PoliciesTab } from '../../features/admin/policies-tab';
import { listDepsOf, validatePageSearch } from '../../features/admin/search';
import { queryClient } from '../../lib/query-client';

// One tab of the console (docs/product.md#admin-console): its page and the console's search term are in the
// URL; the loader (its own small chunk) asks for that page while the component's code loads, and the
// component reads the same query.
export const Route = createFileRoute('/admin/policies')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => listDepsOf(search),
  loader: ({ deps }) => {
    void queryClient.prefetchQuery(policiesQuery(deps));
  },
  head: () => pageTitle('Policies | Admin dashboard'),
  component: PoliciesTab,
});
