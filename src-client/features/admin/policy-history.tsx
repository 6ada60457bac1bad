// A policy's history under its Edit Policy form (docs/product.md#policy-history): each change, newest first, with
// who made it, when, and each field's old and new value.
import { useQuery } from '@tanstack/react-query';
import { DialogSection } from './dialog-section';
import { formatTimestamp, inConsoleTime } from './format';
import { policyHistoryQuery } from './queries';

export function PolicyHistory({ id }: { id: number }) {
  return (
    <DialogSection title="History" what="the history" query={useQuery(policyHistoryQuery(id))}>
      {(versions) =>
        versions.length === 0 ? (
          <p className="mt-2 text-ink-muted">No changes recorded.</p>
        ) : (
          <ol className="mt-2 space-y-3">
            {versions.map((v) => (
              <li key={v.id}>
                <p className="text-sm text-ink-muted">
                  <time dateTime={v.timestamp}>{formatTimestamp(v.timestamp)}</time> by {v.username}
                  {v.reason ? ` (${v.reason})` : ''}
                </p>
                <ul className="list-disc pl-5">
                  {v.changes.map((c) => (
                    <li key={c.field} className="break-words">
                      {c.field}: {inConsoleTime(c.from ?? 'none')} → {inConsoleTime(c.to ?? 'none')}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )
      }
    </DialogSection>
  );
}
