import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { MakeAClaimPage } from '../features/site/make-a-claim-page';

export const Route = createFileRoute('/make-a-claim')({
  head: () => pageTitle('Make a Claim'),
  component: MakeAClaimPage,
});
