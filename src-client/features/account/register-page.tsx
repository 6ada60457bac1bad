// /register (docs/product.md#registration), checked with the server's own schema.
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { emailConfirmationMessages } from '@server/contract/email-confirmation';
import { messages } from '@server/contract/messages';
import { registerInput } from '@server/contract/schemas';
import { Button, textLinkClass as linkClass } from '../../components/button';
import { NewUsernameField, TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient } from '../../lib/trpc';
import { FormMessage } from '../../components/form-message';
import { useLiveForm } from '../../lib/hydration';

/** Registration redirect delay (docs/product.md#limits-and-constants). */
const REDIRECT_DELAY_MS = 2000;
const FIELDS = ['username', 'email', 'password'] as const;


export function RegisterPage() {
  const liveForm = useLiveForm();
  const navigate = useNavigate();
  const [registered, setRegistered] = useState(false);
  const noteId = useId();
  const { field, reset, control, isSubmitting, message, submit } = useContractForm(registerInput, { username: '', email: '', password: '' });
  const values = useWatch({ control, name: FIELDS });
  const allFilled = values.every((v) => typeof v === 'string' && v.trim() !== '');

  useEffect(() => {
    if (!registered) return;
    const timer = window.setTimeout(() => void navigate({ to: '/login' }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [registered, navigate]);

  const onSubmit = submit(
    async (input) => {
      // The server makes a plain user whatever else is sent (docs/product.md#registration).
      await trpcClient.account.register.mutate({ username: input.username, email: input.email, password: input.password });
      reset({ username: '', email: '', password: '' });
      setRegistered(true);
      return messages.registrationSuccess;
    },
    // The server's message, else 'Registration failed'; field messages beside their fields too.
    (failure) => (failure.kind === 'server' && failure.message ? failure.message : messages.registrationFailed),
  );

  return (
    <div className="mx-auto max-w-md">
      <PageHeading title="Register" lead="Create an account to see your policies and certificates online." />
      {message ? (
        <FormMessage notice={message}>
          {registered ? (
            <p className="mt-1">
              {emailConfirmationMessages.sent} Taking you to the{' '}
              <Link to="/login" className={linkClass}>
                login page
              </Link>
              …
            </p>
          ) : null}
        </FormMessage>
      ) : null}
      <form {...liveForm} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Register">
        <NewUsernameField label="Username" {...field('username')} />
        <TextField label="Email" type="email" autoComplete="email" spellCheck={false} {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field('password')}
        />
        <p id={noteId} className="text-sm text-ink-muted">
          All three fields are needed: the Register button works once they are filled in.
        </p>
        <Button type="submit" disabled={!allFilled || isSubmitting || registered} aria-describedby={noteId} className="w-full">
          Register
        </Button>
      </form>
      <p className="mt-6">
        Already have an account?{' '}
        <Link to="/login" className={linkClass}>
          Login
        </Link>
      </p>
    </div>
  );
}
