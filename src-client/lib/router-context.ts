// What the router gives every route (TanStack Router's router context): the way to the app's query client. The client
// itself is loaded by the first route that needs it (routes/_data.tsx), never with the public pages' app: the public
// pages' app carries no query client or tRPC client (docs/performance.md#the-public-pages-first-load).
import type { QueryClient } from '@tanstack/react-query';

export interface RouterContext {
  loadQueryClient: () => Promise<QueryClient>;
}

export const routerContext: RouterContext = {
  loadQueryClient: () => import('./query-client').then((m) => m.queryClient),
};
