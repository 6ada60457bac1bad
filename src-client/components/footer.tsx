// The footer (docs/product.md#shared-frame). Every fact comes from brand.ts.
import { Link } from '@tanstack/react-router';
import { brand, brandAddressOneLine } from '@server/contract/brand';
import { useFrameWidth } from '../lib/frame-width';
import { MailLink, TelLink, textLinkClass as linkClass } from './button';

const LINKS = [
  ['/terms-of-service', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/claims', 'Make a Claim'],
  ['/faq', 'FAQ'],
  ['/support', 'Contact Support'],
] as const;

export function Footer() {
  const width = useFrameWidth();
  return (
    <footer className="border-t border-brand-100 bg-brand-50">
      <div className={`mx-auto ${width} px-4 py-8 text-sm`}>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LINKS.map(([to, text]) => (
              <li key={to}>
                <Link to={to} className={linkClass}>
                  {text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 text-ink">{brand.regulatorStatement}</p>
        <p className="mt-2 text-ink-muted">
          Not happy with our service? Email <MailLink email={brand.emails.complaints} /> or call <TelLink phone={brand.phones.support} />.
          We send a final response within {brand.complaints.finalResponseWeeks} weeks; if you remain
          unhappy you can refer your complaint to the {brand.complaints.ombudsman}. See{' '}
          <Link to="/terms-of-service" hash="complaints" className={linkClass}>
            how to complain
          </Link>
          .
        </p>
        <p className="mt-2 text-ink-muted">
          {brand.legalName}, registered in England and Wales, company number {brand.companyNumber}. {brandAddressOneLine()}.
        </p>
      </div>
    </footer>
  );
}
