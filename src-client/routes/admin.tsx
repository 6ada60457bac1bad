import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { requireAdminSession } from '../lib/guards';

export const Route = createFileRoute('/admin')({
  beforeLoad: () => ({ session: requireAdminSession() }),
  head: () => pageTitle('Admin dashboard'),
  component: AdminPlaceholder,
});

// The admin console is its own piece of work; this holds the route and its guard.
function AdminPlaceholder() {
  return (
    <section>
      <h1 className="text-3xl font-bold text-brand-700">Admin dashboard</h1>
      <p className="mt-4 text-ink-muted">The admin console will appear here.</p>
    </section>
  );
}
