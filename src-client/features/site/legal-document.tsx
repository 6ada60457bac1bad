// What every legal page shows around its own sections, kept apart so neither page's chunk pulls in the other's text.
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { brand } from '@server/contract/brand';
import { Accordion, type AccordionItem } from '../../components/accordion';
import { MailLink, TelLink, textLinkClass as link } from '../../components/button';
import { PageHeading } from '../../components/page';

/** The dates both legal pages show (docs/product.md#legal-pages). */
const LEGAL_DATES = {
  effective: { iso: '2023-07-01', text: '1st July 2023' },
  updated: { iso: '2024-10-30', text: '30th October 2024' },
} as const;

/** A legal page: heading, details, then its numbered sections, the one a URL hash names (/privacy-policy#your-rights) open. */
export function LegalDocument(props: { title: string; lead: string; sections: ReadonlyArray<AccordionItem>; children?: ReactNode }) {
  const hashId = useLocation({ select: (l) => l.hash.replace(/^#/, '') });
  return (
    <>
      <PageHeading title={props.title} lead={props.lead} />
      <LegalDocumentDetails />
      <Accordion items={props.sections} defaultOpenId={hashId || undefined} />
      {props.children}
    </>
  );
}

/** Dates, registered address and support contact: shown on both legal pages, outside the accordion. */
function LegalDocumentDetails() {
  const a = brand.address;
  return (
    <div className="mb-8 grid gap-4 rounded-xl bg-brand-50 p-5 text-ink sm:grid-cols-3">
      <ul className="space-y-1">
        <li>
          <span className="font-semibold">Effective</span> <time dateTime={LEGAL_DATES.effective.iso}>{LEGAL_DATES.effective.text}</time>
        </li>
        <li>
          <span className="font-semibold">Last updated</span> <time dateTime={LEGAL_DATES.updated.iso}>{LEGAL_DATES.updated.text}</time>
        </li>
      </ul>
      <div>
        <p className="font-semibold">Registered address</p>
        <address className="not-italic">
          {brand.legalName}
          <br />
          {a.lines.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
          {a.town} {a.postcode}
          <br />
          {a.country}
        </address>
      </div>
      <div>
        <p className="font-semibold">Customer support</p>
        <p>
          <TelLink phone={brand.phones.support} label="Call customer support" />
        </p>
        <p>
          <MailLink email={brand.emails.support} className={`${link} break-all`} />
        </p>
      </div>
    </div>
  );
}
