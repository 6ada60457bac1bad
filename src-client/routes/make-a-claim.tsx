import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { MakeAClaimPage } from '../features/site/make-a-claim-page';

export const Route = createFileRoute('/make-a-claim')({
  head: () => pageHead('Make a Claim', 'Start a claim on your Kerbside Cover policy: what to have ready and how our claims team helps you.'),
  component: MakeAClaimPage,
});
