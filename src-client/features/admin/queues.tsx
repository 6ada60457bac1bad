// Staff queues at /admin/quotes and /admin/callbacks (docs/product.md#staff-queues), filtered, searched and paged on
// the server, in its order.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { productLabels } from '@server/contract/products';
import type { QueueKind } from '@server/contract/queues';
import type { CallbackRequestView, Page, QuoteRequestView } from '@server/contract/views';
import { Button } from '../../components/button';
import { RequestStatusBadge } from './badges';
import { EmailLink, PhoneLink } from './contact-links';
import { dueState } from './due';
import { DueText, useDueNow } from './due-text';
import { formatTimestamp } from './format';
import { callbacksQuery, quotesQuery, type QueueDeps } from './queries';
import { QueueFilterField, StartsWithinField } from './queue-filter';
import { RequestDialog } from './request-dialog';
import { listDepsOf, type PageSearch, type QueueSearch, type TermSearch } from './search';
import { ActionsCell, ListQueryFrame, TableSection, useListPager } from './table-section';

const QUEUE_TITLES: Record<QueueKind, string> = { quotes: 'Quote requests', callbacks: 'Callback requests' };

type Row = QuoteRequestView | CallbackRequestView;

const rowName = (r: Row): string => ('name' in r ? r.name : `${r.firstName} ${r.lastName}`);

const quotesRoute = getRouteApi('/admin/quotes');
const callbacksRoute = getRouteApi('/admin/callbacks');

const queueDepsOf = (search: TermSearch & PageSearch & QueueSearch): QueueDeps => ({ ...listDepsOf(search), status: search.status });

export function QuotesTab() {
  const search = quotesRoute.useSearch();
  // Only quote requests ask for cover, so only they narrow by when it starts.
  const deps = { ...queueDepsOf(search), startsWithin: search.startsWithin };
  return <QueueTab kind="quotes" deps={deps} query={useQuery(quotesQuery(deps))} />;
}

export function CallbacksTab() {
  const deps = queueDepsOf(callbacksRoute.useSearch());
  return <QueueTab kind="callbacks" deps={deps} query={useQuery(callbacksQuery(deps))} />;
}

function QueueTab({ kind, deps, query }: { kind: QueueKind; deps: QueueDeps; query: UseQueryResult<Page<Row>, unknown> }) {
  const now = useDueNow();
  const pager = useListPager(deps.page, query.data);
  const [open, setOpen] = useState<{ id: number; reference: string } | null>(null);
  const items = query.data?.items ?? [];
  return (
    <ListQueryFrame query={query}>
      <TableSection
        title={QUEUE_TITLES[kind]}
        aside={
          <div className="flex flex-wrap items-center justify-end gap-4">
            <QueueFilterField value={deps.status} />
            {kind === 'quotes' ? <StartsWithinField value={deps.startsWithin} /> : null}
            <p className="text-ink-muted">{query.data?.total ?? 0} total requests</p>
          </div>
        }
        columns={
          kind === 'quotes'
            ? ['Reference', 'Name', 'Contact', 'Product', 'Cover starts (UK time)', 'Created (UK time)', 'Due', 'Assigned to', 'Status', 'Actions']
            : ['Reference', 'Name', 'Contact', 'Created (UK time)', 'Due', 'Assigned to', 'Status', 'Actions']
        }
        footer={
          <>
            {items.length === 0 && query.data ? <p className="mt-4 text-ink-muted">No requests found.</p> : null}
            {pager}
          </>
        }
      >
        {items.map((r) => {
          const due = dueState(r, now, kind);
          return (
            <tr key={r.id} className={`border-b border-slate-200 ${due?.overdue ? 'bg-red-50' : 'bg-white'}`}>
              <td className="p-2 font-semibold whitespace-nowrap">{r.reference}</td>
              <td className="p-2">{rowName(r)}</td>
              <td className="p-2">
                <span className="block whitespace-nowrap">
                  <PhoneLink phone={r.phone} />
                </span>
                <EmailLink email={r.email} wrap={false} />
              </td>
              {'product' in r ? (
                <>
                  <td className="p-2">{r.product ? productLabels[r.product] : <span className="text-ink-muted">Not asked</span>}</td>
                  <td className="p-2 whitespace-nowrap">
                    {r.requestedStart ? <time dateTime={r.requestedStart}>{formatTimestamp(r.requestedStart)}</time> : <span className="text-ink-muted">Not asked</span>}
                  </td>
                </>
              ) : null}
              <td className="p-2 whitespace-nowrap">
                <time dateTime={r.createdAt}>{formatTimestamp(r.createdAt)}</time>
              </td>
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
                <RequestStatusBadge status={r.status} />
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
