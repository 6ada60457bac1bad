import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageTitle } from '../../components/page';
import { ratesQuery } from '../../features/admin/queries';
import { RatesTab } from '../../features/admin/rates-tab';

// The owner's rate versions (docs/product.md#rates): an admin who is not an owner is sent to the overview, as the
// server refuses them the rates (403).
export const Route = createFileRoute('/_data/admin/rates')({
  beforeLoad: ({ context }) => {
    if (!context.session.user.isOwner) throw redirect({ to: '/admin', replace: true });
  },
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(ratesQuery());
  },
  head: () => pageTitle('Rates | Admin dashboard'),
  component: RatesTab,
});
