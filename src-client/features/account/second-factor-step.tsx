// The sign-in's second step for staff with a second factor (docs/product.md#second-factor-for-staff): the code from
// the authenticator app, or a recovery code instead. The code field takes focus when the step appears.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, textLinkClass as linkClass } from '../../components/button';
import { TextField } from '../../components/field';
import { failureOf } from '../../lib/call-errors';
import { trpcClient } from '../../lib/trpc';
import { FormMessage, notice, type Notice } from '../../components/form-message';

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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), [recovery]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (!code.trim()) {
      setError(recovery ? 'Enter a recovery code' : 'Enter the 6-digit code');
      field.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const { token } = await trpcClient.account.secondFactor.login.mutate({ challenge, code, remember });
      await onSignedIn(token);
    } catch (err) {
      const failure = failureOf(err);
      const text = failure.fieldErrors['code']?.[0] ?? failure.message;
      if (failure.status === 401 || failure.status === 400) {
        setError(text);
        field.current?.focus();
      } else setMessage(notice('error', `Login failed: ${text}`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {message ? <FormMessage notice={message} /> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Second factor">
        <p>{recovery ? 'Enter one of the recovery codes you saved when you set up your second factor. Each works once.' : 'Enter the 6-digit code your authenticator app shows for this site.'}</p>
        <TextField
          ref={field}
          name="code"
          label={recovery ? 'Recovery code' : 'Code from your app'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" disabled={busy} aria-busy={busy || undefined} className="w-full">
          Verify and sign in
        </Button>
      </form>
      <p className="mt-6">
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(undefined);
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
