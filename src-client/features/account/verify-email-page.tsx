// /verify-email (docs/product.md#e-mail-confirmation): the link confirms the address only for the account signed in,
// so a stranger's link confirms nothing; signed out, the page asks to sign in and comes back here. Confirmed, it says
// what was removed from the account as made before the address was proved.
import { useMutation } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { accountClearedMatters, accountClearedText, emailConfirmationMessages } from '@server/contract/email-confirmation';
import { Alert } from '../../components/alert';
import { Button, textLinkClass } from '../../components/button';
import { failureOf } from '../../lib/call-errors';
import { homePathOf } from '../../lib/guards';
import type { Session } from '../../lib/session';
import { trpcClient } from '../../lib/trpc';
import { EmailedLinkPage, useLinkCall } from './emailed-link';

const route = getRouteApi('/_data/verify-email');

export function VerifyEmailPage() {
  return (
    <EmailedLinkPage title={emailConfirmationMessages.subject} token={route.useSearch().token} signIn="Sign in to the account you made with this address to confirm it.">
      {(token, session) => <Confirm token={token} session={session} />}
    </EmailedLinkPage>
  );
}

function Confirm({ token, session }: { token: string; session: Session }) {
  // Requests and policies that waited for the address are the account's now.
  const confirm = useLinkCall(() => trpcClient.account.verifyEmail.confirm.mutate({ token }));
  const resend = useMutation({ mutationFn: () => trpcClient.account.verifyEmail.request.mutate() });

  if (confirm.isSuccess) {
    return (
      <Alert tone="success" title={confirm.data.message}>
        {confirm.data.removed && accountClearedMatters(confirm.data.removed) ? <p className="mt-2">{accountClearedText(confirm.data.removed, 'others')}</p> : null}
        <p className="mt-2">
          <Link to={homePathOf(session)} className={textLinkClass}>
            Go to your account
          </Link>
        </p>
      </Alert>
    );
  }
  if (confirm.isError) {
    const failure = failureOf(confirm.error);
    const dead = failure.kind === 'server' && failure.status === 400;
    return (
      <Alert tone="error" title={failure.message}>
        {dead ? (
          resend.isSuccess ? (
            <p className="mt-2">{resend.data.message}</p>
          ) : (
            <Button variant="secondary" className="mt-3" disabled={resend.isPending} onClick={() => resend.mutate()}>
              {resend.isPending ? 'Sending...' : emailConfirmationMessages.sendAgain}
            </Button>
          )
        ) : failure.kind === 'server' && failure.status === 403 ? (
          <p>You are signed in as {session.user.username}.</p>
        ) : (
          <Button variant="secondary" className="mt-3" onClick={() => confirm.mutate()}>
            Try again
          </Button>
        )}
        {resend.isError ? <p className="mt-2">{failureOf(resend.error).message}</p> : null}
      </Alert>
    );
  }
  return (
    <p role="status" className="text-lg text-ink-muted">
      Confirming your e-mail address...
    </p>
  );
}
