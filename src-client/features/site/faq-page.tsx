import { PageHeading } from '../../components/page';

export function FaqPage() {
  return <PageHeading title="Frequently asked questions" />;
}
