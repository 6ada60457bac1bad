// Proving the address on the purchase's own screen (docs/product.md#e-mail-confirmation): the six-digit code of the
// confirmation e-mail, typed here. Confirming gives the account the request, so the purchase goes on.
import { useState } from 'react';
import { emailCodeInput } from '@server/contract/email-confirmation';
import { Button } from '../button';
import { TextField } from '../field';
import { FormMessage } from '../form-message';
import { failureOf } from '../../lib/call-errors';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient } from '../../lib/trpc';
import { StepHeading } from './step-heading';

export function EmailCodeStep({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  const { field, isSubmitting, message, say, submit } = useContractForm(emailCodeInput, { code: '' });
  const [sending, setSending] = useState(false);
  const onSubmit = submit(async ({ code }) => {
    await trpcClient.account.verifyEmail.code.mutate({ code });
    onConfirmed();
  });
  async function sendAgain() {
    setSending(true);
    try {
      const answer = await trpcClient.account.verifyEmail.request.mutate();
      if (answer.emailVerified) onConfirmed();
      else say('info', `A new code is on its way to ${email}. It lasts 30 minutes.`);
    } catch (err) {
      say('error', failureOf(err).message);
    } finally {
      setSending(false);
    }
  }
  return (
    <>
      <StepHeading>Confirm your e-mail address</StepHeading>
      <p className="mt-2 break-words">
        We e-mailed a 6-digit code to {email}. Type it here to prove the address is yours: the quote is then in your account.
      </p>
      {message ? <FormMessage notice={message} /> : null}
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="Confirm your e-mail address">
        <TextField
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          hint="From the e-mail 'Confirm your e-mail address'. It lasts 30 minutes."
          {...field('code')}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? 'Checking...' : 'Confirm'}
          </Button>
          <Button variant="secondary" onClick={() => void sendAgain()} disabled={sending}>
            E-mail me a new code
          </Button>
        </div>
      </form>
    </>
  );
}
