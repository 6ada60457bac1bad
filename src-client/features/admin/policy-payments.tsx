// A policy's payments in its dialog (docs/product.md#payments): the list, the totals, and 'Record payment'. The
// product takes no card numbers: the card is taken on the phone with the card terminal, then recorded here.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paymentInput, paymentMessages, paymentMethodLabels, staffPaymentMethods, type PaymentInput } from '@server/contract/payments';
import { formatPounds } from '@server/contract/pounds';
import type { RecordedPaymentView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { SelectField, TextField } from '../../components/field';
import { ErrorBanner, actionFailure, type Failure } from '../../components/notices';
import { FormButtons, useDialogForm } from '../../components/dialog';
import { DialogSection } from './dialog-section';
import { formatTimestamp } from './format';
import { useRecordPayment } from './mutations';
import { policyPaymentsQuery } from './queries';

const methodOptions = staffPaymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }));

/** '£45.00 paid of £64.50; £19.50 to pay' */
function totalsText(t: { paid: number; premium: number | null; balance: number | null }): string {
  if (t.premium === null || t.balance === null) return `${formatPounds(t.paid)} paid; no premium recorded`;
  const rest = t.balance > 0 ? `${formatPounds(t.balance)} to pay` : t.balance === 0 ? 'paid in full' : `${formatPounds(-t.balance)} paid over the premium`;
  return `${formatPounds(t.paid)} paid of ${formatPounds(t.premium)}: ${rest}`;
}

function recordedText(r: RecordedPaymentView): string {
  return r.activated
    ? `Paid in full: policy ${r.policy.policyNumber} is now Active and the confirmation with the documents was e-mailed. The form above still shows the policy as it was when opened: close it before changing anything else.`
    : `Payment recorded. ${totalsText(r.payments)}.`;
}

export function PolicyPayments({ id }: { id: number }) {
  const record = useRecordPayment();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A new form after each payment: blank again.
  const [formKey, setFormKey] = useState(0);
  const form = (
    <>
      <div role="status" className="mt-3">
        {done ? (
          <Alert tone="success">
            <p>{done}</p>
          </Alert>
        ) : null}
      </div>
      {failure ? <ErrorBanner failure={failure} /> : null}
      <h4 className="mt-3 font-bold text-ink">Record payment</h4>
      <p className="mt-1 text-sm text-ink-muted">{paymentMessages.noCardNumbers}</p>
      <PaymentForm
        key={formKey}
        onSubmit={async (values) => {
          setFailure(null);
          setDone(null);
          const recorded = await record.mutateAsync({ id, ...values });
          setDone(recordedText(recorded));
          setFormKey((k) => k + 1);
        }}
        onFailure={(err) => setFailure(actionFailure('Record Payment', err))}
      />
    </>
  );
  return (
    <DialogSection title="Payments" what="the payments" query={useQuery(policyPaymentsQuery(id))} after={form}>
      {(payments) => (
        <>
          <p className="mt-2 font-semibold">{totalsText(payments)}</p>
          {payments.items.length === 0 ? (
            <p className="mt-1 text-ink-muted">No payments recorded.</p>
          ) : (
            <ul aria-label="Payments, newest first" className="mt-2 space-y-1">
              {payments.items.map((p) => (
                <li key={p.id} className="break-words">
                  {formatPounds(p.amount)} {paymentMethodLabels[p.method].toLowerCase()}
                  {p.reference ? ` (ref ${p.reference})` : ''}, <time dateTime={p.at}>{formatTimestamp(p.at)}</time> by {p.username}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </DialogSection>
  );
}

function PaymentForm({ onSubmit, onFailure }: { onSubmit: (values: PaymentInput) => Promise<void>; onFailure: (err: unknown) => void }) {
  const defaults = { amount: '', method: 'card-by-phone', reference: '' };
  const { field, submit, reset, isSubmitting } = useDialogForm<typeof defaults, PaymentInput>(paymentInput, defaults, { onSubmit, onFailure, onCancel: () => undefined });
  return (
    <form noValidate onSubmit={submit} aria-label="Record payment" className="mt-2 grid gap-4 sm:grid-cols-2">
      <TextField label="Amount" inputMode="decimal" autoComplete="off" hint="In pounds, e.g. 64.50" {...field('amount')} />
      <SelectField label="Method" options={methodOptions} {...field('method')} />
      <TextField
        label="Reference"
        required={false}
        autoComplete="off"
        hint="The card terminal's receipt number or the transfer's reference"
        className="sm:col-span-2"
        {...field('reference')}
      />
      <FormButtons onCancel={() => reset()} busy={isSubmitting} label={isSubmitting ? 'Recording...' : 'Record payment'} className="flex justify-end gap-3 sm:col-span-2" />
    </form>
  );
}
