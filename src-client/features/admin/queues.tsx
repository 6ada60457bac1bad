// Staff queues at /admin/quotes, /admin/callbacks and /admin/claims (docs/product.md#staff-queues), filtered, searched
// and paged on the server, in its order. The three share the frame, the reference, due, assignee, status and Open
// columns; each brings the columns of its own.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { claimKindLabels } from '@server/contract/claim';
import { productLabels } from '@server/contract/products';
import type { CallbackRequestView, ClaimView, Page, QuoteRequestView, StaffRefView } from '@server/contract/views';
import { Button } from '../../components/button';
import { InjuriesBadge, RequestStatusBadge } from './badges';
import { EmailLink, PhoneLink } from './contact-links';
import { decisionLabels, decisionText, DecisionTabs } from './decision-tabs';
import { dueState } from './due';
import { DueText, useDueNow } from './due-text';
import { formatTimestamp } from './format';
import { callbacksQuery, claimsQuery, quotesQuery, type ClaimQueueDeps, type QueueDeps } from './queries';
import { QueueFilterField, StartsWithinField } from './queue-filter';
import { queueWords, type ConsoleQueue, type ConsoleQueueFilter, type QueueStatus } from './queue-kinds';
import { RequestDialog } from './request-dialog';
import { listDepsOf } from './search';
import { ActionsCell, ListQueryFrame, TableSection, useListPager } from './table-section';

/** What every queue's row has: the shared columns read these. */
interface QueueRow {
  id: number;
  reference: string;
  status: QueueStatus;
  dueAt: string;
  assignee: StaffRefView | null;
  offer?: { validUntil: string; acceptance: unknown } | null;
}

/** A queue's own columns, between Reference and Due. */
interface OwnColumns<R> {
  headings: string[];
  cells: (row: R) => ReactNode;
}

const quotesRoute = getRouteApi('/_data/admin/quotes');
const callbacksRoute = getRouteApi('/_data/admin/callbacks');
const claimsRoute = getRouteApi('/_data/admin/claims');


/** Name and Contact: the phone number to tap and the e-mail. */
function Contact({ name, phone, email }: { name: string; phone: string; email: string }) {
  return (
    <>
      <td className="p-2">{name}</td>
      <td className="p-2">
        <span className="block whitespace-nowrap">
          <PhoneLink phone={phone} />
        </span>
        <EmailLink email={email} wrap={false} />
      </td>
    </>
  );
}

const CreatedCell = ({ at }: { at: string }) => (
  <td className="p-2 whitespace-nowrap">
    <time dateTime={at}>{formatTimestamp(at)}</time>
  </td>
);

const notAsked = <span className="text-ink-muted">Not asked</span>;

const QUOTE_COLUMNS: OwnColumns<QuoteRequestView> = {
  headings: ['Name', 'Contact', 'Product', 'Decision', 'Cover starts (UK time)', 'Created (UK time)'],
  cells: (r) => (
    <>
      <Contact name={`${r.firstName} ${r.lastName}`} phone={r.phone} email={r.email} />
      <td className="p-2">{r.product ? productLabels[r.product] : notAsked}</td>
      <td className="p-2">{r.decision ? <span title={decisionText(r)}>{decisionLabels[r.decision]}</span> : <span className="text-ink-muted">None</span>}</td>
      <td className="p-2 whitespace-nowrap">{r.requestedStart ? <time dateTime={r.requestedStart}>{formatTimestamp(r.requestedStart)}</time> : notAsked}</td>
      <CreatedCell at={r.createdAt} />
    </>
  ),
};

const CALLBACK_COLUMNS: OwnColumns<CallbackRequestView> = {
  headings: ['Name', 'Contact', 'Created (UK time)'],
  cells: (r) => (
    <>
      <Contact name={r.name} phone={r.phone} email={r.email} />
      <CreatedCell at={r.createdAt} />
    </>
  ),
};

/** A claim: who (and the number to call them back on), on which policy, what happened, whether anyone was hurt, and when. */
const CLAIM_COLUMNS: OwnColumns<ClaimView> = {
  headings: ['Customer', 'Policy', 'What happened', 'Hurt', 'When it happened (UK time)'],
  cells: (r) => (
    <>
      <td className="p-2">
        <span className="block">{r.name}</span>
        <span className="block whitespace-nowrap">
          <PhoneLink phone={r.phone} />
        </span>
      </td>
      <td className="p-2 whitespace-nowrap">{r.policyNumber}</td>
      <td className="p-2">{claimKindLabels[r.kind]}</td>
      <td className="p-2 whitespace-nowrap">
        <InjuriesBadge injuries={r.injuries} />
      </td>
      <td className="p-2 whitespace-nowrap">
        <time dateTime={r.occurredAt}>{formatTimestamp(r.occurredAt)}</time>
      </td>
    </>
  ),
};

export function QuotesTab() {
  const search = quotesRoute.useSearch();
  // Only quote requests ask for cover, so only they narrow by when it starts.
  const deps: QueueDeps = { ...listDepsOf(search), status: search.status, startsWithin: search.startsWithin, decision: search.decision };
  return (
    <QueueTab
      kind="quotes"
      page={deps.page}
      status={deps.status}
      query={useQuery(quotesQuery(deps))}
      columns={QUOTE_COLUMNS}
      above={<DecisionTabs value={deps.decision} />}
      filters={<StartsWithinField value={deps.startsWithin} />}
    />
  );
}

export function CallbacksTab() {
  const search = callbacksRoute.useSearch();
  const deps: QueueDeps = { ...listDepsOf(search), status: search.status };
  return <QueueTab kind="callbacks" page={deps.page} status={deps.status} query={useQuery(callbacksQuery(deps))} columns={CALLBACK_COLUMNS} />;
}

export function ClaimsTab() {
  const search = claimsRoute.useSearch();
  const deps: ClaimQueueDeps = { ...listDepsOf(search), status: search.status };
  return <QueueTab kind="claims" page={deps.page} status={deps.status} query={useQuery(claimsQuery(deps))} columns={CLAIM_COLUMNS} />;
}

function QueueTab<R extends QueueRow>({
  kind,
  page,
  status,
  query,
  columns,
  filters,
  above,
}: {
  kind: ConsoleQueue;
  page: number;
  status: ConsoleQueueFilter | undefined;
  query: UseQueryResult<Page<R>, unknown>;
  columns: OwnColumns<R>;
  /** More filters beside 'Show'. */
  filters?: ReactNode;
  /** What the queue shows above its table (the quote queue's decisions). */
  above?: ReactNode;
}) {
  const now = useDueNow();
  const pager = useListPager(page, query.data);
  const [open, setOpen] = useState<{ id: number; reference: string } | null>(null);
  const items = query.data?.items ?? [];
  const words = queueWords[kind];
  return (
    <ListQueryFrame query={query}>
      {above}
      <TableSection
        title={words.title}
        aside={
          <div className="flex flex-wrap items-center justify-end gap-4">
            <QueueFilterField kind={kind} value={status} />
            {filters}
            <p className="text-ink-muted">
              {query.data?.total ?? 0} total {words.plural}
            </p>
          </div>
        }
        columns={['Reference', ...columns.headings, 'Due', 'Assigned to', 'Status', 'Actions']}
        footer={
          <>
            {items.length === 0 && query.data ? <p className="mt-4 text-ink-muted">No {words.plural} found.</p> : null}
            {pager}
          </>
        }
      >
        {items.map((r) => {
          const due = dueState(r, now, kind);
          return (
            <tr key={r.id} className={`border-b border-slate-200 ${due?.overdue ? 'bg-red-50' : 'bg-white'}`}>
              <td className="p-2 font-semibold whitespace-nowrap">{r.reference}</td>
              {columns.cells(r)}
              <td className="p-2 whitespace-nowrap">
                <DueText due={due} />
                {due && !due.answered ? (
                  <time dateTime={r.dueAt} className="block text-sm text-ink-muted">
                    {formatTimestamp(r.dueAt)}
                  </time>
                ) : null}
              </td>
              <td className="p-2">{r.assignee ? r.assignee.username : <span className="text-ink-muted">Nobody</span>}</td>
              <td className="p-2">
                <RequestStatusBadge status={r.status} kind={kind} />
              </td>
              <ActionsCell>
                <Button variant="secondary" aria-label={`Open ${r.reference}`} onClick={() => setOpen({ id: r.id, reference: r.reference })}>
                  Open
                </Button>
              </ActionsCell>
            </tr>
          );
        })}
      </TableSection>
      {open ? <RequestDialog kind={kind} id={open.id} reference={open.reference} onClose={() => setOpen(null)} /> : null}
    </ListQueryFrame>
  );
}
