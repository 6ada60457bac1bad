import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { ClaimsPage } from '../features/site/claims-page';

export const Route = createFileRoute('/claims')({
  head: () => pageTitle('Make a claim'),
  component: ClaimsPage,
});
