import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { requireSession } from '../lib/guards';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => ({ session: requireSession() }),
  head: () => pageTitle('Your policies'),
  component: DashboardPlaceholder,
});

// The policy dashboard is its own piece of work; this holds the route and its guard.
function DashboardPlaceholder() {
  const { session } = Route.useRouteContext();
  return (
    <section>
      <h1 className="text-3xl font-bold text-brand-700">Welcome, {session.user.username}</h1>
      <p className="mt-4 text-ink-muted">Your policies will appear here.</p>
    </section>
  );
}
