// /account (docs/product.md#account): the signed-in person's own details, e-mail address, password and the devices
// they are signed in on, their passkeys. Each section saves on its own; the server checks every rule again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import {
  accountMessages,
  changeEmailInput,
  passkeysAfterChangeText,
  changePasswordForm,
  updateDetailsInput,
  type AccountDetailsView,
  type SessionView,
} from '@server/contract/account';
import { formatUkPhone } from '@server/contract/phone';
import { Alert } from '../../components/alert';
import { Button, textLinkClass } from '../../components/button';
import { CheckboxField, TextField } from '../../components/field';
import { PageHeading } from '../../components/page';
import { failureOf } from '../../lib/call-errors';
import { useContractForm } from '../../lib/contract-form';
import { renewSession, useSession } from '../../lib/session';
import { trpcClient } from '../../lib/trpc';
import { FormMessage, notice, type Notice } from '../../components/form-message';
import { dateTime, LoadedList } from './account-lists';
import { CloseAccountSection } from './close-account-section';
import { ConfirmFirst } from './confirm-first';
import { MyDataSection } from './my-data-section';
import { PASSKEYS_KEY, PasskeysSection, usePasskeys } from './passkeys-section';

const DETAILS_KEY = ['account', 'details'] as const;
const SESSIONS_KEY = ['account', 'sessions'] as const;

export function AccountPage() {
  const details = useQuery({ queryKey: DETAILS_KEY, queryFn: () => trpcClient.account.details.query() });
  const isStaff = useSession()?.isAdmin === true;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeading title="Your account" lead="Your details, your e-mail address and password, where you are signed in, and the data we hold about you." />
      {details.isPending ? (
        <p role="status" className="text-lg text-ink-muted">
          Loading your account...
        </p>
      ) : details.isError ? (
        <Alert tone="error" title="Your account could not be loaded">
          <p>{failureOf(details.error).message}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void details.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="space-y-10">
          <DetailsSection account={details.data} />
          <EmailSection account={details.data} />
          <PasswordSection />
          <SessionsSection />
          <PasskeysSection emailVerified={details.data.emailVerified} />
          {isStaff ? (
            <Section id="account-second-factor" title="Second factor" lead="Staff sign in with a code from an authenticator app after the password.">
              <Link to="/account/two-factor" className={textLinkClass}>
                Set up or remove your second factor
              </Link>
            </Section>
          ) : null}
          <MyDataSection />
          {/* Staff accounts are closed by an owner in the console (docs/product.md#closing-your-account). */}
          {isStaff ? null : <CloseAccountSection />}
        </div>
      )}
    </div>
  );
}

function Section({ id, title, lead, children }: { id: string; title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-brand-100 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-2xl font-bold text-brand-700">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-ink-muted">{lead}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function DetailsSection({ account }: { account: AccountDetailsView }) {
  const queryClient = useQueryClient();
  const { field, isSubmitting, message, submit } = useContractForm(updateDetailsInput, {
    name: account.name ?? '',
    phone: account.phone ? formatUkPhone(account.phone) : '',
  });
  const onSubmit = submit(async (input) => {
    queryClient.setQueryData(DETAILS_KEY, await trpcClient.account.updateDetails.mutate(input));
    return accountMessages.detailsSaved;
  });

  return (
    <Section id="account-details" title="Your details">
      {message ? <FormMessage notice={message} /> : null}
      <dl className="mb-5">
        <dt className="font-semibold text-ink">Username</dt>
        <dd className="text-ink">{account.username}</dd>
      </dl>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Your details">
        <TextField label="Name" autoComplete="name" required={false} {...field('name')} />
        <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" required={false} hint="A UK number, such as 07700 900123." {...field('phone')} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save details'}
        </Button>
      </form>
    </Section>
  );
}

function EmailSection({ account }: { account: AccountDetailsView }) {
  const queryClient = useQueryClient();
  const { field, reset, isSubmitting, message, say, submit } = useContractForm(changeEmailInput, { email: '', currentPassword: '' });
  const onSubmit = submit(async (input) => {
    const answer = await trpcClient.account.changeEmail.mutate(input);
    reset();
    say('success', answer.message);
    await queryClient.invalidateQueries({ queryKey: DETAILS_KEY });
  });

  return (
    <Section
      id="account-email"
      title="E-mail address"
      lead="We send a link to the new address; your address changes only when you open it, and we tell the old one."
    >
      {message ? <FormMessage notice={message} /> : null}
      <p className="mb-4">
        Your address: <strong className="break-all">{account.email}</strong>
        {account.emailVerified ? ' (confirmed)' : ' (not confirmed yet)'}
      </p>
      {account.pendingEmail && account.pendingEmailExpiresAt ? (
        <div className="mb-4">
          <Alert tone="info">
            <p>
              Waiting for you to open the link we sent to <strong className="break-all">{account.pendingEmail}</strong> (it works until{' '}
              {dateTime(account.pendingEmailExpiresAt)}).
            </p>
          </Alert>
        </div>
      ) : null}
      {/* The address may be a stranger's registration of someone else's: proved first (docs/product.md#changing-the-e-mail-address). */}
      {account.emailVerified ? (
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Change your e-mail address">
          <TextField label="New e-mail address" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...field('email')} />
          <TextField label="Current password" type="password" autoComplete="current-password" {...field('currentPassword')} />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send the link'}
          </Button>
        </form>
      ) : (
        <ConfirmFirst why={accountMessages.emailChangeUnconfirmed} />
      )}
    </Section>
  );
}

function PasswordSection() {
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const hasPasskeys = (passkeys.data?.passkeys.length ?? 0) > 0;
  // Ticked: a password changed because someone else knew it should not leave their passkey behind.
  const { field, register, reset, isSubmitting, message, say, submit } = useContractForm(
    changePasswordForm,
    { currentPassword: '', password: '', confirmPassword: '', removePasskeys: true },
    { serverFields: ['currentPassword', 'password'] },
  );
  const onSubmit = submit(async ({ currentPassword, password, removePasskeys }) => {
    // The box shows only beside passkeys to keep; unshown, it stays ticked and the answer says what went.
    const answer = await trpcClient.account.changePassword.mutate({ currentPassword, password, removePasskeys });
    // This device goes on under its new token; every other one is signed out.
    renewSession(answer.token);
    reset();
    say('success', [answer.message, passkeysAfterChangeText(answer.passkeysRemoved, answer.passkeysRemaining)].filter(Boolean).join(' '));
    await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
  });

  return (
    <Section id="account-password" title="Password" lead="Changing it signs out every other device, and removes your passkeys unless you keep them.">
      {message ? <FormMessage notice={message} /> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Change your password">
        <TextField label="Current password" type="password" autoComplete="current-password" {...field('currentPassword')} />
        <TextField label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." {...field('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        {hasPasskeys ? (
          <CheckboxField
            label={accountMessages.removePasskeys}
            hint="Untick to keep them: they sign in without your password. Keep them only if every one is yours."
            {...register('removePasskeys')}
          />
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Section>
  );
}

function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => trpcClient.account.sessions.query() });
  const [message, setMessage] = useState<Notice | null>(null);
  const done = (text: string) => {
    setMessage(notice('success', text));
    return queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  };
  const failed = (err: unknown) => setMessage(notice('error', failureOf(err).message));
  const endOne = useMutation({
    mutationFn: (s: SessionView) => trpcClient.account.endSession.mutate({ id: s.id }),
    onSuccess: (_answer, s) => done(`Signed out of ${s.device}.`),
    onError: failed,
  });
  const endOthers = useMutation({
    mutationFn: () => trpcClient.account.signOutOthers.mutate(),
    onSuccess: (answer) => done(answer.ended === 1 ? 'Signed out of 1 other device.' : `Signed out of ${answer.ended} other devices.`),
    onError: failed,
  });
  const busy = endOne.isPending || endOthers.isPending;

  return (
    <Section id="account-sessions" title="Signed in on" lead="Each place your account is signed in. If you do not recognise one, sign it out and change your password.">
      {message ? <FormMessage notice={message} /> : null}
      <LoadedList query={sessions}>
        {(list) => (
          <>
            <ul className="divide-y divide-brand-100" aria-label="Sessions">
              {list.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      {s.device}
                      {s.current ? <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-700">This device</span> : null}
                    </p>
                    <p className="text-sm text-ink-muted">
                      From <span className="break-all">{s.address}</span>. Signed in {dateTime(s.signedInAt)}; last seen {dateTime(s.lastSeenAt)}.
                    </p>
                  </div>
                  {s.current ? null : (
                    <Button variant="secondary" disabled={busy} aria-label={`Sign out ${s.device}, signed in ${dateTime(s.signedInAt)}`} onClick={() => endOne.mutate(s)}>
                      Sign out
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {list.some((s) => !s.current) ? (
              <Button variant="danger" className="mt-4" disabled={busy} onClick={() => endOthers.mutate()}>
                Sign out all other devices
              </Button>
            ) : (
              <p className="mt-3 text-ink-muted">You are signed in on this device only.</p>
            )}
          </>
        )}
      </LoadedList>
    </Section>
  );
}
