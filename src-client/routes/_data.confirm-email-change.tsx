import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { ConfirmEmailChangePage } from '../features/account/confirm-email-change-page';

export const Route = createFileRoute('/_data/confirm-email-change')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token: typeof search['token'] === 'string' && search['token'] !== '' ? search['token'] : undefined,
  }),
  head: () => pageTitle('Confirm your new e-mail address'),
  component: ConfirmEmailChangePage,
});
