import { createFileRoute, Outlet } from '@tanstack/react-router';
import { QueryScope } from '../lib/query-client';

// The pages that read or write through TanStack Query (the dashboard, the account, the console, the links e-mailed
// to confirm an address, the certificate check), drawn inside the app's one query client. It comes through the
// router's context and loads with the first of these pages, so the public pages' app carries neither it nor the tRPC
// client (docs/performance.md#the-public-pages-first-load); the pages' loaders read `context.queryClient`, and this
// layout's component (split from the route, so loaded with the client) draws them in the one QueryScope.
export const Route = createFileRoute('/_data')({
  beforeLoad: async ({ context }) => ({ queryClient: await context.loadQueryClient() }),
  component: function DataPages() {
    return (
      <QueryScope>
        <Outlet />
      </QueryScope>
    );
  },
});
