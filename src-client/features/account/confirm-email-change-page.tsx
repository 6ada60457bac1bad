// /confirm-email-change (docs/product.md#account): the link e-mailed to a new address changes the account's address
// only for the account that asked, signed in; signed out, the page asks to sign in and comes back here.
import { getRouteApi, Link } from '@tanstack/react-router';
import { Alert } from '../../components/alert';
import { Button, textLinkClass } from '../../components/button';
import { failureOf } from '../../lib/call-errors';
import { trpcClient } from '../../lib/trpc';
import { EmailedLinkPage, useLinkCall } from './emailed-link';

const route = getRouteApi('/_data/confirm-email-change');

export function ConfirmEmailChangePage() {
  return (
    <EmailedLinkPage title="Confirm your new e-mail address" token={route.useSearch().token} signIn="Sign in to the account that asked for this address.">
      {(token, session) => <Confirm token={token} username={session.user.username} />}
    </EmailedLinkPage>
  );
}

function Confirm({ token, username }: { token: string; username: string }) {
  // Requests and policies that waited for the new address are the account's now.
  const confirm = useLinkCall(() => trpcClient.account.confirmEmailChange.mutate({ token }));

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
