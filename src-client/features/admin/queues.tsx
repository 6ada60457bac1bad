// Staff queues (DECISIONS.md "Admin console"): quote requests and callback requests, listed and searched on the
// server, opened one at a time in the dialog and moved through new -> contacted -> quoted -> closed (the server
// logs each change). Part of the admin chunk.
import { useState, type ReactNode } from 'react';
import { quoteFieldLabels } from '../../../src-server/contract/quote';
import type { CallbackRequestView, QuoteRequestView, RequestStatus } from '../../../src-server/features/requests/service';
import { Button } from '../../components/button';
import { failureParts, useQueueItem, type ListPage, type QueueKind } from './admin-api';
import { Badge } from './badges';
import { TableSection } from './table-section';

export const REQUEST_STATUSES: readonly RequestStatus[] = ['new', 'contacted', 'quoted', 'closed'];
export const QUEUE_TITLES: Record<QueueKind, string> = { quotes: 'Quote requests', callbacks: 'Callback requests' };

type Row = QuoteRequestView | CallbackRequestView;

function rowName(r: Row): string {
  return 'name' in r ? r.name : `${r.firstName} ${r.lastName}`;
}

const REQUEST_STATUS_TONES = { new: 'blue', contacted: 'yellow', quoted: 'green', closed: 'slate' } as const;

export function RequestStatusBadge({ status, children }: { status: string; children?: ReactNode }) {
  return <Badge tone={REQUEST_STATUS_TONES[status as RequestStatus] ?? 'slate'}>{children ?? status}</Badge>;
}

export function QueueTable({
  kind,
  data,
  formatTimestamp,
  onOpen,
  pager,
}: {
  kind: QueueKind;
  data: ListPage<Row> | undefined;
  formatTimestamp: (iso: string) => string;
  onOpen: (id: number, reference: string) => void;
  pager: ReactNode;
}) {
  const items = data?.items ?? [];
  return (
    <TableSection
      title={QUEUE_TITLES[kind]}
      aside={<p className="text-ink-muted">{data?.total ?? 0} total requests</p>}
      columns={['Reference', 'Name', 'Email', 'Phone', 'Created (UK time)', 'Status', 'Actions']}
      footer={
        <>
          {items.length === 0 && data ? <p className="mt-4 text-ink-muted">No requests found.</p> : null}
          {pager}
        </>
      }
    >
      {items.map((r) => (
        <tr key={r.id} className="border-b border-slate-200">
          <td className="p-2 font-semibold">{r.reference}</td>
          <td className="p-2">{rowName(r)}</td>
          <td className="p-2">{r.email}</td>
          <td className="p-2">{r.phone}</td>
          <td className="p-2 whitespace-nowrap">
            <time dateTime={r.createdAt}>{formatTimestamp(r.createdAt)}</time>
          </td>
          <td className="p-2">
            <RequestStatusBadge status={r.status} />
          </td>
          <td className="p-2">
            <Button variant="secondary" aria-label={`Open ${r.reference}`} onClick={() => onOpen(r.id, r.reference)}>
              Open
            </Button>
          </td>
        </tr>
      ))}
    </TableSection>
  );
}

/** The wizard's own label for a stored quote field (contract/quote.ts); other keys are spelled out. */
function humanise(key: string): string {
  if (Object.hasOwn(quoteFieldLabels, key)) return quoteFieldLabels[key as keyof typeof quoteFieldLabels];
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

function Fields({ entries }: { entries: [string, unknown][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {entries.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{humanise(k)}</dt>
          <dd className="break-words">{show(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The quote's stored steps: each nested object is a step, shown as its own definition list. */
function QuoteDetails({ details }: { details: unknown }) {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return <p className="break-words">{show(details)}</p>;
  const entries = Object.entries(details as Record<string, unknown>);
  const plain = entries.filter(([, v]) => !v || typeof v !== 'object' || Array.isArray(v));
  const groups = entries.filter(([, v]) => v && typeof v === 'object' && !Array.isArray(v)) as [string, Record<string, unknown>][];
  return (
    <div className="space-y-3">
      {plain.length > 0 ? <Fields entries={plain} /> : null}
      {groups.map(([k, v]) => (
        <section key={k} aria-label={humanise(k)}>
          <h4 className="font-bold text-ink">{humanise(k)}</h4>
          <Fields entries={Object.entries(v)} />
        </section>
      ))}
    </div>
  );
}

export function RequestDetail({
  kind,
  id,
  formatTimestamp,
  onSave,
  onCancel,
}: {
  kind: QueueKind;
  id: number;
  formatTimestamp: (iso: string) => string;
  onSave: (status: RequestStatus) => Promise<void>;
  onCancel: () => void;
}) {
  const query = useQueueItem(kind, id);
  const [chosen, setChosen] = useState<RequestStatus | null>(null);
  const [saving, setSaving] = useState(false);

  if (query.isPending) return <p aria-busy="true">Loading request...</p>;
  if (query.isError) {
    const f = failureParts(query.error);
    return (
      <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">Load Request Failed</p>
        <p className="mt-1">{f.message}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = query.data;
  const r = data.item;
  const status = chosen ?? r.status;
  const common: [string, unknown][] = [
    ['reference', r.reference],
    ['status', r.status],
    ...(data.kind === 'quotes'
      ? ([
          ['firstName', data.item.firstName],
          ['lastName', data.item.lastName],
        ] as [string, unknown][])
      : ([['name', data.item.name]] as [string, unknown][])),
    ['email', r.email],
    ['phone', r.phone],
    ...(data.kind === 'quotes'
      ? ([['postcode', data.item.postcode]] as [string, unknown][])
      : ([
          ['reasonForContact', data.item.reasonForContact],
          ['insuranceType', data.item.insuranceType],
          ['callbackDate', data.item.callbackDate],
        ] as [string, unknown][])),
    ['createdAt', `${formatTimestamp(r.createdAt)} (UK time)`],
    ['updatedAt', `${formatTimestamp(r.updatedAt)} (UK time)`],
  ];

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setSaving(true);
        void onSave(status)
          .catch(() => undefined)
          .finally(() => setSaving(false));
      }}
    >
      <Fields entries={common} />
      {data.kind === 'quotes' ? (
        <div className="mt-4">
          <h3 className="text-lg font-bold text-ink">Quote details</h3>
          <div className="mt-2">
            <QuoteDetails details={data.item.details} />
          </div>
        </div>
      ) : null}
      <div className="mt-4">
        <label htmlFor="request-status" className="block font-semibold">
          Status
        </label>
        <select
          id="request-status"
          value={status}
          onChange={(e) => setChosen(e.target.value as RequestStatus)}
          className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-ink"
        >
          {REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save status'}
        </Button>
      </div>
    </form>
  );
}
