// "Close my account" (docs/product.md#closing-your-account): the current password confirmed in a dialog; refused while
// cover is live or to come (the server says which and until when); once closed, this device forgets the session.
import { useEffect, useId, useRef, useState } from 'react';
import { closeAccountInput } from '@server/contract/my-data';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { useContractForm } from '../../lib/contract-form';
import { clearSession } from '../../lib/session';
import { trpcClient } from '../../lib/trpc';
import { Modal } from '../../components/dialog';

export function CloseAccountSection() {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (closedMessage) doneRef.current?.focus();
  }, [closedMessage]);

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-bold text-brand-700">
        Close my account
      </h2>
      {closedMessage ? (
        <div ref={doneRef} tabIndex={-1} className="mt-4">
          <Alert tone="success" title="Account closed">
            <p>{closedMessage}</p>
            <p className="mt-2">
              <a href="/" className="font-semibold underline underline-offset-2">
                Go to the home page
              </a>
            </p>
          </Alert>
        </div>
      ) : (
        <>
          <p className="mt-2 max-w-prose">
            You can close your account once none of your cover is in force or still to start. We then erase what we no longer
            need; your policies, payments and claims are kept as the insurer’s record for 7 years after your cover ends.
          </p>
          <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
            Close my account
          </Button>
        </>
      )}
      {open ? (
        <CloseAccountDialog
          onCancel={() => setOpen(false)}
          onClosed={(message) => {
            setOpen(false);
            // The session has ended on the server; this device forgets it, and every offline copy, without
            // leaving this page, so the confirmation stays on screen.
            clearSession({ silent: true });
            setClosedMessage(message);
          }}
        />
      ) : null}
    </section>
  );
}

function CloseAccountDialog({ onCancel, onClosed }: { onCancel: () => void; onClosed: (message: string) => void }) {
  const messageId = useId();
  // A message goes beside the password without taking focus from the button pressed.
  const { field, isSubmitting, message, submit } = useContractForm(closeAccountInput, { password: '' }, { reValidateMode: 'onSubmit', shouldFocusError: false });
  // A refusal about the account (live cover, too many tries), not the password, is the notice above the buttons.
  const onSubmit = submit(async (input) => onClosed((await trpcClient.account.close.mutate(input)).message));

  return (
    <Modal title="Close your account?" role="alertdialog" describedBy={messageId} onClose={onCancel}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p id={messageId}>
          This cannot be undone. Your quote and callback requests, our notes on them and the e-mails we sent you are erased,
          and you are signed out everywhere. Enter your password to confirm.
        </p>
        <TextField label="Your password" type="password" autoComplete="current-password" {...field('password')} />
        {message ? <Alert tone="error" title="Your account was not closed">{message.text}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Keep my account
          </Button>
          <Button type="submit" variant="danger" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? 'Closing...' : 'Close my account'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
