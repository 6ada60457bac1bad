// 'Send the link again' for a signed-in person whose address is unconfirmed (docs/product.md#e-mail-confirmation):
// the banner's and the account page's, one way. Once sent, the answer's message stands in the button's place.
import { useMutation } from '@tanstack/react-query';
import { emailConfirmationMessages } from '@server/contract/email-confirmation';
import { failureOf } from '../lib/call-errors';
import { trpc, trpcClient } from '../lib/trpc';
import { Button } from './button';

export function ResendConfirmation() {
  const resend = useMutation({
    mutationFn: () => trpcClient.account.verifyEmail.request.mutate(),
    // Confirmed meanwhile (on another device): everything that asked whether it is learns it now.
    onSuccess: async (answer) => {
      if (answer.emailVerified) await trpc.account.me.invalidate();
    },
  });
  return (
    <>
      {resend.isSuccess ? (
        <p className="mt-2 font-semibold">{resend.data.message}</p>
      ) : (
        <Button variant="secondary" className="mt-3" disabled={resend.isPending} aria-busy={resend.isPending || undefined} onClick={() => resend.mutate()}>
          {resend.isPending ? 'Sending...' : emailConfirmationMessages.sendAgain}
        </Button>
      )}
      {resend.isError ? (
        <p role="alert" className="mt-2 font-semibold text-red-900">
          {failureOf(resend.error).message}
        </p>
      ) : null}
    </>
  );
}
