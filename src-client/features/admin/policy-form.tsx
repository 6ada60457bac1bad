// Add/Edit Policy (SPEC.md §5): the contract's policyInput validates here as on the server. Times show in the
// 12-hour style ('09:00 AM') and are sent as 24-hour values (the schema converts).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { policyInput, policyStatuses, type PolicyInput } from '../../../src-server/contract/schemas';
import { toTwelveHour } from '../../../src-server/contract/time';
import type { PolicyView } from '../../../src-server/features/policies/service';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { ApiError } from '../../lib/api';
import { useUserChoices } from './admin-api';

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
}

const FIELDS = ['userId', 'holderName', 'carModel', 'driverName', 'licenseNumber', 'registration', 'startDate', 'startTime', 'endDate', 'endTime', 'status'];

export function PolicyForm({ policy, onSubmit, onCancel }: { policy: PolicyView | null; onSubmit: (values: PolicyInput) => Promise<void>; onCancel: () => void }) {
  const users = useUserChoices(true);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PolicyFormValues, unknown, PolicyInput>({
    resolver: zodResolver(policyInput) as unknown as Resolver<PolicyFormValues, unknown, PolicyInput>,
    defaultValues: {
      userId: policy?.userId != null ? String(policy.userId) : '',
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
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        let mapped = false;
        for (const [name, msgs] of Object.entries(err.fieldErrors)) {
          if (FIELDS.includes(name) && msgs[0]) {
            setError(name as keyof PolicyFormValues, { message: msgs[0] });
            mapped = true;
          }
        }
        if (mapped) return;
      }
      throw err;
    }
  });

  const userOptions = (users.data ?? []).map((u) => ({ value: String(u.id), label: u.username }));
  // Keep the current owner selectable even when outside the first 100.
  if (policy?.userId != null && !userOptions.some((o) => o.value === String(policy.userId))) {
    userOptions.unshift({ value: String(policy.userId), label: policy.username ?? `User ${policy.userId}` });
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e).catch(() => undefined)} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <SelectField label="User" required={false} placeholder="Select User" options={userOptions} error={errors.userId?.message} {...register('userId')} />
      </div>
      <TextField label="Holder name" error={errors.holderName?.message} {...register('holderName')} />
      <TextField label="Vehicle" error={errors.carModel?.message} {...register('carModel')} />
      <TextField label="Driver name" error={errors.driverName?.message} {...register('driverName')} />
      <TextField label="Licence number" error={errors.licenseNumber?.message} {...register('licenseNumber')} />
      <TextField label="Registration" required={false} error={errors.registration?.message} {...register('registration')} />
      <SelectField
        label="Status"
        options={policyStatuses.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
        error={errors.status?.message}
        {...register('status')}
      />
      <TextField label="Start date" type="date" error={errors.startDate?.message} {...register('startDate')} />
      <TextField label="Start time" hint="e.g. 09:00 AM" error={errors.startTime?.message} {...register('startTime')} />
      <TextField label="End date" type="date" error={errors.endDate?.message} {...register('endDate')} />
      <TextField label="End time" hint="e.g. 11:59 PM" error={errors.endTime?.message} {...register('endTime')} />
      <div className="flex justify-end gap-3 pt-2 sm:col-span-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {policy ? 'Update' : 'Create'}
        </Button>
      </div>
    </form>
  );
}
