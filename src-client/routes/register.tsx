import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { RegisterPage } from '../features/account/register-page';
import { redirectSignedIn } from '../lib/guards';

export const Route = createFileRoute('/register')({
  // Someone already signed in goes to their home page (docs/product.md#registration).
  beforeLoad: redirectSignedIn,
  head: () => pageHead('Register', 'Create a Kerbside Cover account to see your policies and certificates in one place.'),
  component: RegisterPage,
});
