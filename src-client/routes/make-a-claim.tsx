import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { MakeAClaimPage } from '../features/policies/make-a-claim-page';

export const Route = createFileRoute('/make-a-claim')({
  head: () => pageHead('Make a Claim', 'Report an accident, damage or theft on your Kerbside Cover policy, with photos, even with no signal: or call our 24/7 claims line.'),
  component: MakeAClaimPage,
});
