// /register (docs/product.md#registration), checked with the server's own schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { emailConfirmationMessages } from '@server/contract/email-confirmation';
import { messages } from '@server/contract/messages';
import { registerInput, type RegisterInput } from '@server/contract/schemas';
import { Button, textLinkClass as linkClass } from '../../components/button';
import { TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { failureOf, showServerFieldErrors } from '../../lib/call-errors';
import { trpcClient } from '../../lib/trpc';
import { FormMessage, notice, type Notice } from '../../components/form-message';
import { useLiveForm } from '../../lib/hydration';

/** Registration redirect delay (docs/product.md#limits-and-constants). */
const REDIRECT_DELAY_MS = 2000;
const FIELDS = ['username', 'email', 'password'] as const;


export function RegisterPage() {
  const liveForm = useLiveForm();
  const navigate = useNavigate();
  const [message, setMessage] = useState<Notice | null>(null);
  const [registered, setRegistered] = useState(false);
  const noteId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof registerInput>, unknown, RegisterInput>({
    resolver: zodResolver(registerInput),
    defaultValues: { username: '', email: '', password: '' },
    shouldFocusError: true,
  });
  const values = useWatch({ control, name: FIELDS });
  const allFilled = values.every((v) => typeof v === 'string' && v.trim() !== '');

  useEffect(() => {
    if (!registered) return;
    const timer = window.setTimeout(() => void navigate({ to: '/login' }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [registered, navigate]);

  async function onSubmit(input: RegisterInput) {
    setMessage(null);
    try {
      // The server makes a plain user whatever else is sent (docs/product.md#registration).
      await trpcClient.account.register.mutate({ username: input.username, email: input.email, password: input.password });
    } catch (err) {
      showServerFieldErrors(err, FIELDS, setError);
      // The server's message, else 'Registration failed'.
      const failure = failureOf(err);
      setMessage(notice('error', failure.kind === 'server' && failure.message ? failure.message : messages.registrationFailed));
      return;
    }
    reset({ username: '', email: '', password: '' });
    setMessage(notice('success', messages.registrationSuccess));
    setRegistered(true);
  }

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
      <form {...liveForm} noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Register">
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3 to 32 characters: letters, digits, dots, hyphens and underscores."
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField label="Email" type="email" autoComplete="email" spellCheck={false} error={errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
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
