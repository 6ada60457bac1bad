// SPEC.md §2 /dashboard "Need Help": four contact panels (claims, policy questions, payments, quotes), each
// with an e-mail address and a phone number, and a button to the full support page. Facts from brand.ts.
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { brand, brandTelHref } from '../../../src-server/contract/brand';
import { buttonClass, textLinkClass } from '../../components/button';

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
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {PANELS.map((p) => (
          <li key={p.id} className="rounded-lg border border-brand-100 bg-white p-5 shadow-sm" data-panel={p.id}>
            <h3 className="text-lg font-bold text-ink">{p.title}</h3>
            <p className="mt-1 text-ink-muted">{p.text}</p>
            <dl className="mt-3 space-y-1">
              <div className="flex flex-wrap gap-x-1.5">
                <dt className="font-semibold">Email:</dt>
                <dd className="max-w-full break-words">
                  <a href={`mailto:${p.email}`} className={textLinkClass}>
                    {p.email}
                  </a>
                </dd>
              </div>
              <div className="flex flex-wrap gap-x-1.5">
                <dt className="font-semibold">Phone:</dt>
                <dd>
                  <a href={brandTelHref(p.phone)} className={`${textLinkClass} whitespace-nowrap`}>
                    {p.phone}
                  </a>
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <Link to="/support" className={buttonClass('secondary', 'w-full sm:w-auto')}>
          Visit the support page
        </Link>
      </p>
    </section>
  );
});
