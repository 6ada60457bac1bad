// "Extend" on a live or upcoming policy's card (docs/product.md#extending-cover): how much more time, priced at once
// on the server from the answers the policy was bought on, then paid on the card provider's page. The price is never
// the browser's: it shows what the server answered and sends back only the extension's id.
import { useState } from 'react';
import { brand, brandTelHref } from '@server/contract/brand';
import { extensionBody, type ExtensionQuoteView } from '@server/contract/extension';
import { formatPounds } from '@server/contract/pounds';
import { pricingMessages } from '@server/contract/pricing';
import { quoteOptions } from '@server/contract/quote';
import { ukInstantText, ukLocalToEpoch } from '@server/contract/time';
import type { PolicyView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Modal } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';
import { useContractForm } from '../../lib/contract-form';
import { failureOf } from '../../lib/call-errors';
import { trpcClient } from '../../lib/trpc';

export function ExtendCover({ policy }: { policy: PolicyView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Extend: ${policy.policyNumber}`}>
        Extend
      </Button>
      {open ? <ExtendDialog policy={policy} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ExtendDialog({ policy, onClose }: { policy: PolicyView; onClose: () => void }) {
  const [quote, setQuote] = useState<ExtensionQuoteView | null>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const { field, isSubmitting, message, submit } = useContractForm(extensionBody, { durationValue: '1' as unknown as number, durationUnit: 'days' });
  const onSubmit = submit(async (values) => {
    setPayError(null);
    setQuote(await trpcClient.policies.priceExtension.mutate({ policyNumber: policy.policyNumber, ...values }));
  });
  const pay = async (extensionId: number) => {
    setPaying(true);
    setPayError(null);
    try {
      const { checkoutUrl } = await trpcClient.policies.buyExtension.mutate({ policyNumber: policy.policyNumber, id: extensionId });
      window.location.assign(checkoutUrl);
    } catch (err) {
      setPayError(failureOf(err).message);
      setPaying(false);
    }
  };
  const outcome = quote?.outcome;
  return (
    <Modal title={`Extend ${policy.policyNumber}`} onClose={onClose}>
      <p className="mt-1 text-ink-muted">
        Cover now ends {ukInstantText(ukLocalToEpoch(policy.endDate, policy.endTime))}. How much more time do you need?
      </p>
      <form noValidate className="mt-4 grid grid-cols-2 gap-3" onSubmit={onSubmit}>
        <TextField label="More time" inputMode="numeric" autoComplete="off" {...field('durationValue')} />
        <SelectField label="Unit" options={quoteOptions.durationUnit} {...field('durationUnit')} />
        <div className="col-span-2">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <Button type="submit" disabled={isSubmitting} className="mt-2">
            {isSubmitting ? 'Pricing...' : 'Get price'}
          </Button>
        </div>
      </form>
      <div aria-live="polite" className="mt-4">
        {outcome?.decision === 'priced' && quote?.extensionId ? (
          <div className="rounded-md bg-brand-50 p-4">
            <p className="text-2xl font-bold text-ink">{formatPounds(outcome.premium)}</p>
            <p className="text-sm text-ink-muted">
              Includes {formatPounds(outcome.ipt)} Insurance Premium Tax at {outcome.iptPercent}%.
            </p>
            <p className="mt-2 text-ink">
              Cover to end {quote.newEndDate && quote.newEndTime ? ukInstantText(ukLocalToEpoch(quote.newEndDate, quote.newEndTime)) : ''}. Price valid until{' '}
              {ukInstantText(Date.parse(outcome.validUntil))}.
            </p>
            {outcome.payOnline ? (
              <Button className="mt-3" disabled={paying} onClick={() => void pay(quote.extensionId!)}>
                {paying ? 'Opening the card page...' : `Pay ${formatPounds(outcome.premium)} by card`}
              </Button>
            ) : (
              <p className="mt-3 text-ink">
                Call us on <a href={brandTelHref(brand.phones.support)}>{brand.phones.support}</a> to pay by phone.
              </p>
            )}
            {payError ? (
              <p role="alert" className="mt-2 font-semibold text-red-700">
                {payError}
              </p>
            ) : null}
          </div>
        ) : outcome?.decision === 'referred' ? (
          <Alert tone="info">{pricingMessages.referred}: call us on {brand.phones.support}.</Alert>
        ) : outcome?.decision === 'declined' ? (
          <Alert tone="error">
            {pricingMessages.declined}: {outcome.reason}. Call us on {outcome.phone}.
          </Alert>
        ) : null}
      </div>
    </Modal>
  );
}
