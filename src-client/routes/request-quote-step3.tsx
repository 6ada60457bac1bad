import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { QuoteStep3Page } from '../features/quote/step3-page';

export const Route = createFileRoute('/request-quote-step3')({
  head: () => pageTitle('Quote request submitted'),
  component: QuoteStep3Page,
});
