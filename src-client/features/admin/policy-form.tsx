// Add/Edit Policy (docs/product.md#changing-users-and-policies): the contract's policyInput validates here as on the
// server; times show as '09:00 AM' and are sent as 24-hour values, the premium in pounds ('£1,200').
import { useQuery } from '@tanstack/react-query';
import { productOptions } from '@server/contract/products';
import { policyInput, settablePolicyStatuses, type PolicyInput } from '@server/contract/schemas';
import { toTwelveHour } from '@server/contract/time';
import type { PolicyView } from '@server/contract/views';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { FormButtons, useDialogForm, type DialogFormProps } from '../../components/dialog';
import { policyStatusLabels } from './format';
import { userChoicesQuery } from './queries';

export interface PolicyFormValues {
  userId: string;
  holderName: string;
  carModel: string;
  driverName: string;
  licenseNumber: string;
  registration: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  status: string;
  product: string;
  /** Pounds as typed; blank when not recorded. */
  premium: string;
  /** Why the change is made: kept in its version, needed when it cancels the policy. */
  reason: string;
}

const statusOptions = settablePolicyStatuses.map((s) => ({ value: s, label: policyStatusLabels[s] }));

export function PolicyForm({
  policy,
  initial,
  showUser = true,
  showStatus = true,
  submitLabel,
  ...handlers
}: DialogFormProps<PolicyInput> & {
  policy: PolicyView | null;
  /** Values a new policy opens with instead of the blanks (issuing from a quote request: features/admin/quote-actions.tsx). */
  initial?: Partial<PolicyFormValues> | undefined;
  /** Off where the account is not the form's to choose (a policy issued from a request goes to the request's e-mail). */
  showUser?: boolean;
  /** Off where the status is not staff's to choose (a policy from a request starts pending: docs/product.md#payments). */
  showStatus?: boolean;
  /** The submit button's text, when not 'Create' / 'Update'. */
  submitLabel?: string | undefined;
}) {
  const users = useQuery({ ...userChoicesQuery(), enabled: showUser });
  // Keys in form order: the first field the server refuses takes focus (useDialogForm).
  const defaults: PolicyFormValues = {
    userId: policy?.userId != null ? String(policy.userId) : '',
    product: policy?.product ?? 'temporary',
    premium: policy?.premium != null ? policy.premium.toFixed(2) : '',
    holderName: policy?.holderName ?? '',
    carModel: policy?.carModel ?? '',
    driverName: policy?.driverName ?? '',
    licenseNumber: policy?.licenseNumber ?? '',
    registration: policy?.registration ?? '',
    startDate: policy?.startDate ?? '',
    startTime: policy ? toTwelveHour(policy.startTime) : '09:00 AM',
    endDate: policy?.endDate ?? '',
    endTime: policy ? toTwelveHour(policy.endTime) : '11:59 PM',
    status: policy?.status ?? 'active',
    reason: '',
    ...(policy ? {} : initial),
  };
  const { field, submit, isSubmitting } = useDialogForm<PolicyFormValues, PolicyInput>(policyInput, defaults, handlers);

  const userOptions = (users.data ?? []).map((u) => ({ value: String(u.id), label: u.username }));
  // Keep the current owner selectable even when outside the first 100.
  if (policy?.userId != null && !userOptions.some((o) => o.value === String(policy.userId))) {
    userOptions.unshift({ value: String(policy.userId), label: policy.username ?? `User ${policy.userId}` });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      {showUser ? (
        <div className="sm:col-span-2">
          <SelectField label="User" required={false} placeholder="Select User" options={userOptions} {...field('userId')} />
        </div>
      ) : null}
      <SelectField label="Product" options={productOptions} {...field('product')} />
      <TextField
        label="Premium"
        required={false}
        inputMode="decimal"
        autoComplete="off"
        hint="In pounds, insurance premium tax included, e.g. 58.00"
        {...field('premium')}
      />
      <TextField label="Holder name" {...field('holderName')} />
      <TextField label="Vehicle" {...field('carModel')} />
      <TextField label="Driver name" {...field('driverName')} />
      <TextField label="Licence number" {...field('licenseNumber')} />
      <TextField label="Registration" required={false} {...field('registration')} />
      {showStatus ? (
        <SelectField label="Status" options={statusOptions} {...field('status')} />
      ) : (
        <p className="self-end text-ink">
          <span className="font-semibold">Status:</span> Pending, until payments cover the premium
        </p>
      )}
      <TextField label="Start date" type="date" {...field('startDate')} />
      <TextField label="Start time" hint="e.g. 09:00 AM" {...field('startTime')} />
      <TextField label="End date" type="date" {...field('endDate')} />
      <TextField label="End time" hint="e.g. 11:59 PM" {...field('endTime')} />
      {policy ? (
        <div className="sm:col-span-2">
          <TextAreaField
            label="Reason for the change"
            required={false}
            rows={2}
            hint="Kept in the history and told to the customer; needed when setting the status to cancelled"
            {...field('reason')}
          />
        </div>
      ) : null}
      <FormButtons
        onCancel={handlers.onCancel}
        busy={isSubmitting}
        label={submitLabel ?? (policy ? 'Update' : 'Create')}
        className="flex justify-end gap-3 pt-2 sm:col-span-2"
      />
    </form>
  );
}
