import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { requireSession } from '../lib/guards';
import { getImpersonateUserId } from '../lib/session';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    const session = requireSession();
    const impersonateUserId = getImpersonateUserId();
    // SPEC.md §6: impersonation is for admins only; anyone else holding an id is sent to /login.
    if (impersonateUserId !== null && !session.isAdmin) throw redirect({ to: '/login' });
    return { session, impersonateUserId };
  },
  head: () => pageTitle('Your policies'),
  component: DashboardPage,
});
