// A section of a console dialog that reads its own data (a policy's payments, its history): a heading, then the data
// once loaded, with the same loading and failure lines everywhere.
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';

export function DialogSection<T>({
  title,
  what,
  query,
  children,
  after,
}: {
  title: string;
  /** What is loading, in the lines: 'the history'. */
  what: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** Shown whatever the query's state (a form of the section's own). */
  after?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-lg font-bold text-ink">
        {title}
      </h3>
      {query.isPending ? (
        <p role="status" className="mt-2 text-ink-muted">
          Loading {what}...
        </p>
      ) : query.isError ? (
        <p role="alert" className="mt-2">
          Could not load {what}: {query.error.message}
        </p>
      ) : (
        children(query.data)
      )}
      {after}
    </section>
  );
}
