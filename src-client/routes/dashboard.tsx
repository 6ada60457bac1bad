import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { impersonatedPoliciesQuery, myPoliciesQuery, myQuotesQuery } from '../features/dashboard/queries';
import { requireSession } from '../lib/guards';
import { getImpersonateUserId } from '../lib/session';
import { QueryScope, queryClient } from '../lib/query-client';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    const session = requireSession();
    const impersonateUserId = getImpersonateUserId();
    // Impersonation is for admins only; anyone else holding an id is sent to /login (docs/product.md#dashboard).
    if (impersonateUserId !== null && !session.isAdmin) throw redirect({ to: '/login' });
    return { session, impersonateUserId };
  },
  // Starts the fetch (or the restore of the device's copy) while the page's code loads: no waterfall. Not
  // awaited: the page shows its own loading and offline states.
  loader: ({ context: { session, impersonateUserId } }) => {
    if (impersonateUserId === null) {
      void queryClient.prefetchQuery(myPoliciesQuery(session.user.id));
      void queryClient.prefetchQuery(myQuotesQuery());
    }
    else void queryClient.prefetchQuery(impersonatedPoliciesQuery(impersonateUserId));
  },
  head: () => pageTitle('Your policies'),
  component: () => (
    <QueryScope>
      <DashboardPage />
    </QueryScope>
  ),
});
