// Sign-out with claim reports still on the phone (docs/product.md#reporting-a-claim): they are personal data and go
// with the other offline copies, but never silently. A modal <dialog> keeps focus inside and Escape stays signed in;
// focus starts on 'Stay signed in', the choice that loses nothing.
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/button';

/** 'You have 1 claim report not sent yet. Signing out removes it from this phone.' */
export function unsentWarningText(count: number): string {
  return count === 1
    ? 'You have 1 claim report not sent yet. Signing out removes it from this phone.'
    : `You have ${count} claim reports not sent yet. Signing out removes them from this phone.`;
}

export function SignOutWarning({ count, onStay, onSignOut }: { count: number; onStay: () => void; onSignOut: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    stayRef.current?.focus();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(e) => {
        e.preventDefault();
        onStay();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-6 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id={titleId} className="text-xl font-bold text-brand-700">
        Sign out?
      </h2>
      <p id={textId} className="mt-3 text-ink">
        {unsentWarningText(count)}
      </p>
      <p className="mt-2 text-ink-muted">Stay signed in and it is sent when you have signal.</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <button ref={stayRef} type="button" onClick={onStay} className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Stay signed in
        </button>
        <Button variant="danger" onClick={onSignOut}>
          Sign out and remove {count === 1 ? 'it' : 'them'}
        </Button>
      </div>
    </dialog>
  );
}
