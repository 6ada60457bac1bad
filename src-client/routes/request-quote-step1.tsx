import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { QuoteStep1Page } from '../features/quote/step1-page';

export const Route = createFileRoute('/request-quote-step1')({
  head: () => pageTitle('Personal Details'),
  component: QuoteStep1Page,
});
