import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { ForgotPasswordPage } from '../features/account/forgot-password-page';

export const Route = createFileRoute('/forgotpassword')({
  head: () => pageHead('Forgot your password', 'Forgotten your Kerbside Cover password? Ask for a link to set a new one.'),
  component: ForgotPasswordPage,
});
