// The purchase's last step (docs/product.md#paying-online): the request, now the account's, read back with its
// Statement of Fact; the confirmation; then 'Pay £X.XX by card', which makes the policy and sends the browser to the
// card provider's page. Without a card provider the price is accepted and paid by phone
// (docs/product.md#accepting-a-quote). Every refusal shows beside the button; a lapsed price offers to price again.
import { useEffect, useState } from 'react';
import { brand } from '@server/contract/brand';
import { timeLeftText } from '@server/contract/offer';
import { acceptQuoteBody } from '@server/contract/payments';
import { formatPounds } from '@server/contract/pounds';
import type { MyQuoteRequestView } from '@server/contract/views';
import { Alert } from '../alert';
import { Button } from '../button';
import { CheckboxField } from '../field';
import { failureOf } from '../../lib/call-errors';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient } from '../../lib/trpc';
import type { PurchaseProps } from './purchase-props';
import { StepHeading } from './step-heading';
import { CONFIRM_FACTS_LABEL, StatementOfFact } from './statement-of-fact';

/** What happens after a price is accepted without a card provider. */
const BY_PHONE = `We will call you to take payment by phone (or call us on ${brand.phones.support}). Once it is paid, your policy is set up and your documents are e-mailed to you.`;

const isLapse = (text: string) => /lapsed/i.test(text);

export function PayStep({ reference, premium, payOnline, onLapsed }: PurchaseProps) {
  const [request, setRequest] = useState<MyQuoteRequestView | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const { register, errorOf, isSubmitting, message, submit } = useContractForm(acceptQuoteBody, {}, { reValidateMode: 'onSubmit', shouldFocusError: false });

  useEffect(() => {
    let live = true;
    trpcClient.quotes.mine
      .query()
      .then((mine) => live && setRequest(mine.find((q) => q.reference === reference) ?? null))
      .catch((err: unknown) => live && setProblem(`Your quote could not be read: ${failureOf(err).message}`));
    return () => {
      live = false;
    };
  }, [reference]);

  const onSubmit = submit(async () => {
    if (payOnline) {
      const { checkoutUrl } = await trpcClient.quotes.buy.mutate({ reference, confirm: true });
      window.location.assign(checkoutUrl);
      return;
    }
    await trpcClient.quotes.accept.mutate({ reference, confirm: true });
    setAccepted(true);
  });

  if (problem) return <p role="alert" className="font-semibold text-red-700">{problem}</p>;
  if (request === undefined) return <p className="text-ink-muted">Reading your quote...</p>;
  if (request === null) {
    return (
      <p role="alert" className="font-semibold text-red-700">
        Quote {reference} is not in this account. Call us on {brand.phones.support}, quoting it.
      </p>
    );
  }
  if (accepted || (!payOnline && request.offer?.acceptance)) {
    return (
      <Alert tone="success" title="Thank you: you have accepted this price.">
        {BY_PHONE}
      </Alert>
    );
  }
  const offer = request.offer;
  const stands = offer !== null && request.policyNumber === null && timeLeftText(Date.parse(offer.validUntil), Date.now()) !== null;
  const error = errorOf('confirm') ?? message?.text ?? (stands ? null : 'This price has lapsed.');
  const price = formatPounds(offer?.premium ?? premium);
  return (
    <>
      <StepHeading>Check your answers</StepHeading>
      <p className="mt-2">
        Price: <strong>{price}</strong> (Insurance Premium Tax included).
      </p>
      <StatementOfFact facts={request.statementOfFact ?? []} />
      <form noValidate onSubmit={onSubmit} className="mt-4">
        <CheckboxField label={CONFIRM_FACTS_LABEL} aria-invalid={errorOf('confirm') ? true : undefined} {...register('confirm')} />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isSubmitting || !stands} aria-busy={isSubmitting || undefined} aria-describedby={error ? `${reference}-pay-error` : undefined}>
            {isSubmitting ? 'Please wait...' : payOnline ? `Pay ${price} by card` : 'Accept'}
          </Button>
          {error ? (
            <p id={`${reference}-pay-error`} role="alert" className="font-semibold text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        {error && isLapse(error) ? (
          onLapsed ? (
            <Button variant="secondary" className="mt-3" onClick={onLapsed}>
              Price again
            </Button>
          ) : (
            <p className="mt-2">Ask for a new price: call us on {brand.phones.support}, quoting {reference}.</p>
          )
        ) : null}
        {payOnline ? <p className="mt-3 text-sm text-ink-muted">You pay on our card provider&apos;s secure page. We never see your card number.</p> : null}
      </form>
    </>
  );
}
