import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { AdminPage } from '../features/admin/admin-page';
import { validateAdminSearch } from '../features/admin/search';
import { requireAdminSession } from '../lib/guards';

// The component is split into its own chunk by the router plugin; validateSearch stays tiny (main chunk).
export const Route = createFileRoute('/admin')({
  validateSearch: validateAdminSearch,
  beforeLoad: () => ({ session: requireAdminSession() }),
  head: () => pageTitle('Admin dashboard'),
  component: AdminPage,
});
