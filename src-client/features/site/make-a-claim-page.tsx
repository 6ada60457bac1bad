// docs/product.md#make-a-claim-placeholder: /make-a-claim shows only the text 'Make a Claim page coming soon'.
import { PageHeading } from '../../components/page';

export function MakeAClaimPage() {
  return <PageHeading title="Make a Claim page coming soon" />;
}
