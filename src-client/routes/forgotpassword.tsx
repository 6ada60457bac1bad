import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { ForgotPasswordPage } from '../features/account/forgot-password-page';

export const Route = createFileRoute('/forgotpassword')({
  head: () => pageTitle('Forgot your password'),
  component: ForgotPasswordPage,
});
