// /welcome (docs/product.md#welcome): an invited customer chooses a password; the answer's session is saved as a
// sign-in would be. Staff with a second factor go on to the code, as at /login. What the link removed from the
// account (docs/product.md#e-mail-confirmation) is said before going on, when there is anything to say.
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { brand } from '@server/contract/brand';
import { accountClearedMatters, accountClearedText, type AccountCleared } from '@server/contract/email-confirmation';
import { messages } from '@server/contract/messages';
import { newPasswordForm, passwordResetMessages } from '@server/contract/password-reset';
import { Alert } from '../../components/alert';
import { Button, textLinkClass as linkClass } from '../../components/button';
import { PageHeading } from '../../components/page';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient } from '../../lib/trpc';
import { homePathOf } from '../../lib/guards';
import { saveSession, useSession, type Session } from '../../lib/session';
import { FormMessage, NewPasswordFields } from '../../components/form-message';
import { RememberMeField } from './remember-me';
import { SecondFactorStep } from './second-factor-step';

const route = getRouteApi('/welcome');

const welcomeForm = newPasswordForm.and(z.object({ remember: z.boolean() }));

export function WelcomePage() {
  const { token } = route.useSearch();
  return (
    <div className="mx-auto max-w-md">
      <PageHeading
        title={`Welcome to ${brand.name}`}
        lead={token ? 'Choose a password for your account. You will then be signed in and can see your policy and its certificate.' : undefined}
      />
      {token ? <WelcomeForm token={token} /> : <LinkProblem title="This page needs the link from your email" />}
    </div>
  );
}

/**
 * Nothing to do on this page without a working link: a reset link e-mailed to the same address does the job. Someone
 * signed in already (their first password sign-in spends the invitation: docs/product.md#welcome) is shown the way home.
 */
function LinkProblem({ title }: { title: string }) {
  const session = useSession();
  if (session) {
    return (
      <Alert tone="error" title={title}>
        <p>You are signed in as {session.user.username}. To choose another password, use the account page.</p>
        <p className="mt-2">
          <Link to={homePathOf(session)} className={linkClass}>
            Go to your account
          </Link>
        </p>
      </Alert>
    );
  }
  return (
    <Alert tone="error" title={title}>
      <p>Each link works once, for 7 days. We can e-mail you a new link to choose your password.</p>
      <p className="mt-2">
        <Link to="/forgotpassword" className={linkClass}>
          Send me a new link
        </Link>
      </p>
    </Alert>
  );
}

function WelcomeForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [linkDead, setLinkDead] = useState(false);
  const [signInInstead, setSignInInstead] = useState(false);
  const [removed, setRemoved] = useState<AccountCleared | null>(null);
  const [codeStep, setCodeStep] = useState<{ challenge: string; remember: boolean } | null>(null);
  const [signedIn, setSignedIn] = useState<Session | null>(null);
  const { field, register, isSubmitting, message, submit } = useContractForm(
    welcomeForm,
    { password: '', confirmPassword: '', remember: true },
    { serverFields: ['password'] },
  );

  const onSubmit = submit(
    async (input) => {
      const answer = await trpcClient.passwordReset.confirm.mutate({ token, password: input.password, remember: input.remember });
      setRemoved(answer.removed);
      // Staff with a second factor: the password is set, and the code is asked as after a password.
      if (answer.secondFactor) return setCodeStep({ challenge: answer.secondFactor.challenge, remember: input.remember });
      // A reset link opened here: the password changed, but such a link signs nobody in.
      if (!answer.session) return setSignInInstead(true);
      await signInWith(answer.session.token, input.remember, answer.removed);
    },
    (failure, placed) => {
      if (placed > 0) return null;
      if (failure.kind === 'unexpected') return messages.internal;
      // Used, expired or damaged: the only way on is a new link.
      if (failure.kind === 'server' && failure.status === 400) setLinkDead(true);
      return failure.status === 400 ? null : failure.message;
    },
  );

  /** Saves the session and goes home, or first says what the link removed from the account. */
  async function signInWith(sessionToken: string, remember: boolean, cleared: AccountCleared | null) {
    try {
      const session = saveSession(sessionToken, remember);
      if (cleared && accountClearedMatters(cleared)) {
        setSignedIn(session);
        return;
      }
      await navigate({ to: homePathOf(session), replace: true });
    } catch {
      setSignInInstead(true);
    }
  }

  const removedText = removed ? <p className="mt-2">{accountClearedText(removed, 'all')}</p> : null;
  if (linkDead) return <LinkProblem title="This link has already been used or has expired" />;
  if (signInInstead) {
    return (
      <Alert tone="success" title={passwordResetMessages.welcomed}>
        <p>Your password is set. Sign in with your e-mail address and the password you chose.</p>
        {removedText}
        <p className="mt-2">
          <Link to="/login" className={linkClass}>
            Go to the login page
          </Link>
        </p>
      </Alert>
    );
  }
  if (signedIn) {
    return (
      <Alert tone="success" title={passwordResetMessages.welcomed}>
        {removedText}
        <p className="mt-2">
          <Link to={homePathOf(signedIn)} replace className={linkClass}>
            Go to your account
          </Link>
        </p>
      </Alert>
    );
  }
  if (codeStep) {
    return (
      <>
        <Alert tone="success" title={passwordResetMessages.welcomed}>
          {removedText}
          <p className="mt-2">One more step: your second factor.</p>
        </Alert>
        <div className="mt-6">
          <SecondFactorStep
            challenge={codeStep.challenge}
            remember={codeStep.remember}
            onSignedIn={(sessionToken) => signInWith(sessionToken, codeStep.remember, null)}
            onRestart={() => void navigate({ to: '/login' })}
          />
        </div>
      </>
    );
  }

  return (
    <>
      {message ? <FormMessage notice={message} /> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Choose your password">
        <NewPasswordFields field={field} />
        <RememberMeField {...register('remember')} />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className="w-full">
          {isSubmitting ? 'Saving...' : 'Set password and sign in'}
        </Button>
      </form>
    </>
  );
}
