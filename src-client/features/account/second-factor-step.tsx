// The sign-in's second step for staff with a second factor (docs/product.md#second-factor-for-staff): the code from
// the authenticator app, or a recovery code instead. The code field takes focus when the step appears.
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { Button, textLinkClass as linkClass } from '../../components/button';
import { TextField } from '../../components/field';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient } from '../../lib/trpc';
import { FormMessage } from '../../components/form-message';

/** A code typed as it is sent (the server reads it); only an empty one is refused here, with `required`. */
export const codeForm = (required: string) => z.object({ code: z.string().refine((code) => code.trim() !== '', required) });

interface Props {
  challenge: string;
  remember: boolean;
  /** The session token, once the code is accepted. */
  onSignedIn: (token: string) => Promise<void>;
  /** Back to the password: the challenge lapsed, or the person wants to start again. */
  onRestart: () => void;
}

export function SecondFactorStep({ challenge, remember, onSignedIn, onRestart }: Props) {
  const [recovery, setRecovery] = useState(false);
  const schema = useMemo(() => codeForm(recovery ? 'Enter a recovery code' : 'Enter the 6-digit code'), [recovery]);
  const { field, reset, setError, setFocus, isSubmitting, message, clear, submit } = useContractForm(schema, { code: '' }, { reValidateMode: 'onSubmit' });
  useEffect(() => setFocus('code'), [recovery, setFocus]);

  const onSubmit = submit(
    async ({ code }) => {
      const { token } = await trpcClient.account.secondFactor.login.mutate({ challenge, code, remember });
      await onSignedIn(token);
    },
    // A code refused (wrong, used, mistyped) is the field's to correct; anything else is the notice's.
    (failure, placed) => {
      if (placed > 0) return null;
      if (failure.status !== 401 && failure.status !== 400) return `Login failed: ${failure.message}`;
      setError('code', { type: 'server', message: failure.message }, { shouldFocus: true });
      return null;
    },
  );

  return (
    <>
      {message ? <FormMessage notice={message} /> : null}
      <form
        noValidate
        onSubmit={(e) => {
          clear();
          void onSubmit(e);
        }}
        className="space-y-5"
        aria-label="Second factor"
      >
        <p>{recovery ? 'Enter one of the recovery codes you saved when you set up your second factor. Each works once.' : 'Enter the 6-digit code your authenticator app shows for this site.'}</p>
        <TextField
          label={recovery ? 'Recovery code' : 'Code from your app'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize="characters"
          spellCheck={false}
          {...field('code')}
        />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className="w-full">
          Verify and sign in
        </Button>
      </form>
      <p className="mt-6">
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setRecovery(!recovery);
            reset();
          }}
        >
          {recovery ? 'Use the code from your app' : 'Use a recovery code'}
        </button>
      </p>
      <p className="mt-3">
        <button type="button" className={linkClass} onClick={onRestart}>
          Start again with your password
        </button>
      </p>
    </>
  );
}
