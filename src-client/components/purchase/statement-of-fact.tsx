// The Statement of Fact (docs/product.md#accepting-a-quote): what the customer told us in the request, labelled as the
// wizard asked it, which they confirm before accepting a price, whether they accept it in the dashboard's dialog or
// buy it in the purchase.
import { useId } from 'react';

export interface Fact {
  label: string;
  text: string;
}

export function StatementOfFact({ facts }: { facts: readonly Fact[] }) {
  const factsId = useId();
  return (
    <>
      <h3 id={factsId} className="mt-4 font-bold text-ink">
        Statement of Fact
      </h3>
      <p className="mt-1 text-sm text-ink-muted">What you told us in your request. The price depends on it: if anything is wrong, call us before accepting.</p>
      <dl aria-labelledby={factsId} className="mt-2 rounded-md border border-slate-300 p-2 text-sm">
        {facts.map((f) => (
          // Half and half, row after row: a long question wraps in its half rather than squeezing its answer to a
          // letter a line on a 320 px phone.
          <div key={f.label} className="grid grid-cols-2 gap-x-3 py-0.5">
            <dt className="font-semibold break-words">{f.label}</dt>
            <dd className="min-w-0 break-words">{f.text}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The confirmation's words, the same wherever the Statement of Fact is confirmed. */
export const CONFIRM_FACTS_LABEL = 'I confirm that the answers above are true and complete';
