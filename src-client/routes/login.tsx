import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { LoginPage } from '../features/account/login-page';

export const Route = createFileRoute('/login')({
  head: () => pageTitle('Login'),
  component: LoginPage,
});
