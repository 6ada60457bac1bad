// The account page's lists read from the server (where it is signed in, its passkeys): 'Loading...' while the list
// comes, why it did not if the read failed, else the list; and how they say when something happened.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../components/alert';
import { failureOf } from '../../lib/call-errors';

/** '2 Jul 2026, 13:00', UK time. */
export const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

export function LoadedList<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    return (
      <Alert tone="error" title="The list could not be loaded">
        <p>{failureOf(query.error).message}</p>
      </Alert>
    );
  }
  return children(query.data);
}
