// What staff can do to a policy besides editing it (docs/product.md#cancelling-and-voiding): cancel cover in force or
// to come (now or later, with any refund), void a policy never in force, and send the documents or the invitation
// again. Each shown where it applies; the server has the last word and its refusal is shown.
import { useId, useState } from 'react';
import { z } from 'zod';
import { cancellationMessages, cancelPolicyInput, voidPolicyInput, type ResendInput } from '@server/contract/cancellation';
import { coverState } from '@server/contract/cover';
import { paymentMethodLabels, staffPaymentMethods } from '@server/contract/payments';
import type { PolicyView } from '@server/contract/views';
import { Button } from '../../components/button';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { useNow } from '../../lib/use-now';
import { FormButtons, FormDialog, useDialogForm, type DialogFormProps } from '../../components/dialog';
import { useCancelPolicy, useResendToCustomer, useVoidPolicy } from './mutations';
import { actionFailure, useNotify } from '../../components/notices';

/** Cover not ended: in force now or starting later (the contract's one cover rule). */
function isCancellable(policy: PolicyView, now: number): boolean {
  if (policy.status !== 'active') return false;
  try {
    return coverState(policy, now) !== 'ended';
  } catch {
    return true;
  }
}

export function PolicyActions({ policy, onDone }: { policy: PolicyView; onDone: () => void }) {
  const now = useNow(60_000);
  const notify = useNotify();
  const resend = useResendToCustomer();
  const [open, setOpen] = useState<'cancel' | 'void' | null>(null);
  const headingId = useId();
  const cancellable = isCancellable(policy, now);
  // Pending or cancelled may never have been in force: the server checks and says so when it was.
  const voidable = policy.status === 'pending' || policy.status === 'cancelled';

  const sendAgain = async (what: ResendInput['what']) => {
    try {
      const { message } = await resend.mutateAsync({ id: policy.id, data: { what } });
      notify({ tone: 'success', text: message });
    } catch (err) {
      notify({ tone: 'error', ...actionFailure(what === 'documents' ? 'Send documents again' : 'Send invitation again', err) });
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-lg font-bold text-ink">
        Actions
      </h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {cancellable ? (
          <Button variant="danger" onClick={() => setOpen('cancel')}>
            Cancel policy
          </Button>
        ) : null}
        {voidable ? (
          <Button variant="danger" onClick={() => setOpen('void')}>
            Void policy
          </Button>
        ) : null}
        {policy.status !== 'void' ? (
          <>
            <Button variant="secondary" disabled={resend.isPending} onClick={() => void sendAgain('documents')}>
              Send documents again
            </Button>
            <Button variant="secondary" disabled={resend.isPending} onClick={() => void sendAgain('invitation')}>
              Send invitation again
            </Button>
          </>
        ) : (
          <p className="text-ink-muted">Void: set up in error, never in force. Nothing more can be done to it.</p>
        )}
      </div>
      {open === 'cancel' ? <CancelDialog policy={policy} onClose={() => setOpen(null)} onDone={onDone} /> : null}
      {open === 'void' ? <VoidDialog policy={policy} onClose={() => setOpen(null)} onDone={onDone} /> : null}
    </section>
  );
}

interface CancelFormValues {
  reason: string;
  when: 'now' | 'later';
  effectiveDate: string;
  effectiveTime: string;
  refund: { amount: string; method: string; reference: string };
}

/** The dialog's fields, checked and turned into the contract's input: a blank refund is none, 'now' sends no time. */
const cancelForm = z
  .object({
    reason: z.string(),
    when: z.enum(['now', 'later']),
    effectiveDate: z.string(),
    effectiveTime: z.string(),
    refund: z.object({ amount: z.string(), method: z.string(), reference: z.string() }),
  })
  .superRefine((f, ctx) => {
    if (f.when !== 'later') return;
    if (f.effectiveDate.trim() === '') ctx.addIssue({ code: 'custom', path: ['effectiveDate'], message: cancellationMessages.effectiveBoth });
    if (f.effectiveTime.trim() === '') ctx.addIssue({ code: 'custom', path: ['effectiveTime'], message: cancellationMessages.effectiveBoth });
  })
  // The method is checked by the contract's schema the transform hands on to.
  .transform(
    (f): z.input<typeof cancelPolicyInput> => ({
      reason: f.reason,
      ...(f.when === 'later' ? { effectiveDate: f.effectiveDate, effectiveTime: f.effectiveTime } : {}),
      refund: f.refund.amount.trim() === '' && f.refund.reference.trim() === '' ? null : (f.refund as NonNullable<z.input<typeof cancelPolicyInput>['refund']>),
    }),
  )
  .pipe(cancelPolicyInput);
type CancelOut = z.output<typeof cancelForm>;

function CancelDialog({ policy, onClose, onDone }: { policy: PolicyView; onClose: () => void; onDone: () => void }) {
  const notify = useNotify();
  const cancel = useCancelPolicy();
  const save = async (values: CancelOut) => {
    const answer = await cancel.mutateAsync({ id: policy.id, data: values });
    notify({ tone: 'success', text: answer.status === 'cancelled' ? `Policy ${policy.policyNumber} cancelled` : `Cancellation of ${policy.policyNumber} set` });
    onClose();
    onDone();
  };
  return (
    <FormDialog title={`Cancel policy ${policy.policyNumber}`} action="Cancel Policy" onSave={save} onClose={onClose}>
      {(form) => <CancelForm {...form} />}
    </FormDialog>
  );
}

const methodOptions = staffPaymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }));

function CancelForm(handlers: DialogFormProps<CancelOut>) {
  const defaults: CancelFormValues = { reason: '', when: 'now', effectiveDate: '', effectiveTime: '', refund: { amount: '', method: 'card-by-phone', reference: '' } };
  const { field, register, submit, watch, errors, isSubmitting } = useDialogForm<CancelFormValues, CancelOut>(cancelForm, defaults, handlers);
  const later = watch('when') === 'later';
  const legendId = useId();
  // The server names the refund as a whole (too much, nothing paid); the form names its amount.
  const refundError = errors.refund?.amount?.message ?? errors.refund?.message ?? errors.refund?.method?.message;
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextAreaField label="Reason for cancelling" hint="Told to the customer and kept in the policy's history" rows={3} {...field('reason')} />
      <fieldset aria-labelledby={legendId} className="grid gap-2">
        <legend id={legendId} className="font-semibold text-ink">
          Takes effect
        </legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="now" {...register('when')} /> Now
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="later" {...register('when')} /> At a later date and time (UK time)
        </label>
      </fieldset>
      {later ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Date" type="date" {...field('effectiveDate')} />
          <TextField label="Time" hint="e.g. 09:00 AM" {...field('effectiveTime')} />
        </div>
      ) : null}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="font-semibold text-ink">Refund (optional)</legend>
        <TextField label="Refund amount" required={false} inputMode="decimal" autoComplete="off" hint="In pounds, at most what was paid" error={refundError} {...register('refund.amount')} />
        <SelectField label="Refunded by" options={methodOptions} {...register('refund.method')} />
        <TextField label="Refund reference" required={false} autoComplete="off" error={errors.refund?.reference?.message} {...register('refund.reference')} />
      </fieldset>
      <FormButtons onCancel={handlers.onCancel} busy={isSubmitting} label="Cancel policy" />
    </form>
  );
}

type VoidOut = z.output<typeof voidPolicyInput>;

function VoidDialog({ policy, onClose, onDone }: { policy: PolicyView; onClose: () => void; onDone: () => void }) {
  const notify = useNotify();
  const voidIt = useVoidPolicy();
  const save = async (values: VoidOut) => {
    await voidIt.mutateAsync({ id: policy.id, data: values });
    notify({ tone: 'success', text: `Policy ${policy.policyNumber} voided` });
    onClose();
    onDone();
  };
  return (
    <FormDialog title={`Void policy ${policy.policyNumber}`} action="Void Policy" onSave={save} onClose={onClose}>
      {(form) => <VoidForm {...form} />}
    </FormDialog>
  );
}

function VoidForm(handlers: DialogFormProps<VoidOut>) {
  const { field, submit, isSubmitting } = useDialogForm<{ reason: string }, VoidOut>(voidPolicyInput, { reason: '' }, handlers);
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p>Only for a policy set up in error and never in force. It is kept, marked void, and the customer is told.</p>
      <TextAreaField label="Reason for voiding" rows={3} {...field('reason')} />
      <FormButtons onCancel={handlers.onCancel} busy={isSubmitting} label="Void policy" />
    </form>
  );
}
