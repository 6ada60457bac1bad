// /confirm-email-change (docs/product.md#account): the link e-mailed to a new address changes the account's address
// only for the account that asked, signed in; signed out, the page asks to sign in and comes back here.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Alert } from '../../components/alert';
import { Button, buttonClass, textLinkClass } from '../../components/button';
import { PageHeading } from '../../components/page';
import { failureOf } from '../../lib/call-errors';
import { useSession } from '../../lib/session';
import { trpcClient } from '../../lib/trpc';

const route = getRouteApi('/_data/confirm-email-change');

export function ConfirmEmailChangePage() {
  const { token } = route.useSearch();
  const session = useSession();
  const { href } = useLocation();
  return (
    <div className="mx-auto max-w-md">
      <PageHeading title="Confirm your new e-mail address" />
      {!token ? (
        <Alert tone="error" title="This page needs the link from your email" />
      ) : !session ? (
        <div className="space-y-4">
          <p className="text-lg">Sign in to the account that asked for this address. You will come back here.</p>
          <Link to="/login" search={{ next: href }} className={buttonClass('primary')}>
            Sign in to confirm
          </Link>
        </div>
      ) : (
        <Confirm token={token} username={session.user.username} />
      )}
    </div>
  );
}

function Confirm({ token, username }: { token: string; username: string }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => trpcClient.account.confirmEmailChange.mutate({ token }),
    // Requests and policies that waited for the new address are the account's now.
    onSuccess: () => queryClient.invalidateQueries(),
  });
  // Once per page, whatever React's development double effects do.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirm.mutate();
  }, [confirm]);

  const toAccount = (
    <p className="mt-2">
      <Link to="/account" className={textLinkClass}>
        Go to your account
      </Link>
    </p>
  );
  if (confirm.isSuccess) {
    return (
      <Alert tone="success" title={confirm.data.message}>
        <p>
          Your address is now <strong className="break-all">{confirm.data.account.email}</strong>.
        </p>
        {toAccount}
      </Alert>
    );
  }
  if (confirm.isError) {
    const failure = failureOf(confirm.error);
    const final = failure.kind === 'server' && [400, 403, 409].includes(failure.status ?? 0);
    return (
      <Alert tone="error" title={failure.message}>
        {failure.kind === 'server' && failure.status === 403 ? <p>You are signed in as {username}.</p> : null}
        {final ? (
          toAccount
        ) : (
          <Button variant="secondary" className="mt-3" onClick={() => confirm.mutate()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  return (
    <p role="status" className="text-lg text-ink-muted">
      Confirming your new e-mail address...
    </p>
  );
}
