import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { QuoteStep3Page } from '../features/quote/step3-page';

const REFERENCE = /^QR-[0-9A-Z]{8}$/;

export const Route = createFileRoute('/request-quote-step3')({
  validateSearch: (search: Record<string, unknown>): { reference?: string | undefined } => ({
    reference: typeof search['reference'] === 'string' && REFERENCE.test(search['reference']) ? search['reference'] : undefined,
  }),
  // Nothing was submitted (no reference): the wizard starts at step 1.
  beforeLoad: ({ search }) => {
    if (!search.reference) throw redirect({ to: '/request-quote-step1', replace: true });
  },
  head: () => pageTitle('Quote request submitted'),
  component: function Step3() {
    const { reference } = Route.useSearch();
    return <QuoteStep3Page reference={reference ?? ''} />;
  },
});
