// /login (SPEC.md §2, §5, §8): username, password, remember-me. On success the session is saved (local
// storage with remember-me, else session storage) and an admin goes to /admin, everyone else to /dashboard.
// Somebody already signed in may still open it and sign in again (as someone else, say).
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loginInput, type LoginInput } from '../../../src-server/contract/schemas';
import { Button, textLinkClass as linkClass } from '../../components/button';
import { CheckboxField, TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { apiFetch } from '../../lib/api';
import { saveSession, TokenDecodeError } from '../../lib/session';
import { FormMessage, notice, type Notice } from './form-message';

const loginMessages = {
  failedPrefix: 'Login failed: ',
  unexpected: 'Login failed: Unexpected response',
  decodeFailed: 'Login succeeded but failed to decode token.',
  processingFailed: 'Login succeeded but processing user data failed.',
} as const;


/** "in 15 minutes" / "in 40 seconds", from a Retry-After header. */
function waitText(retryAfter: string | null): string | null {
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds < 60) return `in ${Math.ceil(seconds)} second${Math.ceil(seconds) === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

async function readJson(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function LoginPage() {
  const navigate = useNavigate();
  const [message, setMessage] = useState<Notice | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof loginInput>, unknown, LoginInput>({
    resolver: zodResolver(loginInput),
    defaultValues: { username: '', password: '', remember: false },
    shouldFocusError: true,
  });

  async function onSubmit(input: LoginInput) {
    setMessage(null);
    let res: Response;
    try {
      res = await apiFetch('/login', { method: 'POST', body: input, anonymous: true });
    } catch (err) {
      // SPEC.md §8: else the network message.
      setMessage(notice('error', loginMessages.failedPrefix + (err instanceof Error ? err.message : String(err))));
      return;
    }
    const body = await readJson(res);
    if (res.status !== 200) {
      const error = typeof body?.['error'] === 'string' ? body['error'] : null;
      if (!error) {
        setMessage(notice('error', loginMessages.unexpected));
        return;
      }
      // A 429 says how long to wait (Retry-After); the server's text says to wait.
      const wait = res.status === 429 ? waitText(res.headers.get('retry-after')) : null;
      setMessage(notice('error', loginMessages.failedPrefix + error + (wait ? ` You can try again ${wait}.` : '')));
      return;
    }
    try {
      const session = saveSession(body?.['token'] as string, input.remember);
      await navigate({ to: session.isAdmin ? '/admin' : '/dashboard' });
    } catch (err) {
      setMessage(notice('error', err instanceof TokenDecodeError ? loginMessages.decodeFailed : loginMessages.processingFailed));
    }
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeading title="Login" lead="Sign in to see your policies and certificates." />
      {message ? <FormMessage notice={message} /> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Login">
        <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} error={errors.username?.message} {...register('username')} />
        <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <CheckboxField label="Remember me" {...register('remember')} />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className="w-full">
          Login
        </Button>
      </form>
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
