import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { DashboardPage } from '../features/policies/dashboard-page';
import { impersonatedPoliciesQuery, myPoliciesQuery, myQuotesQuery } from '../features/policies/queries';
import { EARLY_DASHBOARD_QUERIES, earlyAnswersInHand } from '../boot/early-fetch';
import { requireSession } from '../lib/guards';
import { getImpersonateUserId, setImpersonateUserId } from '../lib/session';

export const Route = createFileRoute('/_data/dashboard')({
  // The loader and the page in one chunk: both are needed at once, and every request counts on a slow first
  // visit (docs/performance.md#the-dashboards-first-load).
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: () => {
    const session = requireSession();
    // A non-admin holding an impersonation id (left by another session) sees their own (docs/product.md#impersonation).
    if (getImpersonateUserId() !== null && !session.isAdmin) setImpersonateUserId(null);
    return { session, impersonateUserId: getImpersonateUserId() };
  },
  // Starts the fetch (or restore) while the page's code loads, not awaited: the page shows its own loading and
  // offline states; only when boot/early-fetch.ts's answers are in hand is the page drawn once, with the list.
  loader: async ({ context: { session, impersonateUserId, queryClient } }) => {
    if (impersonateUserId === null) {
      const inHand = earlyAnswersInHand(EARLY_DASHBOARD_QUERIES, session.token);
      const loads = [queryClient.prefetchQuery(myPoliciesQuery(session.user.id)), queryClient.prefetchQuery(myQuotesQuery())];
      if (inHand) await Promise.all(loads);
    }
    else void queryClient.prefetchQuery(impersonatedPoliciesQuery(impersonateUserId));
  },
  head: () => pageTitle('Your policies'),
  component: DashboardPage,
});
