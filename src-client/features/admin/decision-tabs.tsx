// The quote queue's decisions (docs/product.md#the-three-answers): how many requests the rates priced, referred and
// declined and how many of each were bought, and tabs narrowing the queue to one (?decision= in the URL, kept with
// the status and the search; a new choice starts again at page 1).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DecisionCountsView, QuoteDecision } from '@server/contract/views';
import { decisionCountsQuery } from './queries';
import { QUOTE_DECISIONS, type PageSearch, type QueueSearch, type TermSearch } from './search';

export const decisionLabels: Record<QuoteDecision, string> = { instant: 'Instant', referred: 'Referred', declined: 'Declined' };

/** A request's decision as its row and its dialog say it; requests from before the rates have none. */
export function decisionText(r: { decision: QuoteDecision | null; decisionRule: string | null; decisionReason: string | null; rateVersionId: number | null }): string {
  switch (r.decision) {
    case 'instant':
      return `Priced instantly on rate version ${r.rateVersionId ?? 'unknown'}`;
    case 'referred':
      return `Referred: ${r.decisionReason ?? 'no reason recorded'} (rule ${r.decisionRule ?? 'unknown'})`;
    case 'declined':
      return `Declined: ${r.decisionReason ?? 'no reason recorded'} (rule ${r.decisionRule ?? 'unknown'})`;
    default:
      return 'None: sent before the rates priced requests';
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function DecisionTabs({ value }: { value: QuoteDecision | undefined }) {
  const counts = useQuery(decisionCountsQuery()).data;
  const choices: { decision: QuoteDecision | undefined; label: string; count?: number | undefined }[] = [
    { decision: undefined, label: 'All' },
    ...QUOTE_DECISIONS.map((d) => ({ decision: d, label: decisionLabels[d], count: counts?.[d].requests })),
  ];
  return (
    <div className="mb-4 grid gap-3">
      {counts ? <DecisionFigures counts={counts} /> : null}
      <nav aria-label="Decision">
        <ul className="flex flex-wrap gap-2">
          {choices.map((c) => {
            const current = c.decision === value;
            return (
              <li key={c.label}>
                <Link
                  to="."
                  search={(prev: TermSearch & PageSearch & QueueSearch) => ({ ...prev, decision: c.decision, page: undefined })}
                  // The router marks a link current only when the whole search matches (not on page 2 of it): this one is.
                  activeOptions={{ exact: true, includeSearch: true }}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 font-semibold ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400 bg-white text-ink hover:border-brand-700'}`}
                >
                  {c.label}
                  {c.count === undefined ? null : <span className="ml-1">({c.count})</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

function DecisionFigures({ counts }: { counts: DecisionCountsView }) {
  return (
    <ul aria-label="Requests by decision" className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-muted">
      {QUOTE_DECISIONS.map((d) => (
        <li key={d}>
          <span className="font-semibold text-ink">{decisionLabels[d]}:</span> {plural(counts[d].requests, 'request')}, {counts[d].bought} bought
        </li>
      ))}
    </ul>
  );
}
