// /request-quote-step3 (docs/product.md#step-3-your-price): the answer to the request just sent, read back from the
// tab's stored state so a reload or a return from the purchase's steps shows it again. A price (with 'Buy now'), a
// referral to a specialist, or a decline with its reason and the phone number. A reference this tab did not send
// (an old tab, a link) shows the reference and what happens next.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { brand, brandTelHref } from '@server/contract/brand';
import { pricingMessages, pricingOutcome } from '@server/contract/pricing';
import { quoteMessages } from '@server/contract/quote';
import { buttonClass, textLinkClass } from '../../components/button';
import { PricedQuote } from './priced-quote';
import { StepHeading } from '../../components/purchase/step-heading';
import { QuoteProgress } from './quote-progress';
import { submittedQuote } from './quote-draft';

const NEXT_STEPS = [
  { title: 'Specialist review', text: 'A specialist reviews your details personally.' },
  { title: 'We contact you within 24 hours', text: 'By e-mail or phone, with your quote or any questions we have.' },
  { title: 'Confirmation e-mail', text: 'A confirmation with your reference is on its way to your inbox.' },
  { title: 'Updates by e-mail', text: quoteMessages.updatesByEmail },
] as const;

export function QuoteStep3Page({ reference, cancelled = false }: { reference: string; cancelled?: boolean }) {
  const stored = submittedQuote(reference);
  const parsed = pricingOutcome.safeParse(stored?.outcome);
  const outcome = parsed.success ? parsed.data : null;
  if (stored && outcome?.decision === 'priced') {
    return (
      <Frame>
        <PricedQuote reference={reference} price={outcome} answers={stored.answers} cancelled={cancelled} />
      </Frame>
    );
  }
  if (outcome?.decision === 'declined') {
    return (
      <Frame>
        <StepHeading level="h1">{pricingMessages.declined}</StepHeading>
        <p className="mt-3 text-lg">{outcome.reason}</p>
        <p className="mt-3">
          {pricingMessages.declinedCall} Call{' '}
          <a href={brandTelHref(outcome.phone)} className={textLinkClass}>
            {outcome.phone}
          </a>{' '}
          ({brand.openingHours}), quoting <strong className="font-mono">{reference}</strong>.
        </p>
        <HomeLink />
      </Frame>
    );
  }
  return (
    <Frame>
      <StepHeading level="h1">{outcome?.decision === 'referred' ? pricingMessages.referred : quoteMessages.submitted}</StepHeading>
      <p className="mt-3 text-lg">
        Your reference is <strong className="font-mono">{reference}</strong>. Please quote it if you contact us.
      </p>
      {outcome?.decision === 'referred' ? <p className="mt-3">{pricingMessages.referredDetail}</p> : null}
      <section aria-labelledby="next-steps" className="mt-8">
        <h2 id="next-steps" className="text-2xl font-bold text-brand-700">
          What happens next
        </h2>
        <ol className="mt-4 space-y-4">
          {NEXT_STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-4">
              <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                {i + 1}
              </span>
              <div>
                <p className="font-semibold text-ink">{step.title}</p>
                <p className="text-ink-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <p className="mt-8">
        Need us sooner? Call{' '}
        <a href={brandTelHref(brand.phones.support)} className={textLinkClass}>
          {brand.phones.support}
        </a>{' '}
        ({brand.openingHours}).
      </p>
      <HomeLink />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-2xl">
      <QuoteProgress step={3} />
      {children}
    </div>
  );
}

function HomeLink() {
  return (
    <Link to="/" className={buttonClass('secondary', 'mt-6')}>
      Back to the home page
    </Link>
  );
}
