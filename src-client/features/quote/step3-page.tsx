import { PageHeading } from '../../components/page';

export function QuoteStep3Page() {
  return <PageHeading title="Quote request submitted" />;
}
