import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { QuoteStep2Page } from '../features/quote/step2-page';

export const Route = createFileRoute('/request-quote-step2')({
  head: () => pageTitle('Your Vehicle'),
  component: QuoteStep2Page,
});
