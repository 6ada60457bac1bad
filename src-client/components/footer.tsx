// The footer (docs/product.md#shared-frame). Every fact comes from brand.ts.
import { Link } from '@tanstack/react-router';
import { brand, brandAddressOneLine, brandTelHref } from '@server/contract/brand';
import { textLinkClass as linkClass } from './button';

export function Footer() {
  return (
    <footer className="border-t border-brand-100 bg-brand-50">
      <div className="mx-auto max-w-5xl px-4 py-8 text-sm">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/claims" className={linkClass}>
                Make a Claim
              </Link>
            </li>
            <li>
              <Link to="/faq" className={linkClass}>
                FAQ
              </Link>
            </li>
            <li>
              <Link to="/support" className={linkClass}>
                Contact Support
              </Link>
            </li>
          </ul>
        </nav>
        <p className="mt-6 text-ink">{brand.regulatorStatement}</p>
        <p className="mt-2 text-ink-muted">
          Not happy with our service? Email{' '}
          <a href={`mailto:${brand.emails.complaints}`} className={linkClass}>
            {brand.emails.complaints}
          </a>{' '}
          or call{' '}
          <a href={brandTelHref(brand.phones.support)} className={linkClass}>
            {brand.phones.support}
          </a>
          . We send a final response within {brand.complaints.finalResponseWeeks} weeks; if you remain
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
