// An opened request's notes (docs/product.md#staff-queues), checked by the contract's requestNoteInput as the server does.
import { useEffect, useId } from 'react';
import { NOTE_MAX_LENGTH, requestNoteInput } from '@server/contract/queues';
import type { RequestNoteView } from '@server/contract/views';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/field';
import { useContractForm } from '../../lib/contract-form';
import { formatTimestamp } from './format';
import { useAddRequestNote } from './mutations';
import { actionFailure, ErrorBanner, useNotify } from '../../components/notices';
import type { ConsoleQueue } from './queue-kinds';

interface Props {
  kind: ConsoleQueue;
  requestId: number;
  notes: RequestNoteView[];
  /** Whether a note is being written (more than spaces): closing then asks first. */
  onTypedChange: (typed: boolean) => void;
}

export function RequestNotes({ kind, requestId, notes, onTypedChange }: Props) {
  const notify = useNotify();
  const addNote = useAddRequestNote(kind);
  const headingId = useId();
  const { field, reset, watch, isSubmitting, message, clear, submit } = useContractForm(
    requestNoteInput,
    { text: '' },
    // A refused note keeps its message until the next try, and focus stays on the button pressed.
    { reValidateMode: 'onSubmit', shouldFocusError: false },
  );
  const typed = watch('text').trim() !== '';
  useEffect(() => onTypedChange(typed), [typed, onTypedChange]);

  const add = submit(async ({ text }) => {
    await addNote.mutateAsync({ id: requestId, text });
    reset();
    notify({ tone: 'success', text: 'Note added' });
  });

  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-lg font-bold text-ink">
        Notes
      </h3>
      <form
        noValidate
        className="mt-2"
        onSubmit={(e) => {
          clear();
          void add(e);
        }}
      >
        {message ? <ErrorBanner failure={actionFailure('Add Note', message.cause)} /> : null}
        <TextAreaField label="Add a note" rows={3} maxLength={NOTE_MAX_LENGTH} {...field('text')} />
        <div className="mt-2 flex justify-end">
          <Button type="submit" variant="secondary" disabled={isSubmitting}>
            {isSubmitting ? 'Adding...' : 'Add note'}
          </Button>
        </div>
      </form>
      {notes.length === 0 ? (
        <p className="mt-2 text-ink-muted">No notes yet.</p>
      ) : (
        <ol className="mt-2 space-y-2" aria-label="Notes, newest first">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md bg-slate-50 p-2">
              <p className="text-sm text-ink-muted">
                <span className="font-semibold text-ink">{n.author}</span>, <time dateTime={n.createdAt}>{formatTimestamp(n.createdAt)}</time>
              </p>
              <p className="break-words whitespace-pre-wrap">{n.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
