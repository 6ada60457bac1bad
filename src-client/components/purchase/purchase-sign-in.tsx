// The purchase's sign-in (docs/product.md#paying-online): an account is needed to buy, so the person signs in or
// makes one here, the request's address filled in, without leaving the price. A new account is signed in at once and
// its confirmation e-mail carries the code the next step asks for.
import { useState } from 'react';
import { loginInput, registerInput } from '@server/contract/schemas';
import { Button } from '../button';
import { CheckboxField, NewUsernameField, TextField } from '../field';
import { FormMessage } from '../form-message';
import { useContractForm } from '../../lib/contract-form';
import { saveSession } from '../../lib/session';
import { trpcClient } from '../../lib/trpc';
import { StepHeading } from './step-heading';

/** Signs in and keeps the session; a staff account's second factor is asked on /login, not here. */
async function signIn(username: string, password: string, remember: boolean): Promise<void> {
  const answer = await trpcClient.account.login.mutate({ username, password, remember });
  if ('secondFactorRequired' in answer) throw new Error('This account signs in with a second factor: sign in on the Login page, then come back.');
  saveSession(answer.token, remember);
}

export function PurchaseSignIn({ email }: { email: string }) {
  const [mode, setMode] = useState<'choose' | 'sign-in' | 'register'>('choose');
  if (mode === 'choose') {
    return (
      <>
        <StepHeading>Sign in to buy</StepHeading>
        <p className="mt-2 break-words">Your cover and its certificate are kept in your account. Sign in, or create an account with {email}.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onClick={() => setMode('sign-in')}>Sign in</Button>
          <Button variant="secondary" onClick={() => setMode('register')}>
            Create account
          </Button>
        </div>
      </>
    );
  }
  const other = mode === 'sign-in' ? 'register' : 'sign-in';
  return (
    <>
      {mode === 'sign-in' ? <SignInForm email={email} /> : <RegisterForm email={email} />}
      <p className="mt-4">
        <Button variant="secondary" onClick={() => setMode(other)}>
          {other === 'register' ? 'Create an account instead' : 'Sign in instead'}
        </Button>
      </p>
    </>
  );
}

function SignInForm({ email }: { email: string }) {
  const { field, register, isSubmitting, message, submit } = useContractForm(loginInput, { username: email, password: '', remember: true }, { serverFields: [] });
  const onSubmit = submit(
    (input) => signIn(input.username, input.password, input.remember),
    (failure) => `Sign-in failed: ${failure.message}`,
  );
  return (
    <>
      <StepHeading>Sign in</StepHeading>
      {message ? <FormMessage notice={message} /> : null}
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="Sign in">
        <TextField label="Username or e-mail" autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        <CheckboxField
          defaultChecked
          label="Keep me signed in on this device"
          hint="Needed to show your certificate offline. Untick this on a shared computer."
          {...register('remember')}
        />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </>
  );
}

function RegisterForm({ email }: { email: string }) {
  const { field, isSubmitting, message, submit } = useContractForm(registerInput, { username: '', email, password: '' });
  const onSubmit = submit(async (input) => {
    await trpcClient.account.register.mutate({ username: input.username, email: input.email, password: input.password });
    // Kept on the device: the certificate is shown offline from this session (docs/product.md#offline).
    await signIn(input.username, input.password, true);
  });
  return (
    <>
      <StepHeading>Create your account</StepHeading>
      {message ? <FormMessage notice={message} /> : null}
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="Create account">
        <NewUsernameField label="Username" {...field('username')} />
        <TextField label="E-mail" type="email" autoComplete="email" hint="The quote's address: we e-mail it a code to prove it is yours." {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Creating...' : 'Create account'}
        </Button>
      </form>
    </>
  );
}
