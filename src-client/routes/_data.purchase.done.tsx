import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../components/page';
import { PurchaseDonePage } from '../features/policies/purchase-done-page';
import { requireSession } from '../lib/guards';

const POLICY = /^KC-[0-9A-Z]{4,20}$/;

// Where the card provider's page sends the customer back after paying (docs/product.md#paying-online).
export const Route = createFileRoute('/_data/purchase/done')({
  validateSearch: (search: Record<string, unknown>): { policy?: string | undefined } => ({
    policy: typeof search['policy'] === 'string' && POLICY.test(search['policy']) ? search['policy'] : undefined,
  }),
  beforeLoad: () => ({ session: requireSession() }),
  head: () => pageTitle('Confirming your cover'),
  component: PurchaseDonePage,
});
