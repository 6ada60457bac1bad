// The dashboard's "Need Help" (docs/product.md#dashboard): four contact panels (claims, policy questions, payments, quotes), each
// with an e-mail address and a phone number, and a button to the full support page. Facts from brand.ts.
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { brand } from '@server/contract/brand';
import { buttonClass } from '../../components/button';
import { ContactPanels } from '../../components/contact-panels';

const PANELS = [
  { id: 'claims', title: 'Claims', text: 'Report an accident, damage or theft, 24 hours a day.', email: brand.emails.claims, phone: brand.phones.claims },
  { id: 'policies', title: 'Policy questions', text: 'Your cover, changes and documents.', email: brand.emails.policies, phone: brand.phones.support },
  { id: 'payments', title: 'Payments', text: 'Payments, refunds and receipts.', email: brand.emails.payments, phone: brand.phones.support },
  { id: 'quotes', title: 'Quotes', text: 'A new quote or help choosing cover.', email: brand.emails.quotes, phone: brand.phones.support },
] as const;

export const NeedHelp = memo(function NeedHelp() {
  return (
    <section aria-labelledby="need-help" className="mt-12">
      <h2 id="need-help" className="text-2xl font-bold text-brand-700">
        Need Help?
      </h2>
      <ContactPanels panels={PANELS} />
      <p className="mt-6">
        <Link to="/support" className={buttonClass('secondary', 'w-full sm:w-auto')}>
          Visit the support page
        </Link>
      </p>
    </section>
  );
});
