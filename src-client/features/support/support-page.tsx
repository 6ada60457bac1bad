import { PageHeading } from '../../components/page';

export function SupportPage() {
  return <PageHeading title="Contact us" />;
}
