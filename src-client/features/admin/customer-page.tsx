// /admin/users/{id}: one view of a customer (docs/product.md#one-view-of-a-customer), everything held on one account
// from one read. Lists of short cards rather than tables, so the page reflows to 320 px without scrolling sideways.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { claimKindLabels } from '@server/contract/claim';
import { paymentMethodLabels } from '@server/contract/payments';
import { formatPounds } from '@server/contract/pounds';
import { productLabels } from '@server/contract/products';
import { CUSTOMER_LIST_LIMIT, type CustomerOverviewView } from '@server/contract/views';
import { textLinkClass } from '../../components/button';
import { useNow } from '../../lib/use-now';
import { InjuriesBadge, RequestStatusBadge, RoleBadge, StatusBadge } from './badges';
import { EmailLink, PhoneLink } from './contact-links';
import { dueState } from './due';
import { DueText } from './due-text';
import { formatTimestamp, formatUkDateTime, inConsoleTime } from './format';
import { ErrorBanner, loadFailure } from '../../components/notices';
import { customerOverviewQuery } from './queries-customer';

type Overview = CustomerOverviewView;

export function CustomerPage({ id }: { id: number }) {
  const overview = useQuery(customerOverviewQuery(id));
  return (
    <div>
      <Link to="/admin/users" className={textLinkClass}>
        Back to users
      </Link>
      {overview.isError ? <ErrorBanner failure={loadFailure(overview.error)} onRetry={() => void overview.refetch()} /> : null}
      {overview.data ? <Customer data={overview.data} /> : overview.isError ? null : <CustomerSkeleton />}
    </div>
  );
}

function CustomerSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mt-4 animate-pulse space-y-3" data-testid="customer-skeleton">
      <span className="sr-only">Loading the customer...</span>
      <div className="h-8 w-48 rounded bg-slate-200" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-24 rounded bg-slate-200" />
      ))}
    </div>
  );
}

function Customer({ data }: { data: Overview }) {
  const { account } = data;
  const now = useNow(60_000);
  return (
    <article aria-labelledby="customer-heading" className="mt-4 space-y-8">
      <h2 id="customer-heading" className="text-xl font-bold break-words text-ink">
        Customer {account.username}
      </h2>

      <Section id="customer-account" title="Account">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <Fact label="Username">{account.username}</Fact>
          <Fact label="E-mail">
            <EmailLink email={account.email} /> <span className="text-ink-muted">({account.emailVerified ? 'Confirmed' : 'Not confirmed'})</span>
          </Fact>
          <Fact label="Role">
            <RoleBadge user={account} />
          </Fact>
          <Fact label="Account">{account.closed ? 'Closed: kept with its policies, no sign-in' : 'Open'}</Fact>
          <Fact label="Made">{formatTimestamp(account.createdAt)}</Fact>
        </dl>
      </Section>

      <Section id="customer-contact" title="Contact details">
        {data.contact.phones.length === 0 && data.contact.postcodes.length === 0 ? (
          <Empty>No contact details: they have made no requests.</Empty>
        ) : (
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <Fact label="Phone">
              {data.contact.phones.length ? (
                <ul>
                  {data.contact.phones.map((p) => (
                    <li key={p}>
                      <PhoneLink phone={p} />
                    </li>
                  ))}
                </ul>
              ) : (
                'None given'
              )}
            </Fact>
            <Fact label="Postcode">{data.contact.postcodes.length ? data.contact.postcodes.join(', ') : 'None given'}</Fact>
          </dl>
        )}
      </Section>

      <Section id="customer-quotes" title="Quote requests" count={data.quoteRequests.length}>
        <Cards items={data.quoteRequests} empty="No quote requests" keyOf={(r) => r.id}>
          {(r) => (
            <>
              <CardTitle>
                {r.reference} <RequestStatusBadge status={r.status} />
              </CardTitle>
              <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                <Fact label="Product">{r.product ? productLabels[r.product] : 'Not asked'}</Fact>
                <Fact label="Received">{formatTimestamp(r.createdAt)}</Fact>
                {r.requestedStart ? <Fact label="Cover from">{formatTimestamp(r.requestedStart)}</Fact> : null}
                <Fact label="Price">
                  {r.offer ? `${formatPounds(r.offer.premium)}, until ${formatTimestamp(r.offer.validUntil)}` : 'None sent'}
                </Fact>
                {r.offer ? (
                  <Fact label="Accepted">
                    {r.offer.acceptance ? `${formatTimestamp(r.offer.acceptance.at)}, ${r.offer.acceptance.via === 'phone' ? `by phone (${r.offer.acceptance.by})` : 'online'}` : 'Not yet'}
                  </Fact>
                ) : null}
                {r.policyNumber ? <Fact label="Policy">{r.policyNumber}</Fact> : null}
              </dl>
            </>
          )}
        </Cards>
      </Section>

      <Section id="customer-callbacks" title="Callback requests" count={data.callbackRequests.length}>
        <Cards items={data.callbackRequests} empty="No callback requests" keyOf={(r) => r.id}>
          {(r) => (
            <>
              <CardTitle>
                {r.reference} <RequestStatusBadge status={r.status} />
              </CardTitle>
              <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                <Fact label="Reason">{r.reasonForContact}</Fact>
                {r.callbackDate ? <Fact label="Preferred time">{formatTimestamp(r.callbackDate)}</Fact> : null}
                <Fact label="Received">{formatTimestamp(r.createdAt)}</Fact>
              </dl>
            </>
          )}
        </Cards>
      </Section>

      <Section id="customer-claims" title="Claims" count={data.claims.length}>
        <Cards items={data.claims} empty="No claims" keyOf={(c) => c.id}>
          {(c) => (
            <>
              <CardTitle>
                {c.reference} <RequestStatusBadge status={c.status} kind="claims" /> {c.injuries ? <InjuriesBadge injuries /> : null}
              </CardTitle>
              <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                <Fact label="Policy">{c.policyNumber}</Fact>
                <Fact label="What happened">
                  {claimKindLabels[c.kind]}, {formatTimestamp(c.occurredAt)}
                </Fact>
                <Fact label="Anyone hurt">{c.injuries ? 'Yes' : 'No'}</Fact>
                <Fact label="Received">{formatTimestamp(c.createdAt)}</Fact>
                <Fact label="Due">
                  <ClaimDue claim={c} now={now} />
                </Fact>
              </dl>
              <Link to="/admin/claims" search={{ q: c.reference }} className={`${textLinkClass} mt-2 inline-block`} aria-label={`Open ${c.reference} in Claims`}>
                Open in Claims
              </Link>
            </>
          )}
        </Cards>
      </Section>

      <Section id="customer-policies" title="Policies" count={data.policies.length}>
        <Cards items={data.policies} empty="No policies" keyOf={(p) => p.id}>
          {(p) => (
            <>
              <CardTitle>
                {p.policyNumber} <StatusBadge policy={p} now={now} />
              </CardTitle>
              <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                <Fact label="Product">{productLabels[p.product]}</Fact>
                <Fact label="Vehicle">{[p.carModel, p.registration].filter(Boolean).join(', ')}</Fact>
                <Fact label="Cover">
                  {formatUkDateTime(p.startDate, p.startTime)} to {formatUkDateTime(p.endDate, p.endTime)}
                </Fact>
                <Fact label="Premium">{p.premium === null ? 'Not recorded' : formatPounds(p.premium)}</Fact>
                <Fact label="Paid">
                  {formatPounds(p.paid)}
                  {p.balance !== null && p.balance !== 0 ? `; ${p.balance > 0 ? `${formatPounds(p.balance)} to pay` : `${formatPounds(-p.balance)} over the premium`}` : ''}
                </Fact>
              </dl>
              <Link to="/admin/policies" search={{ q: p.policyNumber }} className={`${textLinkClass} mt-2 inline-block`} aria-label={`Open ${p.policyNumber} in Policies`}>
                Open in Policies
              </Link>
            </>
          )}
        </Cards>
      </Section>

      <Section id="customer-payments" title="Payments" count={data.payments.length}>
        <Cards items={data.payments} empty="No payments" keyOf={(p) => p.id}>
          {(p) => (
            <p className="text-sm">
              <span className="font-semibold">{formatPounds(p.amount)}</span> for {p.policyNumber}, {paymentMethodLabels[p.method]}
              {p.reference ? ` (${p.reference})` : ''}, {formatTimestamp(p.at)}, recorded by {p.username}
            </p>
          )}
        </Cards>
      </Section>

      <Section id="customer-notes" title="Notes" count={data.notes.length}>
        <Cards items={data.notes} empty="No notes" keyOf={(n) => n.id}>
          {(n) => (
            <>
              <p className="text-sm text-ink-muted">
                {n.request.reference}: {n.author}, {formatTimestamp(n.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{n.text}</p>
            </>
          )}
        </Cards>
      </Section>

      <Section id="customer-mails" title="E-mails" count={data.mails.length}>
        <Cards items={data.mails} empty="No e-mails" keyOf={(m) => m.id}>
          {(m) => (
            <p className="text-sm">
              <span className="font-semibold break-words">{inConsoleTime(m.subject)}</span>: {m.status}, {formatTimestamp(m.sentAt ?? m.createdAt)}
            </p>
          )}
        </Cards>
      </Section>
    </article>
  );
}

/** Where a claim stands against its first call: the due text, and the time while the call is still owed. */
function ClaimDue({ claim, now }: { claim: Overview['claims'][number]; now: number }) {
  const due = dueState(claim, now, 'claims');
  return (
    <>
      <DueText due={due} />
      {due && !due.answered ? <span className="text-ink-muted"> ({formatTimestamp(claim.dueAt)})</span> : null}
    </>
  );
}

/** A section with its own heading; a full list says it holds only the newest. */
function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-lg font-bold text-ink">
        {title}
      </h3>
      {count === CUSTOMER_LIST_LIMIT ? <p className="text-sm text-ink-muted">The newest {CUSTOMER_LIST_LIMIT} shown.</p> : null}
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-ink-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function CardTitle({ children }: { children: ReactNode }) {
  return <p className="flex flex-wrap items-center gap-2 font-semibold">{children}</p>;
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-ink-muted">{children}</p>;
}

function Cards<T>({ items, empty, keyOf, children }: { items: T[]; empty: string; keyOf: (item: T) => number; children: (item: T) => ReactNode }) {
  if (items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={keyOf(item)} className="rounded-md border border-slate-200 p-3">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
