// The app's one TanStack Query client, never in the public pages' first load. Every cached answer is personal, so
// a change of person empties it; a session renewed for the same person (a password change's new token) keeps it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onSessionChange, readSession } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000 },
  },
});

let cachedFor = readSession()?.user.id ?? null;
onSessionChange(() => {
  const person = readSession()?.user.id ?? null;
  if (person === cachedFor && person !== null) return;
  cachedFor = person;
  queryClient.clear();
});

/**
 * The app's query client around what reads through it: the data pages, drawn in it by their layout (routes/_data.tsx),
 * and the two parts of public pages that load on demand for a signed-in person (the claim report, the renewal's
 * fill), which a public page's layout cannot give it without loading it with every public page.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
