// The banner of a signed-in person whose e-mail address is unconfirmed (docs/product.md#e-mail-confirmation).
// Nothing shows while the answer is awaited, so most people never see it.
import { useQuery } from '@tanstack/react-query';
import { emailConfirmationMessages } from '@server/contract/email-confirmation';
import { trpc } from '../lib/trpc';
import { Alert } from './alert';
import { ResendConfirmation } from './resend-confirmation';

/** account.me, kept for the session: whether the address is confirmed changes only through this banner or its link. */
const meQuery = () => ({ ...trpc.account.me.queryOptions(undefined), staleTime: 5 * 60_000 });

export function ConfirmEmailBanner() {
  const me = useQuery(meQuery());
  if (me.data?.user.emailVerified !== false) return null;
  return (
    <div className="mb-6">
      <Alert tone="info" title={emailConfirmationMessages.subject}>
        <p>{emailConfirmationMessages.banner}</p>
        <ResendConfirmation />
      </Alert>
    </div>
  );
}
