// /dashboard (docs/product.md#dashboard). One clock (use-now.ts) drives every time-based view.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { brand, brandTelHref } from '@server/contract/brand';
import type { PolicyView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmEmailBanner } from '../../components/confirm-email-banner';
import { setImpersonateUserId } from '../../lib/session';
import { MyClaims } from './my-claims';
import { NeedHelp } from './need-help';
import { QuoteRequests } from './quote-requests';
import { PolicyCard } from './policy-card';
import { DocumentsSection, PolicyDocuments } from './policy-documents';
import { Tabs } from './policy-tabs';
import { formatUkShortDateTime, policyState, policyWindow, type PolicyState } from './policy-time';
import { useDashboardPolicies, useMyPaid } from './queries';
import { useNow } from '../../lib/use-now';

const route = getRouteApi('/_data/dashboard');

const NO_POLICIES: PolicyView[] = [];

/**
 * The height of one policy card with its certificate (phone: one column, the certificate's buttons stacked; wider: two
 * columns), kept while it loads: no jump when it arrives.
 */
const CARD_SPACE = 'min-h-[57.75rem] md:min-h-[30.25rem]';

/** Active by start, expired most recently ended first. `states` (in order) keeps the split until one changes. */
function splitPolicies(policies: PolicyView[], states: string): { active: PolicyView[]; expired: PolicyView[] } {
  const state = states.split(',') as PolicyState[];
  const withWindow = policies.map((p, i) => ({ p, w: policyWindow(p), s: state[i] }));
  const active = withWindow.filter((x) => x.s === 'active').sort((a, b) => a.w.startAt - b.w.startAt || a.w.endAt - b.w.endAt);
  const expired = withWindow.filter((x) => x.s === 'expired').sort((a, b) => b.w.endAt - a.w.endAt);
  return { active: active.map((x) => x.p), expired: expired.map((x) => x.p) };
}

/** The first word of the driver's name, else the username. */
function welcomeName(policies: PolicyView[], username: string): string {
  for (const p of policies) {
    const first = p.driverName.trim().split(/\s+/)[0];
    if (first) return first;
  }
  return username;
}

export function DashboardPage() {
  const { session, impersonateUserId } = route.useRouteContext();
  const navigate = useNavigate();
  const query = useDashboardPolicies(session.user.id, impersonateUserId);
  const now = useNow();
  const policies = query.policies ?? NO_POLICIES;
  const states = policies.map((p) => policyState(p, now)).join(',');
  const { active, expired } = useMemo(() => splitPolicies(policies, states), [policies, states]);
  const [tab, setTab] = useState<PolicyState>('active');

  const impersonating = impersonateUserId !== null;
  // A list once shown stays on screen if a later refresh fails; with none yet, the failure is told.
  const loading = !query.policies && (query.isPending || query.isFetching);
  const failed = !query.policies && query.isError && !query.isFetching;
  const showTabs = expired.length > 0;
  const currentTab: PolicyState = showTabs ? tab : 'active';
  const list = currentTab === 'active' ? active : expired;

  const pager = (
    <PolicyPager
      key={currentTab}
      policies={list}
      now={now}
      empty={currentTab === 'active' ? 'No active policies found.' : 'No expired policies found.'}
      customerActions={!impersonating}
      cacheFor={impersonating ? null : session.user.id}
    />
  );

  const title = impersonating
    ? `User #${impersonateUserId} Policies`
    : query.policies
      ? `Welcome, ${welcomeName([...active, ...expired], session.user.username)}`
      : failed
        ? `Welcome, ${session.user.username}`
        : 'Welcome';

  return (
    <>
      <header className="mb-8">
        <h1 className="text-3xl font-bold break-words text-brand-700 sm:text-4xl">{title}</h1>
        {impersonating ? (
          <div className="mt-4 flex flex-col gap-3 rounded-lg border-l-4 border-brand-700 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-ink">You are viewing this customer’s policies as an administrator. Nothing here changes their account.</p>
            <Button
              variant="secondary"
              className="shrink-0"
              onClick={() => {
                setImpersonateUserId(null);
                void navigate({ to: '/admin' });
              }}
            >
              Return to Admin Dashboard
            </Button>
          </div>
        ) : query.offline ? (
          // In the lead's place, one line: at the roadside the card's certificate stays on a small phone's first screen.
          <p role="status" className="mt-3 max-w-prose rounded-md border-l-4 border-brand-700 bg-brand-50 px-3 py-2 text-ink">
            Offline – last updated {formatUkShortDateTime(query.updatedAt)}
          </p>
        ) : (
          <p className="mt-3 max-w-prose text-lg text-ink-muted">Your cover at a glance. All dates and times are UK time.</p>
        )}
      </header>

      {impersonating ? null : <ConfirmEmailBanner />}

      <section aria-labelledby="your-policies">
        <h2 id="your-policies" className="mb-4 text-2xl font-bold text-brand-700">
          {impersonating ? 'Policies' : 'Your policies'}
        </h2>
        {loading ? (
          <div role="status" className={`flex ${CARD_SPACE} items-center justify-center rounded-xl border border-brand-100 bg-white p-6 text-lg text-ink-muted`}>
            <span className="mr-3 inline-block h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent motion-reduce:animate-none" aria-hidden="true" />
            Loading policies...
          </div>
        ) : failed ? (
          <Alert tone="error" title="Failed to fetch policies">
            <p>
              We could not load {impersonating ? 'these' : 'your'} policies just now. Please try again; if it keeps happening, call us on{' '}
              <a href={brandTelHref(brand.phones.support)} className="font-semibold whitespace-nowrap underline underline-offset-2">
                {brand.phones.support}
              </a>
              .
            </p>
            <Button className="mt-3" onClick={query.refetch}>
              Try again
            </Button>
          </Alert>
        ) : showTabs ? (
          <Tabs
            label="Policies by status"
            selected={currentTab}
            onSelect={setTab}
            tabs={[
              { key: 'active', label: `Active (${active.length})` },
              { key: 'expired', label: `Expired (${expired.length})` },
            ]}
          >
            {pager}
          </Tabs>
        ) : (
          pager
        )}
      </section>

      {failed ? null : loading ? (
        <DocumentsSection>
          {/* One policy's row with its four documents, so the page below barely moves when the list comes. */}
          <div className="mt-4 h-[25.5rem] animate-pulse rounded-lg bg-brand-50 motion-reduce:animate-none" aria-hidden="true" />
        </DocumentsSection>
      ) : (
        <PolicyDocuments policies={list} cacheFor={impersonating ? null : session.user.id} />
      )}

      {impersonating ? null : <MyClaims userId={session.user.id} />}

      {impersonating ? null : <QuoteRequests now={now} />}

      <NeedHelp />
    </>
  );
}

/** One policy at a time, with Previous/Next (wrapping) when there is more than one. */
function PolicyPager({
  policies,
  now,
  empty,
  customerActions,
  cacheFor,
}: {
  policies: PolicyView[];
  now: number;
  empty: string;
  customerActions: boolean;
  cacheFor: number | null;
}) {
  const [index, setIndex] = useState(0);
  const paidFor = useMyPaid(customerActions);
  if (policies.length === 0) {
    return <p className="flex min-h-40 items-center justify-center rounded-xl border border-dashed border-brand-100 p-6 text-lg text-ink-muted">{empty}</p>;
  }
  // The list can shrink under us (a policy expires while on screen): stay within it.
  const current = Math.min(index, policies.length - 1);
  const policy = policies[current]!;
  const count = policies.length;
  return (
    <div>
      {count > 1 ? (
        <div className="mb-4 flex items-center justify-between gap-3">
          <Button variant="secondary" onClick={() => setIndex((current - 1 + count) % count)}>
            <span aria-hidden="true">←</span> Previous
          </Button>
          <p className="font-semibold text-ink tabular-nums" aria-live="polite" aria-atomic="true">
            Policy {current + 1} of {count}
          </p>
          <Button variant="secondary" onClick={() => setIndex((current + 1) % count)}>
            Next <span aria-hidden="true">→</span>
          </Button>
        </div>
      ) : null}
      <PolicyCard
        policy={policy}
        now={now}
        customerActions={customerActions}
        paid={customerActions ? paidFor(policy.policyNumber) : undefined}
        cacheFor={cacheFor}
      />
    </div>
  );
}
