// Step 3's price (docs/product.md#step-3-your-price): the total with the tax inside it, what it covers, until when it
// stands and the time left, then 'Buy now', which carries the purchase on below it without leaving the page. A price
// past its time offers 'Price again', which sends the same answers and shows the new answer.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { brand, brandTelHref } from '@server/contract/brand';
import { durationText, durationUnits, type DurationUnit } from '@server/contract/durations';
import { timeLeftText } from '@server/contract/offer';
import { formatPounds } from '@server/contract/pounds';
import type { PricingOutcome } from '@server/contract/pricing';
import { productLabels, products, type Product } from '@server/contract/products';
import { normaliseRegistration } from '@server/contract/quote';
import { epochToUkLocal, ukInstantText, ukLocalToEpoch } from '@server/contract/time';
import { Alert } from '../../components/alert';
import { Button, textLinkClass } from '../../components/button';
import { Purchase } from '../../components/purchase/purchase';
import { failureOf } from '../../lib/call-errors';
import { trpcClient } from '../../lib/trpc';
import { useNow } from '../../lib/use-now';
import { saveSubmittedQuote } from './quote-draft';
import { StepHeading } from '../../components/purchase/step-heading';

type Priced = Extract<PricingOutcome, { decision: 'priced' }>;

/** What quotes.submit takes: the answers are sent again exactly as they were the first time. */
type QuoteAnswers = Parameters<typeof trpcClient.quotes.submit.mutate>[0];

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** What the price covers, from the answers sent: the product, the vehicle, the start (UK time) and the length. */
function coverFacts(answers: Record<string, unknown>): { label: string; text: string }[] {
  const facts: { label: string; text: string }[] = [];
  const product = text(answers['product']);
  if ((products as readonly string[]).includes(product)) facts.push({ label: 'Cover', text: productLabels[product as Product] });
  const reg = normaliseRegistration(text(answers['regNumber']));
  if (reg) facts.push({ label: 'Vehicle registration', text: reg });
  const [d, m, y, time] = ['policyStartDay', 'policyStartMonth', 'policyStartYear', 'policyStartTime'].map((k) => text(answers[k]));
  if (d && m && y && time) {
    const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
    const at = ukLocalToEpoch(date, time);
    if (Number.isFinite(at)) facts.push({ label: 'Starts', text: ukInstantText(at) });
  }
  const value = Number(text(answers['durationValue']));
  const unit = text(answers['durationUnit']);
  if (Number.isInteger(value) && value > 0 && (durationUnits as readonly string[]).includes(unit)) facts.push({ label: 'Length', text: durationText({ value, unit: unit as DurationUnit }) });
  return facts;
}

export function PricedQuote({ reference, price, answers, cancelled }: { reference: string; price: Priced; answers: Record<string, unknown>; cancelled: boolean }) {
  const now = useNow();
  const navigate = useNavigate();
  const [pricing, setPricing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const until = Date.parse(price.validUntil);
  const left = timeLeftText(until, now);
  const email = text(answers['email']);

  async function priceAgain() {
    setPricing(true);
    setProblem(null);
    try {
      const receipt = await trpcClient.quotes.submit.mutate(answers as QuoteAnswers);
      saveSubmittedQuote({ reference: receipt.reference, outcome: receipt.outcome, answers });
      await navigate({ to: '/request-quote-step3', search: { reference: receipt.reference }, replace: true });
    } catch (err) {
      setProblem(`Your answers could not be priced again: ${failureOf(err).message}`);
    } finally {
      setPricing(false);
    }
  }

  return (
    <>
      <StepHeading level="h1">Your price</StepHeading>
      <p className="mt-2 text-ink-muted">
        Reference <strong className="font-mono text-ink">{reference}</strong>
      </p>
      {cancelled ? (
        <div className="mt-4">
          <Alert tone="info">The payment was cancelled: nothing was taken. You can pay again while the price stands.</Alert>
        </div>
      ) : null}
      <p className="mt-4 text-5xl font-bold text-brand-700" data-testid="instant-price">
        {formatPounds(price.premium)}
      </p>
      <p className="mt-1 text-ink">
        includes {formatPounds(price.ipt)} Insurance Premium Tax at {price.iptPercent}%
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {coverFacts(answers).map((f) => (
          <div key={f.label} className="contents">
            <dt className="font-semibold">{f.label}</dt>
            <dd className="min-w-0 break-words">{f.text}</dd>
          </div>
        ))}
      </dl>
      {left ? (
        <>
          <p className="mt-4 font-semibold">
            Price valid until {epochToUkLocal(until).time} <span className="font-normal text-ink-muted">({left} left)</span>
          </p>
          {price.payOnline ? null : (
            <p className="mt-2">
              Payment is taken by phone after you accept: we call you, or call us on{' '}
              <a href={brandTelHref(brand.phones.support)} className={textLinkClass}>
                {brand.phones.support}
              </a>{' '}
              ({brand.openingHours}).
            </p>
          )}
          <Purchase reference={reference} requestEmail={email} premium={price.premium} payOnline={price.payOnline} onLapsed={priceAgain} />
        </>
      ) : (
        <div className="mt-6">
          <Alert tone="info" title="This price has lapsed">
            A price stands for 30 minutes. Your answers are kept: price them again on today&apos;s rates.
          </Alert>
          <Button className="mt-4" onClick={() => void priceAgain()} disabled={pricing} aria-busy={pricing || undefined}>
            {pricing ? 'Pricing...' : 'Price again'}
          </Button>
        </div>
      )}
      {problem ? (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </>
  );
}
