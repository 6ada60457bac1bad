import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../components/page';
import { policiesQuery } from '../../features/admin/queries';
import { PoliciesTab } from '../../features/admin/policies-tab';
import { listDepsOf, validatePageSearch } from '../../features/admin/search';

// A console tab: its loader (a small chunk of its own) asks for the page while the component's code loads.
export const Route = createFileRoute('/_data/admin/policies')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => listDepsOf(search),
  loader: ({ deps, context: { queryClient } }) => {
    void queryClient.prefetchQuery(policiesQuery(deps));
  },
  head: () => pageTitle('Policies | Admin dashboard'),
  component: PoliciesTab,
});
