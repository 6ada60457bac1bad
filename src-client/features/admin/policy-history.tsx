// A policy's history under its Edit Policy form (docs/product.md#policy-history): each change, newest first, with
// who made it, when, and each field's old and new value.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatTimestamp } from './format';
import { policyHistoryQuery } from './queries';

export function PolicyHistory({ id }: { id: number }) {
  const history = useQuery(policyHistoryQuery(id));
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-lg font-bold text-ink">
        History
      </h3>
      {history.isPending ? (
        <p role="status" className="mt-2 text-ink-muted">
          Loading the history...
        </p>
      ) : history.isError ? (
        <p role="alert" className="mt-2">
          Could not load the history: {history.error.message}
        </p>
      ) : history.data.length === 0 ? (
        <p className="mt-2 text-ink-muted">No changes recorded.</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {history.data.map((v) => (
            <li key={v.id}>
              <p className="text-sm text-ink-muted">
                <time dateTime={v.timestamp}>{formatTimestamp(v.timestamp)}</time> by {v.username}
                {v.reason ? ` (${v.reason})` : ''}
              </p>
              <ul className="list-disc pl-5">
                {v.changes.map((c) => (
                  <li key={c.field} className="break-words">
                    {c.field}: {c.from ?? 'none'} → {c.to ?? 'none'}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
