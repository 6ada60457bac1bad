// An opened request's or claim's status and assignee (docs/product.md#staff-queues), checked by the contract's
// requestUpdateInput (a claim: claimUpdateInput); only what changed is sent, and the choices follow the item as read
// again unless staff changed them.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { claimUpdateInput } from '@server/contract/claim-queue';
import { requestUpdateInput } from '@server/contract/queues';
import type { StaffRefView } from '@server/contract/views';
import { SelectField } from '../../components/field';
import { FormButtons } from '../../components/dialog';
import { useUpdateRequest, type QueueItemUpdate } from './mutations';
import { actionFailure, ErrorBanner, useNotify, type Failure } from '../../components/notices';
import { staffQuery } from './queries';
import { queueStatuses, queueWords, statusLabel, type ConsoleQueue, type QueueStatus } from './queue-kinds';

/** The form's values under the API's names; the assignee is an account id as text, '' for nobody. */
interface Choices {
  status: QueueStatus;
  assigneeId: string;
}

type Update = Omit<QueueItemUpdate, 'id'>;

/** The queue's own update input (a claim's statuses are not a request's), reading Nobody ('') as the null the API takes. */
const choicesInputs = {
  requests: z.preprocess((v: Choices) => ({ ...v, assigneeId: v.assigneeId || null }), requestUpdateInput),
  claims: z.preprocess((v: Choices) => ({ ...v, assigneeId: v.assigneeId || null }), claimUpdateInput),
};

interface Props {
  kind: ConsoleQueue;
  request: { id: number; status: QueueStatus; assignee: StaffRefView | null };
  /** Saved, or nothing to save: the dialog closes unless a note is still being written. */
  onDone: () => void;
  /** Closes, asking first when something is unsaved. */
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

export function RequestStatusForm({ kind, request, onDone, onCancel, onDirtyChange }: Props) {
  const notify = useNotify();
  const update = useUpdateRequest(kind);
  const staff = useQuery(staffQuery());
  const [failure, setFailure] = useState<Failure | null>(null);
  const stored: Choices = { status: request.status, assigneeId: request.assignee ? String(request.assignee.id) : '' };
  const statusOptions = queueStatuses(kind).map((s) => ({ value: s, label: statusLabel(kind, s) }));
  const { register, handleSubmit, reset, getValues, formState } = useForm<Choices, unknown, Update>({
    resolver: zodResolver(kind === 'claims' ? choicesInputs.claims : choicesInputs.requests) as unknown as Resolver<Choices, unknown, Update>,
    // The request as read again; a choice staff changed stays theirs.
    values: stored,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty, dirtyFields, isSubmitting } = formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  // The staff list, with the current assignee kept even if their account is no longer staff.
  const people = staff.data ?? [];
  const choices = request.assignee && !people.some((p) => p.id === request.assignee?.id) ? [request.assignee, ...people] : people;
  const assigneeOptions = choices.map((p) => ({ value: String(p.id), label: p.username }));

  const save = handleSubmit(async ({ status, assigneeId }) => {
    setFailure(null);
    if (!dirtyFields.status && !dirtyFields.assigneeId) return onDone();
    try {
      await update.mutateAsync({ id: request.id, ...(dirtyFields.status ? { status } : {}), ...(dirtyFields.assigneeId ? { assigneeId } : {}) });
      notify({ tone: 'success', text: `${queueWords[kind].noun} updated` });
      // Saved: the choices are now the request's own (a note still being written keeps the dialog open).
      reset(getValues(), { keepDirtyValues: false });
      onDone();
    } catch (err) {
      setFailure(actionFailure(`Update ${queueWords[kind].noun}`, err));
    }
  });

  return (
    <form noValidate className="mt-4 border-t border-slate-200 pt-4" aria-label="Status and assignee" onSubmit={(e) => void save(e)}>
      {failure ? <ErrorBanner failure={failure} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Status" options={statusOptions} error={errors.status?.message} {...register('status')} />
        <div>
          <SelectField label="Assigned to" placeholder="Nobody" options={assigneeOptions} error={errors.assigneeId?.message} {...register('assigneeId')} />
          {staff.isError ? <p className="mt-1 text-sm text-red-800">The staff list could not be loaded.</p> : null}
        </div>
      </div>
      <FormButtons onCancel={onCancel} busy={isSubmitting} label={isSubmitting ? 'Saving...' : 'Save changes'} className="mt-4 flex justify-end gap-3" />
    </form>
  );
}
