// /verify/$code (docs/product.md#verification): read at a glance on a phone held up to a car window; nothing
// personal beyond the policyholder's initials.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { productLabels } from '@server/contract/products';
import { ukInstantText } from '@server/contract/time';
import type { VerificationView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { Button, textLinkClass } from '../../components/button';
import { failureOf } from '../../lib/call-errors';
import { verificationQuery } from './verify-queries';

const VERDICT: Record<VerificationView['status'], { className: string; text: (v: VerificationView) => string }> = {
  covered: { className: 'border-green-700 bg-green-50 text-green-900', text: () => 'Covered now' },
  starts: { className: 'border-amber-700 bg-amber-50 text-amber-900', text: (v) => `Cover starts ${v.startsAt}` },
  // A void policy was set up in error: the code is real, the cover never was (docs/product.md#cancelling-and-voiding).
  'not-covered': { className: 'border-red-700 bg-red-50 text-red-900', text: (v) => (v.voided ? 'Not covered: void' : 'Not covered') },
};

export function VerifyPage({ code }: { code: string }) {
  const query = useQuery(verificationQuery(code));

  if (query.isPending) {
    return (
      <p role="status" className="text-xl text-ink-muted">
        Checking the certificate…
      </p>
    );
  }
  if (query.isError) {
    const failure = failureOf(query.error);
    return (
      <div className="max-w-xl space-y-4">
        <Alert tone="error" title={failure.status === 404 ? 'No certificate found for this code' : 'We could not check this code just now'}>
          <p>
            {failure.status === 404
              ? 'Check the code against the one printed under the QR code on the certificate.'
              : failure.kind === 'network'
                ? 'There is no connection. Try again when you have a signal.'
                : failure.message}
          </p>
        </Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
        <p>
          <Link to="/verify" className={textLinkClass}>
            Enter a code by hand
          </Link>
        </p>
      </div>
    );
  }

  const v = query.data;
  const verdict = VERDICT[v.status];
  return (
    <div className="max-w-xl">
      <div role="status" className={`rounded-xl border-l-8 p-6 ${verdict.className}`}>
        <p className="text-sm font-semibold tracking-wide uppercase">Certificate check</p>
        <p className="mt-1 text-4xl font-bold sm:text-5xl" data-testid="verdict">
          {verdict.text(v)}
        </p>
        {v.voided ? <p className="mt-2 text-lg">Void: set up in error, never in force.</p> : null}
        <p className="mt-2 text-sm">Checked {ukInstantText(query.dataUpdatedAt)}</p>
      </div>
      <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-4 text-lg sm:grid-cols-2">
        <Fact term="Registration" value={v.registration ?? 'Not recorded'} />
        <Fact term="Vehicle" value={v.vehicle} />
        <Fact term="Cover" value={productLabels[v.product]} />
        <Fact term="Policyholder" value={v.holderInitials} />
        <Fact term="Starts" value={v.startsAt} />
        <Fact term="Ends" value={v.endsAt} />
      </dl>
      <Button variant="secondary" className="mt-6" onClick={() => void query.refetch()} disabled={query.isFetching}>
        {query.isFetching ? 'Checking…' : 'Check again'}
      </Button>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-ink-muted">{term}</dt>
      <dd className="text-xl font-semibold break-words text-ink">{value}</dd>
    </div>
  );
}
