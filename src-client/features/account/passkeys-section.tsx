// "Passkeys" on /account (docs/product.md#passkeys): the person's own passkeys, adding one on this device (the
// browser's WebAuthn ceremony, through @simplewebauthn/browser) and removing one. Adding asks for the current
// password first, and for staff with a second factor a code; an account whose address is unconfirmed adds none.
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { addPasskeyInput, passkeyMessages, passkeyOptionsInput, type PasskeyView } from '@server/contract/passkeys';
import { codeField } from '@server/contract/second-factor';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { failureOf } from '../../lib/call-errors';
import { useContractForm } from '../../lib/contract-form';
import { useSession } from '../../lib/session';
import { trpcClient } from '../../lib/trpc';
import { FormMessage } from '../../components/form-message';
import { dateTime, LoadedList } from './account-lists';
import { ceremonyFailure } from './passkey-errors';
import { usePasskeySupport } from './passkey-support';
import { ConfirmFirst } from './confirm-first';

export const PASSKEYS_KEY = ['account', 'passkeys'] as const;
const addForm = z.object({ name: addPasskeyInput.shape.name, currentPassword: passkeyOptionsInput.shape.currentPassword, code: z.string() });

/** The account's passkeys, shared by this section and the password section (which says which remain after a change). */
export const usePasskeys = () => useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => trpcClient.account.passkeys.list.query() });

export function PasskeysSection({ emailVerified }: { emailVerified: boolean }) {
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const supported = usePasskeySupport();
  const isStaff = useSession()?.isAdmin === true;
  const factor = useQuery({ queryKey: ['account', 'second-factor'], queryFn: () => trpcClient.account.secondFactor.status.query(), enabled: isStaff });
  // Staff with a second factor type a code too; the server's asking for one shows the field as well.
  const [codeAsked, setCodeAsked] = useState(false);
  const needsCode = codeAsked || factor.data?.enrolled === true;
  const schema = useMemo(
    () =>
      addForm.superRefine((v, ctx) => {
        if (!needsCode) return;
        const checked = codeField.safeParse(v.code);
        if (!checked.success) ctx.addIssue({ code: 'custom', path: ['code'], message: checked.error.issues[0]?.message ?? passkeyMessages.codeRequired });
      }),
    [needsCode],
  );
  const { field, reset, isSubmitting, message, say, submit } = useContractForm(schema, { name: '', currentPassword: '', code: '' });

  // Which call a failure came from: the password's check says the passkey was not added, the last call just why.
  let step: 'options' | 'add' = 'options';
  const onAdd = submit(
    async ({ name, currentPassword, code }) => {
      step = 'options';
      const { options } = await trpcClient.account.passkeys.options.mutate({ currentPassword, ...(needsCode ? { code } : {}) });
      let response;
      try {
        response = await startRegistration({
          optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
        });
      } catch (err) {
        return say('error', ceremonyFailure(err, 'The passkey was not added'));
      }
      step = 'add';
      const added = await trpcClient.account.passkeys.add.mutate({
        name,
        response: response as z.input<typeof addPasskeyInput>['response'],
      });
      reset();
      say('success', `Passkey “${added.name}” added. You can now sign in with it.`);
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    },
    (failure, placed) => {
      if (step === 'options' && failure.fieldErrors['code']) setCodeAsked(true);
      if (placed > 0) return null;
      return step === 'options' ? `The passkey was not added: ${failure.message}` : failure.message;
    },
  );

  const remove = useMutation({
    mutationFn: (p: PasskeyView) => trpcClient.account.passkeys.remove.mutate({ id: p.id }),
    onSuccess: async (_answer, p) => {
      say('success', `Passkey “${p.name}” removed.`);
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    },
    onError: (err) => say('error', failureOf(err).message),
  });

  return (
    <section aria-labelledby="account-passkeys" className="rounded-lg border border-brand-100 bg-white p-5 shadow-sm">
      <h2 id="account-passkeys" className="text-2xl font-bold text-brand-700">
        Passkeys
      </h2>
      <p className="mt-1 text-ink-muted">Sign in with your fingerprint, face or screen lock instead of your password. Optional: your password still works.</p>
      <div className="mt-4">
        {message ? <FormMessage notice={message} /> : null}
        <LoadedList query={passkeys}>
          {({ passkeys: list }) =>
            list.length === 0 ? (
              <p className="text-ink-muted">You have no passkeys yet.</p>
            ) : (
              <ul className="divide-y divide-brand-100" aria-label="Your passkeys">
                {list.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-ink">{p.name}</p>
                      <p className="text-sm text-ink-muted">
                        Added {dateTime(p.createdAt)}; {p.lastUsedAt ? `last used ${dateTime(p.lastUsedAt)}` : 'not used yet'}.
                      </p>
                    </div>
                    <Button variant="secondary" disabled={remove.isPending} aria-label={`Remove passkey ${p.name}`} onClick={() => remove.mutate(p)}>
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )
          }
        </LoadedList>
        {!emailVerified ? (
          <div className="mt-5">
            <ConfirmFirst why={passkeyMessages.unconfirmed} />
          </div>
        ) : supported ? (
          <form noValidate onSubmit={onAdd} className="mt-5 space-y-5" aria-label="Add a passkey">
            <TextField
              label="Name for the passkey"
              hint="So you can tell your passkeys apart, such as “My phone”."
              autoComplete="off"
              {...field('name')}
            />
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              hint="A passkey signs in without your password, so we ask for it first."
              {...field('currentPassword')}
            />
            {needsCode ? (
              <TextField
                label="Code from your app"
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                hint="The 6-digit code your authenticator app shows, or a recovery code."
                {...field('code')}
              />
            ) : null}
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Waiting for your device...' : 'Add a passkey'}
            </Button>
          </form>
        ) : (
          <p className="mt-4 text-ink-muted">This browser cannot make passkeys.</p>
        )}
      </div>
    </section>
  );
}
