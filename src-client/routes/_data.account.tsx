import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { AccountPage } from '../features/account/account-page';
import { requireSession } from '../lib/guards';

export const Route = createFileRoute('/_data/account')({
  beforeLoad: () => ({ session: requireSession() }),
  head: () => pageTitle('Your account'),
  component: AccountPage,
});
