import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { WelcomePage } from '../features/account/welcome-page';

export const Route = createFileRoute('/welcome')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token: typeof search['token'] === 'string' && search['token'] !== '' ? search['token'] : undefined,
  }),
  head: () => pageTitle('Welcome'),
  component: WelcomePage,
});
