// /account/data (docs/product.md#my-data): the copy of everything held about the signed-in person, readable, with the
// download and closing the account beside it. Lists, not tables, so it reads at 320 px.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MyDataView } from '@server/contract/my-data';
import { formatPounds } from '@server/contract/pounds';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page';
import { failureOf } from '../../lib/call-errors';
import { trpc } from '../../lib/trpc';
import { CloseAccountSection } from './close-account-section';
import { MyDataSection } from './my-data-section';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }) : '—');

export function MyDataPage() {
  // Each read is a copy given, and logged: not fetched again behind the reader's back.
  const query = useQuery({ ...trpc.account.data.queryOptions(undefined), retry: false, staleTime: Infinity, refetchOnWindowFocus: false });
  return (
    <>
      <PageHeading title="My data" lead="Everything Kerbside Cover holds about you, as the UK GDPR gives you the right to see it." />
      {query.isPending ? (
        <p role="status">Loading your data...</p>
      ) : query.isError ? (
        <Alert tone="error" title="Your data could not be loaded">
          <p>{failureOf(query.error).message}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <DataView data={query.data} />
      )}
      <MyDataSection showViewLink={false} />
      <CloseAccountSection />
    </>
  );
}

type ListName = MyDataView['fullLists'][number];

function DataView({ data }: { data: MyDataView }) {
  const full = (name: ListName) => data.fullLists.includes(name);
  return (
    <div data-testid="my-data">
      <p className="text-ink-muted">Prepared {when(data.generatedAt)}. Each list shows at most its newest {data.limits.perList} entries (the record of your account its newest {data.limits.auditEntries}).</p>
      <Part title="Account">
        <Facts
          facts={[
            ['Username', data.account.username],
            ['E-mail', `${data.account.email}${data.account.emailVerified ? ' (confirmed)' : ' (not confirmed)'}`],
            ['Account made', when(data.account.createdAt)],
            ['Phone numbers you gave', data.contact.phones.join(', ') || 'None'],
            ['Postcodes you gave', data.contact.postcodes.join(', ') || 'None'],
          ]}
        />
      </Part>
      <Part title="Policies" empty="No policies" full={full('policies')} items={data.policies}>
        {(p) => (
          <Facts
            facts={[
              ['Policy number', p.policyNumber],
              ['Status', p.status],
              ['Product', p.product],
              ['Vehicle', [p.carModel, p.registration].filter(Boolean).join(' ')],
              ['Driver', p.driverName],
              ['Cover', `${p.startDate} ${p.startTime} to ${p.endDate} ${p.endTime}`],
              ['Premium', p.premium === null ? 'Not recorded' : formatPounds(p.premium)],
              ['Paid', formatPounds(p.paid)],
            ]}
          />
        )}
      </Part>
      <Part title="Payments" empty="No payments" full={full('payments')} items={data.payments}>
        {(p) => <Facts facts={[['Policy', p.policyNumber], ['Amount', formatPounds(p.amount)], ['Method', p.method], ['Reference', p.reference ?? '—'], ['When', when(p.at)]]} />}
      </Part>
      <Part title="Quote requests" empty="No quote requests" full={full('quoteRequests')} items={data.quoteRequests}>
        {(q) => <Facts facts={[['Reference', q.reference], ['Status', q.status], ['Product', q.product ?? '—'], ['Received', when(q.createdAt)], ['Policy issued', q.policyNumber ?? '—']]} />}
      </Part>
      <Part title="Callback requests" empty="No callback requests" full={full('callbackRequests')} items={data.callbackRequests}>
        {(c) => <Facts facts={[['Reference', c.reference], ['Status', c.status], ['Reason', c.reasonForContact], ['Received', when(c.createdAt)]]} />}
      </Part>
      <Part title="Claims" empty="No claims" full={full('claims')} items={data.claims}>
        {(c) => <Facts facts={[['Reference', c.reference], ['Policy', c.policyNumber], ['What happened', c.kind], ['When', when(c.occurredAt)], ['Status', c.status]]} />}
      </Part>
      <Part title="Notes our staff wrote" empty="No notes" full={full('notes')} items={data.notes}>
        {(n) => <Facts facts={[['About', n.request.reference], ['By', n.author], ['When', when(n.createdAt)], ['Note', n.text]]} />}
      </Part>
      <Part title="E-mails we sent you" empty="No e-mails" full={full('mails')} items={data.mails}>
        {(m) => <Facts facts={[['Subject', m.subject], ['Status', m.status], ['When', when(m.sentAt ?? m.createdAt)]]} />}
      </Part>
      <Part title="Passkeys" empty="No passkeys" items={data.passkeys}>
        {(p) => <Facts facts={[['Name', p.name], ['Added', when(p.createdAt)], ['Last used', p.lastUsedAt ? when(p.lastUsedAt) : 'Not used yet']]} />}
      </Part>
      <Part title="What happened on your account" empty="Nothing recorded" full={full('auditEntries')} items={data.auditEntries}>
        {(e) => <Facts facts={[['What', e.count > 1 ? `${e.action} (${e.count} times)` : e.action], ['When', when(e.lastAt ?? e.createdAt)]]} />}
      </Part>
    </div>
  );
}

function Part<T>({ title, children, items, empty, full }: { title: string; children: ReactNode | ((item: T) => ReactNode); items?: T[]; empty?: string; full?: boolean }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-bold text-brand-700">{title}</h2>
      {items === undefined ? (
        <div className="mt-2">{children as ReactNode}</div>
      ) : items.length === 0 ? (
        <p className="mt-2 text-ink-muted">{empty}</p>
      ) : (
        <>
          {full ? <p className="mt-2 text-ink-muted">The newest {items.length} are shown; older ones are in our records too. Ask us for them.</p> : null}
          <ul className="mt-2 space-y-3">
            {items.map((item, i) => (
              <li key={i} className="rounded-lg border border-brand-100 bg-white p-4">
                {(children as (item: T) => ReactNode)(item)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-ink-muted">{term}</dt>
          <dd className="break-words whitespace-pre-line text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
