import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { TwoFactorPage } from '../features/account/two-factor-page';
import { requireSession } from '../lib/guards';

// Setting up the staff second factor (docs/product.md#second-factor-for-staff); the owner's rule sends staff here.
export const Route = createFileRoute('/account_/two-factor')({
  beforeLoad: () => ({ session: requireSession() }),
  head: () => pageTitle('Second factor'),
  component: TwoFactorPage,
});
