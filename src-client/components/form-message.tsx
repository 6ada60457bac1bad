// The one message a form shows after it was sent, in the page. It takes focus when it appears, so keyboard and
// screen-reader users land on it.
import { useEffect, useRef, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { NewPasswordForm } from '@server/contract/password-reset';
import { Alert } from './alert';
import { TextField } from './field';
import type { Notice } from '../lib/contract-form';

export { notice, type Notice } from '../lib/contract-form';

export function FormMessage({ notice, children }: { notice: Notice; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [notice.seq]);
  return (
    <div key={notice.seq} ref={ref} tabIndex={-1} className="mb-6 rounded-md focus:outline-2 focus:outline-offset-2 focus:outline-brand-700">
      <Alert tone={notice.tone}>
        <p>{notice.text}</p>
        {children}
      </Alert>
    </div>
  );
}

/** The new password and its confirmation, on /reset-password and /welcome. */
export function NewPasswordFields({ field }: { field: (name: keyof NewPasswordForm) => UseFormRegisterReturn & { error: string | undefined } }) {
  return (
    <>
      <TextField label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." {...field('password')} />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
    </>
  );
}
