// /faq (docs/product.md#faq). Every contact detail comes from brand.ts; the documents and the ways to pay from the
// contract's own lists (contract/documents.ts, contract/payment-methods.ts), so the answers name what the product gives and takes.
import { Link } from '@tanstack/react-router';
import { brand, brandTelHref } from '@server/contract/brand';
import { documentKinds, documentTitles } from '@server/contract/documents';
import { customerPaymentMethods } from '@server/contract/payment-methods';
import { Accordion, paragraphs, TermList, type AccordionItem } from '../../components/accordion';
import { buttonClass, listClass as list, MailLink, TelLink, textLinkClass as link } from '../../components/button';
import { PageHeading } from '../../components/page';

/** 'a, b, c and d'. */
const listed = (items: readonly string[]): string => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

const QUESTIONS: ReadonlyArray<AccordionItem> = [
  {
    id: 'types-of-insurance',
    title: 'What types of insurance do you offer?',
    content: (
      <>
        <p>We arrange three kinds of short-term cover:</p>
        <TermList
          items={[
            ['Temporary car insurance', ' from 1 hour to 30 days, for drivers aged 18 to 75.'],
            ['Learner driver insurance', ' from 1 day to 5 months, for learners aged 17 to 50.'],
            ['Business use cover', ' for driving as part of your work.'],
          ]}
        />
        <p>
          Prices start from £19 per day or £58 per week. Most requests are priced at once from our insurer’s rates; a specialist prices the rest and replies within 24 hours.
        </p>
      </>
    ),
  },
  {
    id: 'making-a-claim',
    title: 'How do I make a claim?',
    content: (
      <>
        <p>
          Call our claims line on <TelLink phone={brand.phones.claims} />, open 24 hours a day, 7 days a week, as soon as you can after an
          incident, even if you’re not sure you want to claim.
        </p>
        <p>
          Our{' '}
          <Link to="/claims" className={link}>
            claims guide
          </Link>{' '}
          lists the details and documents to have ready.
        </p>
      </>
    ),
  },
  {
    id: 'contacting-support',
    title: 'How do I contact customer support?',
    content: (
      <>
        <p>
          Call <TelLink phone={brand.phones.support} /> or e-mail <MailLink email={brand.emails.support} />. Opening hours: {brand.openingHours}.
        </p>
        <p>
          You can also{' '}
          <Link to="/support" className={link}>
            ask us to call you back
          </Link>
          ; we’ll be in touch within 24 hours.
        </p>
      </>
    ),
  },
  {
    id: 'updating-a-policy',
    title: 'Can I update my policy?',
    content: (
      <>
        <p>
          Yes. Tell us before the change takes effect, for example a different car or registration, a new address or a correction to your
          details. E-mail <MailLink email={brand.emails.policies} /> with your policy number or call us.
        </p>
        <p>
          We’ll check the change with the insurer. It may change your price, and where it does we’ll tell you before anything is updated. You’ll
          get a new certificate if the details on it change.
        </p>
      </>
    ),
  },
  {
    id: 'where-are-the-terms',
    title: 'Where can I find the terms and conditions?',
    content: (
      <>
        <p>
          The terms of your cover are in your policy documents: your {listed(documentKinds.map((kind) => documentTitles[kind]))}. We e-mail them to
          you when your policy is set up, and again with your certificate once your cover is confirmed. They are also in your account, under{' '}
          <Link to="/dashboard" className={link}>
            My policies
          </Link>
          , to view or download at any time.
        </p>
        <p>
          Our own terms, for using this site and our service as a broker, are in our{' '}
          <Link to="/terms-of-service" className={link}>
            Terms of Service
          </Link>
          , and how we handle your personal data is in our{' '}
          <Link to="/privacy-policy" className={link}>
            Privacy Policy
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: 'payment-methods',
    title: 'What payment methods do you accept?',
    content: (
      <>
        <p>You pay once for the whole cover, after you accept your quote, by:</p>
        <ul className={list}>
          {Object.values(customerPaymentMethods).map((method) => (
            <li key={method}>{method}</li>
          ))}
        </ul>
        <p>
          We call you to take a card payment: we never ask for card numbers on this site. Cover starts only once your payment is received. For
          help with a payment, e-mail <MailLink email={brand.emails.payments} />.
        </p>
      </>
    ),
  },
  {
    id: 'cancelling',
    title: 'How do I cancel my policy?',
    content: (
      <>
        <p>
          Call or e-mail us with your policy number and tell us when you’d like cover to end. We’ll tell you about any refund before we cancel.
        </p>
        <p>
          Policies of a month or more usually come with a 14-day cooling-off period. Short-term policies of less than a month may not, so check
          before you buy. Read more under{' '}
          <Link to="/terms-of-service" hash="cancellation" className={link}>
            cancellation in our Terms of Service
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: 'multi-policy-discounts',
    title: 'Do you offer discounts for more than one policy?',
    content: paragraphs(
      'Sometimes. If you already hold a policy with us, or want to insure more than one car or driver, say so when you ask for a quote. Where ' +
        'an insurer offers a multi-policy discount we’ll include it, and your quote will show it. We can’t promise one on every policy.',
    ),
  },
];

export function FaqPage() {
  return (
    <>
      <PageHeading title="Frequently asked questions" lead="Quick answers about our cover, claims, payments and your policy." />
      <Accordion items={QUESTIONS} />
      <section aria-labelledby="faq-help" className="mt-10 rounded-xl bg-brand-50 p-6">
        <h2 id="faq-help" className="text-xl font-bold text-brand-700">
          Still have a question?
        </h2>
        <p className="mt-2 text-ink">Talk to our team. Opening hours: {brand.openingHours}.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/support" className={buttonClass('primary')}>
            Contact Support
          </Link>
          <a href={brandTelHref(brand.phones.support)} className={buttonClass('secondary')}>
            Call {brand.phones.support}
          </a>
        </div>
      </section>
    </>
  );
}
