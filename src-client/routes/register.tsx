import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { RegisterPage } from '../features/account/register-page';

export const Route = createFileRoute('/register')({
  head: () => pageTitle('Register'),
  component: RegisterPage,
});
