import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { hasPersonalDetails } from '../features/quote/quote-draft';
import { isPrerendering } from '../lib/hydration';
import { QuoteStep2Page } from '../features/quote/step2-page';

export const Route = createFileRoute('/request-quote-step2')({
  // docs/product.md#step-2-your-vehicle: step 2 without step-1 data goes back to step 1. The build prerenders the
  // empty form (there is no visitor then); a visitor without step-1 data is sent back before it hydrates.
  beforeLoad: () => {
    if (!isPrerendering() && !hasPersonalDetails()) throw redirect({ to: '/request-quote-step1', replace: true });
  },
  head: () => pageHead('Your Vehicle', 'Ask for a temporary car insurance quote: tell us about the vehicle and when the cover should start.'),
  component: QuoteStep2Page,
});
