import { PageHeading } from '../../components/page';

export function TermsPage() {
  return <PageHeading title="Terms of Service" />;
}
