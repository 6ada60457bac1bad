import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { QuoteStep1Page } from '../features/quote/step1-page';

export const Route = createFileRoute('/request-quote-step1')({
  // ?renew=KC-… (docs/product.md#asking-for-more-cover), by a plain pattern: the route tree is in the first load,
  // which carries no zod. Always named (undefined when refused): the router lays validated values over the raw ones.
  validateSearch: (search: Record<string, unknown>): { renew?: string | undefined } => {
    const renew = typeof search['renew'] === 'string' ? search['renew'].trim().toUpperCase() : '';
    return { renew: /^[A-Z0-9-]{1,40}$/.test(renew) ? renew : undefined };
  },
  head: () => pageHead('Personal Details', 'Ask for a temporary car insurance quote: tell us about the main driver, and a specialist replies within 24 hours.'),
  component: QuoteStep1Page,
});
