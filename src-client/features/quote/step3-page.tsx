// /request-quote-step3 (docs/product.md#step-3-submitted): the request's reference and what happens next.
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { brand, brandTelHref } from '@server/contract/brand';
import { quoteMessages } from '@server/contract/quote';
import { buttonClass, textLinkClass } from '../../components/button';
import { QuoteProgress } from './quote-progress';

const NEXT_STEPS = [
  { title: 'Specialist review', text: 'A specialist reviews your details personally. There are no automated quotes.' },
  { title: 'We contact you within 24 hours', text: 'By e-mail or phone, with your quote or any questions we have.' },
  { title: 'Confirmation e-mail', text: 'A confirmation with your reference is on its way to your inbox.' },
  { title: 'Updates by e-mail', text: quoteMessages.updatesByEmail },
] as const;

export function QuoteStep3Page({ reference }: { reference: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form the keyboard was in is gone: the confirmation takes focus, so it is read out.
    headingRef.current?.focus();
  }, []);
  return (
    <div className="max-w-2xl">
      <QuoteProgress step={3} />
      <header className="mb-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-brand-700 sm:text-4xl">
          {quoteMessages.submitted}
        </h1>
        <p className="mt-3 text-lg">
          Your reference is <strong className="font-mono">{reference}</strong>. Please quote it if you contact us.
        </p>
      </header>
      <section aria-labelledby="next-steps">
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
      <Link to="/" className={buttonClass('secondary', 'mt-6')}>
        Back to the home page
      </Link>
    </div>
  );
}
