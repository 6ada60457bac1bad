// /reset-password (docs/product.md#password-reset). Success ends every session of the account on the server, so
// this browser's session is cleared too; the page says what else the link removed (docs/product.md#e-mail-confirmation).
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { accountClearedText, type AccountCleared } from '@server/contract/email-confirmation';
import { newPasswordForm, passwordResetMessages } from '@server/contract/password-reset';
import { messages } from '@server/contract/messages';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient } from '../../lib/trpc';
import { clearSession } from '../../lib/session';
import { FormMessage, NewPasswordFields } from '../../components/form-message';

const route = getRouteApi('/reset-password');
const linkClass = 'font-semibold underline underline-offset-2';

export function ResetPasswordPage() {
  const { token } = route.useSearch();
  return (
    <div className="mx-auto max-w-md">
      <PageHeading title="Set a new password" />
      {token ? <ResetForm token={token} /> : <MissingToken />}
    </div>
  );
}

function MissingToken() {
  return (
    <Alert tone="error" title="This page needs the link from your email">
      <p>
        Open the password reset link we emailed you, or{' '}
        <Link to="/forgotpassword" className={linkClass}>
          request a new reset email
        </Link>
        .
      </p>
    </Alert>
  );
}

function ResetForm({ token }: { token: string }) {
  const [linkDead, setLinkDead] = useState(false);
  const [removed, setRemoved] = useState<AccountCleared | null>(null);
  const { field, isSubmitting, message, submit } = useContractForm(newPasswordForm, { password: '', confirmPassword: '' }, { serverFields: ['password'] });

  const onSubmit = submit(
    async (input) => {
      const answer = await trpcClient.passwordReset.confirm.mutate({ token, password: input.password });
      clearSession();
      setRemoved(answer.removed);
      return answer.message || passwordResetMessages.changed;
    },
    (failure, placed) => {
      if (placed > 0) return null;
      if (failure.kind !== 'server') return messages.internal;
      // A used, expired or mangled link: the only way on is a new one.
      setLinkDead(failure.status === 400);
      return failure.message;
    },
  );

  if (message?.tone === 'success') {
    return (
      <FormMessage notice={message}>
        {removed ? <p className="mt-2">{accountClearedText(removed, 'all')}</p> : null}
        <p className="mt-2">
          <Link to="/login" className={linkClass}>
            Go to the login page
          </Link>
        </p>
      </FormMessage>
    );
  }

  return (
    <>
      {message ? (
        <FormMessage notice={message}>
          {linkDead ? (
            <p className="mt-2">
              <Link to="/forgotpassword" className={linkClass}>
                Request a new reset email
              </Link>
            </p>
          ) : null}
        </FormMessage>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Set a new password">
        <NewPasswordFields field={field} />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </>
  );
}
