// "Sign in with a passkey" on /login (docs/product.md#passkeys): no username needed, the browser offers the passkeys
// it holds for this site. A staff account is not asked for its second factor after it: the passkey is one. A form of
// its own, prerendered with the page, so a tap before the app is live is replayed once it is (boot/early-input.ts).
import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { passkeyLoginInput } from '@server/contract/passkeys';
import { Button } from '../../components/button';
import { useLiveForm } from '../../lib/hydration';
import { trpcClient } from '../../lib/trpc';
import { ceremonyFailure } from './passkey-errors';

export function PasskeySignIn({
  remember,
  onSignedIn,
  onFailed,
}: {
  remember: () => boolean;
  onSignedIn: (token: string, remember: boolean) => Promise<void>;
  onFailed: (text: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const live = useLiveForm();

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (!browserSupportsWebAuthn()) {
      onFailed('Login failed: this browser cannot use passkeys. Please sign in with your password.');
      return;
    }
    setBusy(true);
    const keep = remember();
    try {
      const { options } = await trpcClient.account.passkeyLogin.options.mutate();
      const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
      const answer = await trpcClient.account.passkeyLogin.login.mutate({ response: response as z.input<typeof passkeyLoginInput>['response'], remember: keep });
      await onSignedIn(answer.token, keep);
    } catch (err) {
      onFailed(ceremonyFailure(err, 'Login failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form {...live} noValidate onSubmit={(e) => void signIn(e)} aria-label="Sign in with a passkey" className="mt-6 border-t border-brand-100 pt-6">
      <Button type="submit" variant="secondary" className="w-full" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
      <p className="mt-2 text-sm text-ink-muted">If you added a passkey on your account page, sign in with your fingerprint, face or screen lock.</p>
    </form>
  );
}
