import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../components/page';
import { logsQuery } from '../../features/admin/queries';
import { LogsTab } from '../../features/admin/logs-tab';
import { listDepsOf, validatePageSearch } from '../../features/admin/search';

// A console tab: its loader (a small chunk of its own) asks for the page while the component's code loads.
export const Route = createFileRoute('/_data/admin/logs')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => listDepsOf(search),
  loader: ({ deps, context: { queryClient } }) => {
    void queryClient.prefetchQuery(logsQuery(deps));
  },
  head: () => pageTitle('Audit log | Admin dashboard'),
  component: LogsTab,
});
