import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { ConsoleLayout } from '../features/admin/console-layout';
import { statsQuery } from '../features/admin/queries';
import { validateTermSearch } from '../features/admin/search';
import { requireAdminSession } from '../lib/guards';

// The console's frame. Loaders are split from the main chunk (vite.config.ts), keeping the tRPC client out of the
// public pages' first load; the statistics are asked for beside the open tab's list.
export const Route = createFileRoute('/_data/admin')({
  validateSearch: validateTermSearch,
  beforeLoad: () => ({ session: requireAdminSession() }),
  // Only when nothing is cached: a change that moves them invalidates them (mutations.ts).
  loader: ({ context: { queryClient } }) => {
    void queryClient.ensureQueryData(statsQuery()).catch(() => undefined);
  },
  head: () => pageTitle('Admin dashboard'),
  component: ConsoleLayout,
});
