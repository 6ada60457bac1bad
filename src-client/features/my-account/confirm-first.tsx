// In place of a form that an account must prove its address for first (docs/product.md#account): changing the
// address, adding a passkey. Says why, and sends the confirmation link again.
import { useMutation } from '@tanstack/react-query';
import { emailConfirmationMessages } from '@server/contract/email-confirmation';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { failureOf } from '../../lib/call-errors';
import { trpc, trpcClient } from '../../lib/trpc';

export function ConfirmFirst({ why }: { why: string }) {
  const resend = useMutation({
    mutationFn: () => trpcClient.account.verifyEmail.request.mutate(),
    onSuccess: async (answer) => {
      if (answer.emailVerified) await trpc.account.me.invalidate();
    },
  });
  return (
    <Alert tone="info">
      <p>{why}</p>
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
    </Alert>
  );
}
