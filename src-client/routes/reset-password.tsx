import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { ResetPasswordPage } from '../features/account/reset-password-page';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token: typeof search['token'] === 'string' && search['token'] !== '' ? search['token'] : undefined,
  }),
  head: () => pageTitle('Set a new password'),
  component: ResetPasswordPage,
});
