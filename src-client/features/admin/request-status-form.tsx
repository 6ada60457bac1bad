// An opened request's or claim's status and assignee (docs/product.md#staff-queues), checked by its queue's update
// input (contract/queues.ts queueInputs); only what changed is sent, and the choices follow the item as read
// again unless staff changed them.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { queueInputs, type QueueStatusOf } from '@server/contract/queues';
import type { StaffRefView } from '@server/contract/views';
import { SelectField } from '../../components/field';
import { FormButtons } from '../../components/dialog';
import { useContractForm } from '../../lib/contract-form';
import { useUpdateRequest, type QueueItemUpdate } from './mutations';
import { actionFailure, ErrorBanner, useNotify } from '../../components/notices';
import { staffQuery } from './queries';
import { queueStatuses, queueWords, statusLabel, type ConsoleQueue } from './queue-kinds';

/** The form's values under the API's names, as the selects hold them; the assignee is an account id as text, '' for nobody. */
interface Choices {
  status: string;
  assigneeId: string;
}

type Update<K extends ConsoleQueue> = Omit<QueueItemUpdate<K>, 'id'>;

/** The queue's own update input (a claim's statuses are not a request's), reading Nobody ('') as the null the API takes. */
const choicesInput = <K extends ConsoleQueue>(kind: K) =>
  z.preprocess((v: Choices) => ({ ...v, assigneeId: v.assigneeId || null }), queueInputs[kind].update);

interface Props<K extends ConsoleQueue> {
  kind: K;
  request: { id: number; status: QueueStatusOf<K>; assignee: StaffRefView | null };
  /** Saved, or nothing to save: the dialog closes unless a note is still being written. */
  onDone: () => void;
  /** Closes, asking first when something is unsaved. */
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

export function RequestStatusForm<K extends ConsoleQueue>({ kind, request, onDone, onCancel, onDirtyChange }: Props<K>) {
  const notify = useNotify();
  const update = useUpdateRequest(kind);
  const staff = useQuery(staffQuery());
  const stored: Choices = { status: request.status, assigneeId: request.assignee ? String(request.assignee.id) : '' };
  const statusOptions = queueStatuses(kind).map((s) => ({ value: s, label: statusLabel(kind, s) }));
  const { field, reset, getValues, formState, isSubmitting, message, submit } = useContractForm(choicesInput(kind), stored, {
    // The request as read again; a choice staff changed stays theirs.
    values: stored,
    resetOptions: { keepDirtyValues: true },
    // Every refusal is the banner's: the choices are the queue's own, so none is a field's to correct.
    serverFields: [],
  });
  const { isDirty, dirtyFields } = formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  // The staff list, with the current assignee kept even if their account is no longer staff.
  const people = staff.data ?? [];
  const choices = request.assignee && !people.some((p) => p.id === request.assignee?.id) ? [request.assignee, ...people] : people;
  const assigneeOptions = choices.map((p) => ({ value: String(p.id), label: p.username }));

  const save = submit(async ({ status, assigneeId }: Update<K>) => {
    if (!dirtyFields.status && !dirtyFields.assigneeId) return onDone();
    await update.mutateAsync({ id: request.id, ...(dirtyFields.status ? { status } : {}), ...(dirtyFields.assigneeId ? { assigneeId } : {}) });
    notify({ tone: 'success', text: `${queueWords[kind].noun} updated` });
    // Saved: the choices are now the request's own (a note still being written keeps the dialog open).
    reset(getValues(), { keepDirtyValues: false });
    onDone();
  });

  return (
    <form noValidate className="mt-4 border-t border-slate-200 pt-4" aria-label="Status and assignee" onSubmit={(e) => void save(e)}>
      {message ? <ErrorBanner failure={actionFailure(`Update ${queueWords[kind].noun}`, message.cause)} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Status" options={statusOptions} {...field('status')} />
        <div>
          <SelectField label="Assigned to" placeholder="Nobody" options={assigneeOptions} {...field('assigneeId')} />
          {staff.isError ? <p className="mt-1 text-sm text-red-800">The staff list could not be loaded.</p> : null}
        </div>
      </div>
      <FormButtons onCancel={onCancel} busy={isSubmitting} label={isSubmitting ? 'Saving...' : 'Save changes'} className="mt-4 flex justify-end gap-3" />
    </form>
  );
}
