import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { LoginPage } from '../features/account/login-page';
import { homePathOf } from '../lib/guards';
import { returnPathOf, validateLoginSearch } from '../lib/return-path';
import { readSession } from '../lib/session';

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  // Someone already signed in goes where the link was taking them, else to their home page
  // (docs/product.md#login). The redirect replaces the entry, so Back skips the form.
  beforeLoad: ({ search }) => {
    const session = readSession();
    if (!session) return;
    const next = returnPathOf(search.next);
    if (next) throw redirect({ href: next, replace: true });
    throw redirect({ to: homePathOf(session), replace: true });
  },
  head: () => pageHead('Login', 'Sign in to your Kerbside Cover account to see your policies and open your certificates, even offline.'),
  component: LoginPage,
});
