import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { VerifyEmailPage } from '../features/account/verify-email-page';

export const Route = createFileRoute('/_data/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token: typeof search['token'] === 'string' && search['token'] !== '' ? search['token'] : undefined,
  }),
  head: () => pageTitle('Confirm your e-mail address'),
  // Confirming refreshes what the account's queries hold (the requests and policies that waited for the address).
  component: VerifyEmailPage,
});
