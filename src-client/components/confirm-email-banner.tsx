// The banner of a signed-in person whose e-mail address is unconfirmed (docs/product.md#e-mail-confirmation).
// Nothing shows while the answer is awaited, so most people never see it.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { emailConfirmationMessages } from '@server/contract/email-confirmation';
import { failureOf } from '../lib/call-errors';
import { trpc, trpcClient } from '../lib/trpc';
import { Alert } from './alert';
import { Button } from './button';

/** account.me, kept for the session: whether the address is confirmed changes only through this banner or its link. */
const meQuery = () => ({ ...trpc.account.me.queryOptions(undefined), staleTime: 5 * 60_000 });

export function ConfirmEmailBanner() {
  const me = useQuery(meQuery());
  const [sent, setSent] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: () => trpcClient.account.verifyEmail.request.mutate(),
    onSuccess: async (answer) => {
      setSent(answer.message);
      if (answer.emailVerified) await trpc.account.me.invalidate();
    },
  });
  if (me.data?.user.emailVerified !== false) return null;
  return (
    <div className="mb-6">
      <Alert tone="info" title={emailConfirmationMessages.subject}>
        <p>{emailConfirmationMessages.banner}</p>
        {sent ? (
          <p className="mt-2 font-semibold">{sent}</p>
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
    </div>
  );
}
