import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { SupportPage } from '../features/support/support-page';

export const Route = createFileRoute('/support')({
  head: () => pageTitle('Contact us'),
  component: SupportPage,
});
