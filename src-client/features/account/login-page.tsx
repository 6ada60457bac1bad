// /login (docs/product.md#login). A successful sign-in replaces /login in the history, so Back does not return to a
// form that would only send them on again; a `next` path (lib/return-path.ts) wins over the home page.
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { loginInput } from '@server/contract/schemas';
import { Button, textLinkClass as linkClass } from '../../components/button';
import { TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient } from '../../lib/trpc';
import { homePathOf } from '../../lib/guards';
import { saveSession, TokenDecodeError } from '../../lib/session';
import { FormMessage } from '../../components/form-message';
import { RememberMeField } from './remember-me';
import { PasskeySignIn } from './passkey-sign-in';
import { SecondFactorStep } from './second-factor-step';

export function LoginPage() {
  const navigate = useNavigate();
  const { next } = useSearch({ from: '/login' });
  const [pending, setPending] = useState<{ challenge: string; remember: boolean } | null>(null);
  const { field, register, getValues, isSubmitting, early, message, say, submit } = useContractForm(
    loginInput,
    { username: '', password: '', remember: true },
    { serverFields: [] },
  );
  const onSubmit = submit(
    async (input) => {
      const answer = await trpcClient.account.login.mutate(input);
      // Staff with a second factor: the code next (docs/product.md#second-factor-for-staff).
      if ('secondFactorRequired' in answer) return setPending({ challenge: answer.challenge, remember: input.remember });
      await finish(answer.token, input.remember);
    },
    // The server's or the network's message, else 'Unexpected response' (docs/product.md#login).
    (failure) => (failure.kind === 'unexpected' ? 'Login failed: Unexpected response' : `Login failed: ${failure.message}`),
  );

  async function finish(token: string, remember: boolean) {
    try {
      const session = saveSession(token, remember);
      // Back to the page that asked for a sign-in (a reminder's renewal link), else home.
      await (next ? navigate({ href: next, replace: true }) : navigate({ to: homePathOf(session), replace: true }));
    } catch (err) {
      say('error', err instanceof TokenDecodeError ? 'Login succeeded but failed to decode token.' : 'Login succeeded but processing user data failed.');
    }
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeading title="Login" lead={pending ? 'One more step: your second factor.' : 'Sign in to see your policies and certificates.'} />
      {message ? <FormMessage notice={message} /> : null}
      {pending ? (
        <SecondFactorStep
          challenge={pending.challenge}
          remember={pending.remember}
          onSignedIn={(token) => finish(token, pending.remember)}
          onRestart={() => setPending(null)}
        />
      ) : (
        <>
          <form {...early.form} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Login">
            <TextField label="Username or e-mail" autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} {...early.field('username')} />
            <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} {...early.field('password')} />
            <RememberMeField {...register('remember')} />
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className="w-full">
              Login
            </Button>
          </form>
          <PasskeySignIn remember={() => getValues('remember') ?? false} onSignedIn={finish} onFailed={(text) => say('error', text)} />
        </>
      )}
      <p className="mt-6">
        <Link to="/forgotpassword" className={linkClass}>
          Forgot your password?
        </Link>
      </p>
      <p className="mt-3">
        New to us?{' '}
        <Link to="/register" className={linkClass}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
