// /forgotpassword (docs/product.md#password-reset): a real request. The server answers the same text
// whether or not the address has an account, so this page cannot tell either.
import { Link } from '@tanstack/react-router';
import { passwordResetMessages, passwordResetRequestInput } from '@server/contract/password-reset';
import { Button, textLinkClass as linkClass } from '../../components/button';
import { TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient } from '../../lib/trpc';
import { FormMessage } from '../../components/form-message';


export function ForgotPasswordPage() {
  const { field, reset, isSubmitting, early, message, submit } = useContractForm(passwordResetRequestInput, { email: '' });
  const onSubmit = submit(
    async (input) => {
      const answer = await trpcClient.passwordReset.request.mutate(input);
      reset({ email: '' });
      return answer.message || passwordResetMessages.requested;
    },
    (_failure, placed) => (placed > 0 ? null : passwordResetMessages.requestFailed),
  );

  return (
    <div className="mx-auto max-w-md">
      <PageHeading
        title="Forgot your password"
        lead="Enter the email address of your account. If it matches an account, we will send you a link to choose a new password. The link works once, for 30 minutes."
      />
      {message ? <FormMessage notice={message} /> : null}
      <form {...early.form} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Forgot your password">
        <TextField label="Email" type="email" autoComplete="email" spellCheck={false} {...field('email')} {...early.field('email')} />
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
