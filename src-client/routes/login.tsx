import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { LoginPage } from '../features/account/login-page';
import { redirectSignedIn } from '../lib/guards';

export const Route = createFileRoute('/login')({
  // Someone already signed in goes to their home page (docs/product.md#login).
  beforeLoad: redirectSignedIn,
  head: () => pageTitle('Login'),
  component: LoginPage,
});
