import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { ClaimsPage } from '../features/site/claims-page';

export const Route = createFileRoute('/claims')({
  head: () => pageHead('Make a claim', 'How to make a claim on your Kerbside Cover policy: call our 24/7 claims line and have your policy number ready.'),
  component: ClaimsPage,
});
