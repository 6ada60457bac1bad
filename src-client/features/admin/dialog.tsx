// An accessible modal: focus moves in and stays inside, Escape or the close button closes, focus returns to the
// opener. Modals stack ("Discard changes?" over a form): only the topmost answers the keyboard.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/button';

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
        className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl sm:my-auto"
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
