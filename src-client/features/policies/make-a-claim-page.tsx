// /make-a-claim (docs/product.md#reporting-a-claim): the 24/7 claims line first, then the claim report for the person
// signed in, or a sign-in that comes back here. The report's code (the form, the outbox, the policy list) loads only
// for someone signed in: the page built for visitors (the line and the sign-in) carries none of it.
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { buttonClass } from '../../components/button';
import { ClaimsLine } from '../../components/claims-line';
import { PageHeading } from '../../components/page';
import { useSession } from '../../lib/session';

const ClaimReport = lazy(() => import('./claim-report').then((m) => ({ default: m.ClaimReport })));

export function MakeAClaimPage() {
  const session = useSession();
  return (
    <>
      <PageHeading title="Report a claim" lead="Tell us what happened. Your report is kept on this phone as you type, and sent when you have signal." />
      <ClaimsLine className="mb-8" />
      {session ? (
        <Suspense fallback={<p className="text-ink-muted">Loading the claim report...</p>}>
          <ClaimReport key={session.user.id} userId={session.user.id} />
        </Suspense>
      ) : (
        <section aria-labelledby="sign-in-title" className="rounded-xl border border-brand-100 p-6">
          <h2 id="sign-in-title" className="text-xl font-bold text-brand-700">
            Report it in the app
          </h2>
          <p className="mt-2 text-ink">Sign in to record what happened, with photos, even with no signal. Or call the claims line above.</p>
          <Link to="/login" search={{ next: '/make-a-claim' }} className={`${buttonClass('primary')} mt-4 w-full sm:w-auto`}>
            Sign in to report a claim
          </Link>
        </section>
      )}
    </>
  );
}
