// The customer's own quote requests (docs/product.md#dashboard), always with a way to ask for another, so a
// customer with no policies yet is never at a dead end.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatPounds } from '@server/contract/pounds';
import { productLabels } from '@server/contract/products';
import { ukInstantText } from '@server/contract/time';
import type { MyQuoteRequestView } from '@server/contract/views';
import { buttonClass } from '../../components/button';
import { myQuotesQuery } from './queries';

/** What a request's status means to the customer. */
function standing(q: MyQuoteRequestView, now: number): string {
  if (q.policyNumber) return `Policy ${q.policyNumber} issued`;
  switch (q.status) {
    case 'new':
      return 'Received: a specialist will contact you within 24 hours';
    case 'contacted':
      return 'We have been in touch';
    case 'quoted':
      if (!q.offer) return 'Quote sent';
      return Date.parse(q.offer.validUntil) > now
        ? `Quote: ${formatPounds(q.offer.premium)}, valid until ${ukInstantText(Date.parse(q.offer.validUntil))}. Call us with the reference to accept.`
        : `Quote of ${formatPounds(q.offer.premium)} expired ${ukInstantText(Date.parse(q.offer.validUntil))}: ask us for a new one`;
    case 'closed':
      return 'Closed';
  }
}

export function QuoteRequests({ now }: { now: number }) {
  const query = useQuery(myQuotesQuery());
  const requests = query.data ?? [];
  return (
    <section aria-labelledby="quote-requests" className="mt-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quote-requests" className="text-2xl font-bold text-brand-700">
          Your quote requests
        </h2>
        <Link to="/request-quote-step1" className={buttonClass('primary')}>
          Get a quote
        </Link>
      </div>
      {query.isError ? (
        <p className="mt-4 text-ink-muted">Your quote requests cannot be shown just now.</p>
      ) : query.isPending ? (
        <p className="mt-4 text-ink-muted">Loading quote requests...</p>
      ) : requests.length === 0 ? (
        <p className="mt-4 text-ink-muted">You have no quote requests. Ask for a quote and a specialist will contact you within 24 hours.</p>
      ) : (
        <ul className="mt-4 divide-y divide-brand-100 rounded-lg border border-brand-100 bg-white">
          {requests.map((q) => (
            <li key={q.reference} className="p-4 sm:p-5">
              <p className="font-mono text-lg font-bold text-ink">{q.reference}</p>
              <p className="text-ink-muted">
                {q.product ? `${productLabels[q.product]}, asked ` : 'Asked '}
                {ukInstantText(Date.parse(q.createdAt))}
              </p>
              <p className="mt-1 font-semibold text-ink">{standing(q, now)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
