// /account/two-factor (docs/product.md#second-factor-for-staff): a staff member sets up a TOTP authenticator. The
// key is shown as a QR code and as text; it counts once a code from the app is accepted; the ten recovery codes are
// shown that once. With one set up, a current code removes it.
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { SecondFactorSetup, SecondFactorStatus } from '@server/contract/second-factor';
import { Alert } from '../../components/alert';
import { Button, buttonClass, textLinkClass as linkClass } from '../../components/button';
import { TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { failureOf } from '../../lib/call-errors';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient } from '../../lib/trpc';
import { FormMessage, notice, type Notice } from '../../components/form-message';
import { codeForm } from './second-factor-step';

type Step = { kind: 'loading' } | { kind: 'status'; status: SecondFactorStatus } | { kind: 'setup'; setup: SecondFactorSetup } | { kind: 'codes'; codes: string[] };

export function TwoFactorPage() {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [message, setMessage] = useState<Notice | null>(null);

  async function load() {
    try {
      setStep({ kind: 'status', status: await trpcClient.account.secondFactor.status.query() });
    } catch (err) {
      setMessage(notice('error', failureOf(err).message));
    }
  }
  useEffect(() => {
    void load();
  }, []);

  async function start() {
    setMessage(null);
    try {
      setStep({ kind: 'setup', setup: await trpcClient.account.secondFactor.setup.mutate() });
    } catch (err) {
      setMessage(notice('error', failureOf(err).message));
    }
  }

  return (
    <div className="mx-auto max-w-xl">
      <PageHeading title="Second factor" lead="A code from an authenticator app on your phone, asked for after your password." />
      {message ? <FormMessage notice={message} /> : null}
      {step.kind === 'loading' ? <p>Loading…</p> : null}
      {step.kind === 'status' ? <StatusView status={step.status} onStart={start} onRemoved={load} /> : null}
      {step.kind === 'setup' ? <SetupView setup={step.setup} onConfirmed={(codes) => setStep({ kind: 'codes', codes })} /> : null}
      {step.kind === 'codes' ? <RecoveryCodesView codes={step.codes} /> : null}
    </div>
  );
}

function StatusView({ status, onStart, onRemoved }: { status: SecondFactorStatus; onStart: () => void; onRemoved: () => void }) {
  if (!status.available) return <p>A second factor is for staff accounts: yours signs in with its password.</p>;
  if (!status.enrolled) {
    return (
      <div className="space-y-5">
        {status.required ? (
          <Alert tone="info" title="Set up a second factor to continue">
            <p>The owner requires a second factor for every staff account before the staff console opens.</p>
          </Alert>
        ) : null}
        <p>You need an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and the like).</p>
        <Button onClick={onStart}>Set up a second factor</Button>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <Alert tone="success" title="Your second factor is set up">
        <p>
          Signing in asks for a code from your app after your password. Recovery codes left: {status.recoveryCodesLeft} of 10.
        </p>
      </Alert>
      <p>
        <Link to="/admin" className={linkClass}>
          Go to the staff console
        </Link>
      </p>
      <CodeForm
        label="Remove the second factor"
        hint="Enter a code from your app, or a recovery code, to remove it."
        action="Remove"
        variant="danger"
        submit={async (code) => {
          await trpcClient.account.secondFactor.remove.mutate({ code });
          onRemoved();
        }}
      />
    </div>
  );
}

function SetupView({ setup, onConfirmed }: { setup: SecondFactorSetup; onConfirmed: (codes: string[]) => void }) {
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-3 pl-5">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <img src={setup.qrCode} alt="QR code of your new key, for your authenticator app" width={200} height={200} className="mt-2 h-auto max-w-full bg-white" />
        </li>
        <li>
          <p>
            Or type this key into the app: <code id="second-factor-key" className="font-mono break-all">{setup.secret}</code>
          </p>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows.</p>
        </li>
      </ol>
      <CodeForm
        label="Code from your app"
        hint="Six digits; a new one every 30 seconds."
        action="Turn on"
        numeric
        submit={async (code) => onConfirmed((await trpcClient.account.secondFactor.confirm.mutate({ code })).recoveryCodes)}
      />
    </div>
  );
}

function RecoveryCodesView({ codes }: { codes: string[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-5">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold">
        Your second factor is on: save your recovery codes
      </h2>
      <p>If you lose your phone, each of these codes signs you in once instead of the app. They are shown only now: keep them somewhere safe.</p>
      <ul aria-label="Recovery codes" className="grid grid-cols-1 gap-2 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Link to="/admin" className={buttonClass()}>
        I have saved them: go to the console
      </Link>
    </div>
  );
}

interface CodeFormProps {
  label: string;
  hint: string;
  action: string;
  variant?: 'danger';
  numeric?: boolean;
  submit: (code: string) => Promise<void>;
}

const enterTheCode = codeForm('Enter the code');

function CodeForm({ label, hint, action, variant, numeric, submit }: CodeFormProps) {
  const form = useContractForm(enterTheCode, { code: '' }, { reValidateMode: 'onSubmit' });
  // Any refusal is the code's to correct: the field says why.
  const onSubmit = form.submit(
    ({ code }) => submit(code),
    (failure, placed) => {
      if (placed === 0) form.setError('code', { type: 'server', message: failure.message }, { shouldFocus: true });
      return null;
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={label}>
      <TextField label={label} hint={hint} autoComplete="one-time-code" inputMode={numeric ? 'numeric' : 'text'} spellCheck={false} {...form.field('code')} />
      <Button type="submit" variant={variant === 'danger' ? 'danger' : 'primary'} disabled={form.isSubmitting} aria-busy={form.isSubmitting || undefined}>
        {action}
      </Button>
    </form>
  );
}
