// An accessible modal: focus moves in and stays inside, Escape or the close button closes, focus returns to the
// opener. Modals stack ("Discard changes?" over a form): only the topmost answers the keyboard.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from './button';
import { useContractForm } from '../lib/contract-form';
import { actionFailure, ErrorBanner, type Failure } from './notices';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open modals, the topmost last. */
const openModals: symbol[] = [];

export function Modal({
  title,
  onClose,
  children,
  role = 'dialog',
  describedBy,
  closeButton = true,
  wide = false,
}: {
  title: string;
  /** Escape, the close button: the caller decides whether that closes at once. */
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that says what the dialog asks (an alertdialog's message). */
  describedBy?: string | undefined;
  /** A labelled "Close" button in the corner (off where the dialog's own buttons already say how to leave). */
  closeButton?: boolean;
  /** A work panel (an opened request): from 1280 px it takes up to 1600 px, its parts side by side. */
  wide?: boolean;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  // Once per opening (the title only names the symbol, for debugging).
  useEffect(() => {
    const me = Symbol(title);
    openModals.push(me);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = ref.current;
    // The first control of the content (a form's first field), not the corner's close button.
    const first = bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (!node || openModals[openModals.length - 1] !== me) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === firstItem || !node.contains(active))) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && (active === lastItem || !node.contains(active))) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(me), 1);
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);

  return (
    // Centred by auto margins, not align-items: a dialog taller than the window scrolls from its top, not cut off.
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/60 p-4">
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`w-full max-w-lg rounded-lg bg-white p-6 shadow-xl sm:my-auto ${wide ? 'xl:max-w-[100rem]' : ''}`}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold text-brand-700">
            {title}
          </h2>
          {closeButton ? (
            <button
              type="button"
              aria-label="Close"
              onClick={() => closeRef.current()}
              className="-mt-2 -mr-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-ink hover:bg-slate-100"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M5 5l10 10M15 5L5 15" />
              </svg>
            </button>
          ) : null}
        </div>
        <div ref={bodyRef} className="mt-4">
          {children}
        </div>
      </div>
    </div>
  );
}

/**
 * Closing a form's dialog: at once when unchanged (`setDirty`), else after 'Discard changes?'
 * (docs/product.md#changing-users-and-policies). Escape, Cancel and close call `requestClose`; render `prompt`
 * beside the Modal; a save closes with onClose, without asking.
 */
export function useDiscardGuard(onClose: () => void): { requestClose: () => void; setDirty: (dirty: boolean) => void; prompt: ReactNode } {
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const setDirty = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const requestClose = useCallback(() => {
    if (dirty.current) setAsking(true);
    else onClose();
  }, [onClose]);
  const prompt = asking ? <DiscardDialog onKeep={() => setAsking(false)} onDiscard={onClose} /> : null;
  return { requestClose, setDirty, prompt };
}

function DiscardDialog({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const messageId = useId();
  return (
    // Escape keeps editing: the safe answer.
    <Modal title="Discard changes?" role="alertdialog" describedBy={messageId} onClose={onKeep} closeButton={false}>
      <p id={messageId}>You have changes that are not saved. If you close this form now, they will be lost.</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onKeep}>
          Keep editing
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </Modal>
  );
}

/** What a form in a FormDialog is handed: its save, where a refusal goes, and the discard guard's two ends. */
export interface DialogFormProps<V> {
  /** Saves; rejects with the server's refusal. */
  onSubmit: (values: V) => Promise<void>;
  /** A refusal none of whose messages belongs to a field of this form. */
  onFailure: (err: unknown) => void;
  onCancel: () => void;
  /** Whether the form now differs from what it opened with (closing it then asks first). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** A form's modal: '{action} Failed' with the server's message above the form on a refusal, closing guarded. */
export function FormDialog<V>({
  title,
  action,
  onSave,
  onClose,
  children,
}: {
  title: string;
  action: string;
  onSave: (values: V) => Promise<void>;
  onClose: () => void;
  children: (form: Required<DialogFormProps<V>>) => ReactNode;
}) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const guard = useDiscardGuard(onClose);
  const onSubmit = async (values: V) => {
    setFailure(null);
    await onSave(values);
  };
  return (
    <>
      <Modal title={title} onClose={guard.requestClose}>
        {failure ? <ErrorBanner failure={failure} /> : null}
        {children({ onSubmit, onFailure: (err) => setFailure(actionFailure(action, err)), onCancel: guard.requestClose, onDirtyChange: guard.setDirty })}
      </Modal>
      {guard.prompt}
    </>
  );
}

/**
 * A dialog form, checked by the contract's schema as on the server. A 400's messages belong on the fields (the first
 * in `defaultValues`' order takes focus); any other refusal (a taken username: 409) gets the banner too.
 */
export function useDialogForm<V extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<unknown, unknown>,
  defaultValues: V,
  { onSubmit, onFailure, onDirtyChange }: DialogFormProps<Out>,
) {
  const form = useContractForm(schema as z.ZodType<Out, V>, defaultValues as DefaultValues<V>);
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const submit = form.submit(onSubmit, (failure, placed, err) => {
    if (placed === 0 || failure.status !== 400) onFailure(err);
    return null;
  });
  return { ...form, submit: (e: FormEvent) => void submit(e) };
}

/** A form's Cancel and submit buttons. */
export function FormButtons({ onCancel, busy, label, className = 'flex justify-end gap-3 pt-2' }: { onCancel: () => void; busy: boolean; label: string; className?: string }) {
  return (
    <div className={className}>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
    </div>
  );
}
