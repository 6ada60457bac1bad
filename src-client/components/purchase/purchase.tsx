// "Buy now" (docs/product.md#paying-online): the purchase goes on where the price is, never leaving the page. Signed
// out, the person signs in or makes an account here (the request's address filled in: it is the one to prove);
// signed in to an account whose address is not confirmed, the six-digit code from the e-mail proves it here; signed in
// with another address, we say so and offer to switch. Then the Statement of Fact and the card payment. Each step's
// heading takes focus as it opens, so a keyboard or a screen reader follows the purchase as it moves on.
import { useEffect, useState } from 'react';
import type { AccountDetailsView } from '@server/contract/account';
import { Button } from '../button';
import { failureOf } from '../../lib/call-errors';
import { clearSession, useSession } from '../../lib/session';
import { trpcClient } from '../../lib/trpc';
import { EmailCodeStep } from './email-code-step';
import { PayStep } from './pay-step';
import type { PurchaseProps } from './purchase-props';
import { PurchaseSignIn } from './purchase-sign-in';
import { StepHeading } from './step-heading';


export function Purchase(props: PurchaseProps) {
  const [open, setOpen] = useState(false);
  const label = props.payOnline ? 'Buy now' : 'Accept this price';
  if (!open) {
    return (
      <Button className="mt-6" onClick={() => setOpen(true)} aria-label={props.buttonLabel}>
        {label}
      </Button>
    );
  }
  return (
    <section aria-label="Buy this cover" className="mt-6 rounded-lg border border-brand-100 bg-white p-4 sm:p-6">
      <PurchaseSteps {...props} />
    </section>
  );
}

type Account = Pick<AccountDetailsView, 'email' | 'emailVerified'>;

function PurchaseSteps(props: PurchaseProps) {
  const session = useSession();
  const token = session?.token ?? null;
  const [account, setAccount] = useState<{ token: string; details: Account } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    if (!token || props.requestEmail === null) return;
    let live = true;
    setProblem(null);
    trpcClient.account.details
      .query()
      .then((details) => live && setAccount({ token, details }))
      .catch((err: unknown) => live && setProblem(`Your account could not be read: ${failureOf(err).message}`));
    return () => {
      live = false;
    };
  }, [token, loads, props.requestEmail]);

  if (props.requestEmail === null) return <PayStep {...props} />;
  if (!token) return <PurchaseSignIn email={props.requestEmail} />;
  if (problem) {
    return (
      <p role="alert" className="font-semibold text-red-700">
        {problem}{' '}
        <Button variant="secondary" onClick={() => setLoads((n) => n + 1)}>
          Try again
        </Button>
      </p>
    );
  }
  if (!account || account.token !== token) return <p className="text-ink-muted">Reading your account...</p>;
  const { details } = account;
  if (details.email.trim().toLowerCase() !== props.requestEmail.trim().toLowerCase()) {
    return <OtherAddress requestEmail={props.requestEmail} />;
  }
  if (!details.emailVerified) return <EmailCodeStep email={details.email} onConfirmed={() => setLoads((n) => n + 1)} />;
  return <PayStep {...props} />;
}

/** Signed in with another address: the request is not this account's to buy until its owner signs in. */
function OtherAddress({ requestEmail }: { requestEmail: string }) {
  const [leaving, setLeaving] = useState(false);
  async function switchAccount() {
    setLeaving(true);
    // The session ends on the server too; the page stays, and the sign-in step takes its place.
    await trpcClient.account.logout.mutate().catch(() => undefined);
    clearSession();
  }
  return (
    <>
      <StepHeading>Sign in with the quote&apos;s address</StepHeading>
      <p className="mt-2 break-words">This quote was asked for {requestEmail}: sign in with that address.</p>
      <Button className="mt-4" onClick={() => void switchAccount()} disabled={leaving}>
        Sign out and switch account
      </Button>
    </>
  );
}
