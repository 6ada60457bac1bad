// The app's one TanStack Query client, never in the public pages' first load. Every cached answer is personal, so
// a change of session empties it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onSessionChange } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000 },
  },
});

onSessionChange(() => queryClient.clear());

/** Gives a route's screen (and everything under it) the app's query client. */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
