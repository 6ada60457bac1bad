import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageHead } from '../components/page';
import { QuoteStep3Page } from '../features/quote/step3-page';
import { isPrerendering } from '../lib/hydration';

const REFERENCE = /^QR-[0-9A-Z]{8}$/;

export const Route = createFileRoute('/request-quote-step3')({
  // `cancelled`: back from the card provider's page without paying (docs/product.md#paying-online).
  validateSearch: (search: Record<string, unknown>): { reference?: string | undefined; cancelled?: boolean | undefined } => ({
    reference: typeof search['reference'] === 'string' && REFERENCE.test(search['reference']) ? search['reference'] : undefined,
    cancelled: search['cancelled'] === 1 || search['cancelled'] === '1' || search['cancelled'] === true ? true : undefined,
  }),
  // Nothing was submitted (no reference): the wizard starts at step 1. The build prerenders the page without one.
  beforeLoad: ({ search }) => {
    if (!isPrerendering() && !search.reference) throw redirect({ to: '/request-quote-step1', replace: true });
  },
  head: () => pageHead('Your price', 'The answer to your quote request: your price, or what happens next.'),
  component: function Step3() {
    const { reference, cancelled } = Route.useSearch();
    return <QuoteStep3Page reference={reference ?? ''} cancelled={cancelled === true} />;
  },
});
