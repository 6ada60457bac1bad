// /forgotpassword (docs/product.md#password-reset): a real request. The server answers the same text
// whether or not the address has an account, so this page cannot tell either.
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { passwordResetMessages, passwordResetRequestInput, type PasswordResetRequestInput } from '@server/contract/password-reset';
import { Button, textLinkClass as linkClass } from '../../components/button';
import { TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { showServerFieldErrors } from '../../lib/call-errors';
import { trpcClient } from '../../lib/trpc';
import { FormMessage, notice, type Notice } from '../../components/form-message';
import { useEarlyForm } from '../../lib/hydration';


export function ForgotPasswordPage() {
  const [message, setMessage] = useState<Notice | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof passwordResetRequestInput>, unknown, PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestInput),
    defaultValues: { email: '' },
    shouldFocusError: true,
  });
  const early = useEarlyForm(passwordResetRequestInput, { email: '' }, trigger);

  async function onSubmit(input: PasswordResetRequestInput) {
    setMessage(null);
    try {
      const answer = await trpcClient.passwordReset.request.mutate(input);
      reset({ email: '' });
      setMessage(notice('success', answer.message || passwordResetMessages.requested));
    } catch (err) {
      if (showServerFieldErrors(err, ['email'], setError) > 0) return;
      setMessage(notice('error', passwordResetMessages.requestFailed));
    }
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeading
        title="Forgot your password"
        lead="Enter the email address of your account. If it matches an account, we will send you a link to choose a new password. The link works once, for 30 minutes."
      />
      {message ? <FormMessage notice={message} /> : null}
      <form {...early.form} noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Forgot your password">
        <TextField label="Email" type="email" autoComplete="email" spellCheck={false} error={errors.email?.message} {...register('email')} {...early.field('email')} />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Sending...' : 'Send Reset Email'}
        </Button>
      </form>
      <p className="mt-6">
        Remembered it?{' '}
        <Link to="/login" className={linkClass}>
          Back to login
        </Link>
      </p>
    </div>
  );
}
