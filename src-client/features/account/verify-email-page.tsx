// /verify-email (docs/product.md#e-mail-confirmation): the link confirms the address only for the account signed in,
// so a stranger's link confirms nothing; signed out, the page asks to sign in and comes back here. Confirmed, it says
// what was removed from the account as made before the address was proved.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { accountClearedMatters, accountClearedText, emailConfirmationMessages } from '@server/contract/email-confirmation';
import { Alert } from '../../components/alert';
import { Button, buttonClass, textLinkClass } from '../../components/button';
import { PageHeading } from '../../components/page';
import { failureOf } from '../../lib/call-errors';
import { homePathOf } from '../../lib/guards';
import { useSession, type Session } from '../../lib/session';
import { trpcClient } from '../../lib/trpc';

const route = getRouteApi('/_data/verify-email');

export function VerifyEmailPage() {
  const { token } = route.useSearch();
  const session = useSession();
  const { href } = useLocation();
  return (
    <div className="mx-auto max-w-md">
      <PageHeading title={emailConfirmationMessages.subject} />
      {!token ? (
        <Alert tone="error" title="This page needs the link from your email" />
      ) : !session ? (
        <div className="space-y-4">
          <p className="text-lg">Sign in to the account you made with this address to confirm it. You will come back here.</p>
          <Link to="/login" search={{ next: href }} className={buttonClass('primary')}>
            Sign in to confirm
          </Link>
        </div>
      ) : (
        <Confirm token={token} session={session} />
      )}
    </div>
  );
}

function Confirm({ token, session }: { token: string; session: Session }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => trpcClient.account.verifyEmail.confirm.mutate({ token }),
    // Requests and policies that waited for the address are the account's now.
    onSuccess: () => queryClient.invalidateQueries(),
  });
  const resend = useMutation({ mutationFn: () => trpcClient.account.verifyEmail.request.mutate() });
  // Once per page, whatever React's development double effects do.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirm.mutate();
  }, [confirm]);

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
