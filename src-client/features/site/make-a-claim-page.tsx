import { PageHeading } from '../../components/page';

export function MakeAClaimPage() {
  return <PageHeading title="Make a Claim" />;
}
