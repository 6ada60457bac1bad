// Where a request stands against the 24-hour promise (docs/product.md#staff-queues): overdue is marked by a warning
// sign and the words in bold, never by colour alone, and the words are spelt out for a screen reader.
import { useNow } from '../../lib/use-now';
import type { DueState } from './due';

/** "Due in" and "overdue by" are worked out again every half minute. */
const DUE_REFRESH_MS = 30_000;

export const useDueNow = () => useNow(DUE_REFRESH_MS);

/** 'Due in 3 h 20 min', 'Overdue by 1 d 2 h' after a warning sign, 'Quote sent', or 'Closed' when nothing is owed. */
export function DueText({ due }: { due: DueState | null }) {
  if (!due) return <span className="text-ink-muted">Closed</span>;
  const words = (
    <>
      <span aria-hidden="true">{due.text}</span>
      <span className="sr-only">{due.spoken}</span>
    </>
  );
  if (!due.overdue) return <span>{words}</span>;
  return (
    <span className="inline-flex items-center gap-1 font-bold text-red-800" data-overdue="true">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor">
        <path d="M10 1.5 19 18H1L10 1.5Zm-1 6v5h2v-5H9Zm0 6.5v2h2v-2H9Z" />
      </svg>
      {words}
    </span>
  );
}
