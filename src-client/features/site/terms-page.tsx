// /terms-of-service (docs/product.md#legal-pages). The footer's "how to complain" link (#complaints) opens its
// section and the router scrolls to it. Company facts come from brand.ts.
import { Link } from '@tanstack/react-router';
import { brand, brandAddressOneLine } from '@server/contract/brand';
import { documentTitles } from '@server/contract/documents';
import { customerPaymentMethods } from '@server/contract/payment-methods';
import { paragraphs, type AccordionItem } from '../../components/accordion';
import { LegalDocument } from './legal-document';
import { listClass as list, MailLink, TelLink, textLinkClass as link } from '../../components/button';

const SECTIONS: ReadonlyArray<AccordionItem> = [
  {
    id: 'about-us',
    title: 'About us and our status as a broker',
    content: paragraphs(
      `This website is run by ${brand.legalName}, registered in England and Wales, company number ${brand.companyNumber}, at ` +
        `${brandAddressOneLine()}. ${brand.regulatorStatement}`,
      `We are an insurance broker, not an insurer. We arrange cover for you with insurers; the insurer, currently ${brand.insurerName}, ` +
        `underwrites your policy and pays valid claims under it. We work with a limited number of insurers rather than the whole market.`,
      'We are paid a commission by the insurer. If we charge a fee of our own, your quote will show it before you decide to buy.',
    ),
  },
  {
    id: 'using-the-site',
    title: 'Using this website',
    content: (
      <>
        <p>By using this website you agree to these terms. Please:</p>
        <ul className={list}>
          <li>give true and complete information in any form you send us;</li>
          <li>keep your account password private, and tell us straight away if you think someone else has used your account;</li>
          <li>don’t misuse the site, for example by trying to reach other people’s data or disrupting the service.</li>
        </ul>
        <p>
          The information on this site is general, not advice about your own needs. We work to keep the site available and accurate but can’t
          promise it will always be available or free of errors, and we may change it at any time.
        </p>
      </>
    ),
  },
  {
    id: 'quotes',
    title: 'Quotes',
    content: paragraphs(
      'Most quote requests are priced at once from our insurer’s rates, and a price stands for 30 minutes; a request the rates refer is priced by a person, who replies within 24 hours. Your quote is based on the ' +
        'information you give us and is valid for the time it states.',
      'A quote is not an offer of insurance. You are not covered until we have confirmed your policy in writing, your payment has been ' +
        'received and your certificate has been issued. Please don’t drive until then.',
    ),
  },
  {
    id: 'accurate-information',
    title: 'Your duty to give accurate information',
    content: paragraphs(
      'Under the Consumer Insurance (Disclosure and Representations) Act 2012 you must take reasonable care to answer our questions fully and ' +
        'accurately. Please check the details in your quote request and policy documents, and tell us at once if anything is wrong or changes.',
      'If the information you give is wrong or incomplete, the insurer may change your terms, refuse or reduce a claim, or cancel your policy. ' +
        'Giving false information on purpose is fraud.',
    ),
  },
  {
    id: 'policies-and-certificates',
    title: 'Policies and certificates',
    content: paragraphs(
      `When your cover is confirmed we send your policy documents: your ${documentTitles.certificate}, ${documentTitles.schedule}, ` +
        `${documentTitles['statement-of-fact']} and ${documentTitles.summary}. Your schedule and the product summary set out your cover ` +
        'and its limits; please read them, and check your Statement of Fact.',
      'Your certificates are in your account, where you can view and download them. If you install this site as an app, the certificates for ' +
        'your active policies can also be opened without a signal.',
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    content: paragraphs(
      `You can pay by ${Object.values(customerPaymentMethods).join(', or by ')}. Prices include Insurance Premium Tax at the current rate.`,
      'Cover starts only once your payment has been received. If a payment fails, the insurer may cancel your policy.',
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation',
    content: paragraphs(
      'Where it applies, you have a 14-day cooling-off period from the day your cover is confirmed or the day you receive your policy ' +
        'documents, whichever is later. If you cancel within it, you get your money back less the cost of any cover you have already had.',
      'Short-term policies that last less than one month may not have a cooling-off period, so please check before you buy. Outside a ' +
        'cooling-off period, any refund depends on the insurer’s terms set out in your policy documents, and we will tell you the ' +
        'amount before we cancel.',
      'To cancel, contact us with your policy number and the date you’d like cover to end. The insurer may also cancel a policy for a valid ' +
        'reason, as your policy documents explain.',
    ),
  },
  {
    id: 'claims',
    title: 'Claims',
    content: (
      <p>
        Report any incident as soon as you can on our 24/7 claims line,{' '}
        <TelLink phone={brand.phones.claims} label="Call the 24/7 claims line" />. The insurer decides claims under the terms of your policy, and we
        will help you through the process. Our{' '}
        <Link to="/claims" className={link}>
          claims guide
        </Link>{' '}
        explains the steps and what to have ready.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    content: (
      <>
        <p>If you’re unhappy with our service, please tell us so we can put it right. You can:</p>
        <ul className={list}>
          <li>
            e-mail <MailLink email={brand.emails.complaints} />;
          </li>
          <li>
            call <TelLink phone={brand.phones.support} label="Call customer support" />;
          </li>
          <li>write to us at {brandAddressOneLine()}.</li>
        </ul>
        <p>
          We will acknowledge your complaint promptly and send you a final response within {brand.complaints.finalResponseWeeks} weeks. If you
          are not happy with our final response, or we haven’t sent one within {brand.complaints.finalResponseWeeks} weeks, you can refer your
          complaint to the {brand.complaints.ombudsman}, free of charge, usually within six months of our final response:{' '}
          <a href="https://www.financial-ombudsman.org.uk/" className={link} rel="noopener noreferrer">
            visit the {brand.complaints.ombudsman} website
          </a>
          .
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    content: paragraphs(
      'We are responsible for loss you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care and ' +
        'skill. We are not responsible for loss that was not foreseeable, for business losses, or for paying claims, which is the insurer’s ' +
        'role under your policy.',
      'Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else the ' +
        'law does not allow us to limit. Your legal rights as a consumer are not affected.',
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    content: paragraphs(
      'These terms are governed by the law of England and Wales, and the courts of England and Wales may hear any dispute. If you live in ' +
        'Scotland or Northern Ireland, you may also bring proceedings in your local courts.',
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      lead={`The terms for using this website and the service ${brand.legalName} provides as your insurance broker.`}
      sections={SECTIONS}
    >
      <p className="mt-8 text-ink-muted">
        How we handle your personal data is explained in our{' '}
        <Link to="/privacy-policy" className={link}>
          Privacy Policy
        </Link>
        .
      </p>
    </LegalDocument>
  );
}
