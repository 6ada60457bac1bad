import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { hasPersonalDetails } from '../features/quote/quote-draft';
import { QuoteStep2Page } from '../features/quote/step2-page';

export const Route = createFileRoute('/request-quote-step2')({
  // docs/product.md#step-2-your-vehicle: step 2 without step-1 data goes back to step 1.
  beforeLoad: () => {
    if (!hasPersonalDetails()) throw redirect({ to: '/request-quote-step1', replace: true });
  },
  head: () => pageTitle('Your Vehicle'),
  component: QuoteStep2Page,
});
