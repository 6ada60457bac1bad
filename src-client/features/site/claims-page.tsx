import { PageHeading } from '../../components/page';

export function ClaimsPage() {
  return <PageHeading title="Make a claim" />;
}
