import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { RegisterPage } from '../features/account/register-page';
import { redirectSignedIn } from '../lib/guards';

export const Route = createFileRoute('/register')({
  // Someone already signed in goes to their home page (docs/product.md#registration).
  beforeLoad: redirectSignedIn,
  head: () => pageTitle('Register'),
  component: RegisterPage,
});
