import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../components/page';
import { usersQuery } from '../../features/admin/queries';
import { UsersTab } from '../../features/admin/users-tab';
import { listDepsOf, validatePageSearch } from '../../features/admin/search';

// A console tab: its loader (a small chunk of its own) asks for the page while the component's code loads.
export const Route = createFileRoute('/_data/admin/users')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => listDepsOf(search),
  loader: ({ deps, context: { queryClient } }) => {
    void queryClient.prefetchQuery(usersQuery(deps));
  },
  head: () => pageTitle('Users | Admin dashboard'),
  component: UsersTab,
});
