import { PageHeading } from '../../components/page';

export function QuoteStep2Page() {
  return <PageHeading title="Your Vehicle" />;
}
