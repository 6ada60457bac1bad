import { PageHeading } from '../../components/page';

export function QuoteStep1Page() {
  return <PageHeading title="Personal Details" />;
}
