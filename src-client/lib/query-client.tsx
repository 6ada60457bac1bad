// The one TanStack Query client of the app, loaded with the routes that read server data (their loaders
// import it; their components render inside <QueryScope>), never by the public pages' first load.
// Every cached answer is personal to whoever is signed in, so a change of session (sign-in, sign-out,
// another tab) empties it: nobody sees the previous person's data.
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
