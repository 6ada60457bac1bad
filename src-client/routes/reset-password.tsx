import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { ResetPasswordPage } from '../features/account/reset-password-page';

export const Route = createFileRoute('/reset-password')({
  head: () => pageTitle('Set a new password'),
  component: ResetPasswordPage,
});
