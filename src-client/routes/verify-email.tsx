import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { VerifyEmailPage } from '../features/account/verify-email-page';
import { QueryScope } from '../lib/query-client';

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token: typeof search['token'] === 'string' && search['token'] !== '' ? search['token'] : undefined,
  }),
  head: () => pageTitle('Confirm your e-mail address'),
  // Confirming refreshes what the account's queries hold (the requests and policies that waited for the address).
  component: () => (
    <QueryScope>
      <VerifyEmailPage />
    </QueryScope>
  ),
});
