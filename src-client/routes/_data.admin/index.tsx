import { createFileRoute, redirect } from '@tanstack/react-router';
import { Overview } from '../../features/admin/overview';
import { legacyTabOf } from '../../features/admin/search';

// /admin: the overview (quick actions). Links from before the tabs were routes (/admin?tab=users&page=2)
// go to the tab's own path (docs/product.md#admin-console).
export const Route = createFileRoute('/_data/admin/')({
  beforeLoad: ({ location }) => {
    const legacy = legacyTabOf(location.search);
    if (legacy) throw redirect({ to: `/admin/${legacy.tab}`, search: legacy.search, replace: true });
  },
  component: Overview,
});
