// /purchase/done?policy=KC-… (docs/product.md#paying-online): back from the card provider's page. The payment is
// recorded only by the provider's webhook, so this page only waits for it: it asks for the customer's policies (the
// dashboard's query, which keeps the certificate on the device for offline use) every 1.5 seconds until the policy is
// Active, then shows the certificate. After 2 minutes it stops and says where to look.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { brand, brandTelHref } from '@server/contract/brand';
import { Alert } from '../../components/alert';
import { buttonClass, textLinkClass } from '../../components/button';
import { QUOTE_DRAFT_KEY } from '../../lib/stored-state';
import { useNow } from '../../lib/use-now';
import { PolicyCard } from './policy-card';
import { myPoliciesQuery, useMyPaid } from './queries';

const route = getRouteApi('/_data/purchase/done');

/** How often the policies are asked for while the payment is confirmed. */
const POLL_MS = 1500;
/** How long the page waits for the provider's word before it gives up. */
const GIVE_UP_MS = 2 * 60_000;

export function PurchaseDonePage() {
  const { session } = route.useRouteContext();
  const { policy: number } = route.useSearch();
  const now = useNow();
  const [startedAt] = useState(() => Date.now());
  const gaveUp = now - startedAt > GIVE_UP_MS;
  const query = useQuery({
    ...myPoliciesQuery(session.user.id),
    refetchInterval: (q) => (q.state.data?.some((p) => p.policyNumber === number && p.status === 'active') || Date.now() - startedAt > GIVE_UP_MS ? false : POLL_MS),
  });
  const policy = query.data?.find((p) => p.policyNumber === number);
  const active = policy?.status === 'active';
  const paidFor = useMyPaid(active);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
    if (!active) return;
    // Bought: the wizard's answers and price in this tab have served their purpose (docs/product.md#quote-wizard).
    try {
      sessionStorage.removeItem(QUOTE_DRAFT_KEY);
    } catch {
      // Nothing kept.
    }
  }, [active]);

  if (!number) {
    return (
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold text-brand-700">Your purchase</h1>
        <p className="mt-3">
          This page needs the policy number from the payment page. Your policies are in{' '}
          <Link to="/dashboard" className={textLinkClass}>
            your dashboard
          </Link>
          .
        </p>
      </div>
    );
  }
  if (active && policy) {
    return (
      <div className="max-w-3xl">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-brand-700 sm:text-4xl">
          You&apos;re covered
        </h1>
        <p className="mt-2 mb-6">
          Payment received and policy {policy.policyNumber} is Active. Your certificate is below and in your dashboard, kept on this device for use
          offline; your documents are on their way by e-mail.
        </p>
        <PolicyCard policy={policy} now={now} headingLevel={2} paid={paidFor(policy.policyNumber)} cacheFor={session.user.id} />
        <Link to="/dashboard" className={buttonClass('secondary', 'mt-6')}>
          Go to your dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className="max-w-2xl">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-brand-700 sm:text-4xl">
        {gaveUp ? 'Still confirming your cover' : 'Payment received — confirming your cover…'}
      </h1>
      {gaveUp ? (
        <div className="mt-4">
          <Alert tone="info" title="The card provider has not confirmed the payment yet">
            <p>
              Policy {number} becomes Active as soon as it does, and we e-mail you then. Look in{' '}
              <Link to="/dashboard" className={textLinkClass}>
                your dashboard
              </Link>{' '}
              in a few minutes, or call us on{' '}
              <a href={brandTelHref(brand.phones.support)} className={textLinkClass}>
                {brand.phones.support}
              </a>{' '}
              quoting {number}.
            </p>
          </Alert>
        </div>
      ) : (
        <p className="mt-3" role="status">
          Policy {number}: we are waiting for the card provider to confirm the payment. This usually takes a few seconds.
        </p>
      )}
    </div>
  );
}
