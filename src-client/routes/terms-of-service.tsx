import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { TermsPage } from '../features/site/terms-page';

export const Route = createFileRoute('/terms-of-service')({
  head: () => pageTitle('Terms of Service'),
  component: TermsPage,
});
