import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { AccountPage } from '../features/account/account-page';
import { requireSession } from '../lib/guards';
import { QueryScope } from '../lib/query-client';

export const Route = createFileRoute('/account')({
  beforeLoad: () => ({ session: requireSession() }),
  head: () => pageTitle('Your account'),
  component: () => (
    <QueryScope>
      <AccountPage />
    </QueryScope>
  ),
});
