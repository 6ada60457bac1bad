// /make-a-claim (docs/product.md#reporting-a-claim): the claim report replaces this placeholder.
import { PageHeading } from '../../components/page';

export function MakeAClaimPage() {
  return <PageHeading title="Make a Claim page coming soon" />;
}
