// Staff queues (docs/product.md#staff-queues): quote requests at /admin/quotes and callback requests at
// /admin/callbacks, in the order the server gives (open requests by when the 24-hour promise falls due, the
// most overdue first, then closed ones), narrowed by a status filter kept in the URL (?status=overdue),
// searched and paged on the server. Each row says how long is left or how long it is overdue, and who is
// working it. 'Open' shows the request compactly, each fact once, with tap-to-call and mailto links; staff
// change its status and assignee (saved together) and add notes, newest first. Unsaved changes or an unsent
// note ask 'Discard changes?' before the dialog closes.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { callbackInsuranceTypeOptions, contactReasonLabels, type ContactReason } from '@server/contract/callback';
import { durationText } from '@server/contract/durations';
import { productLabels } from '@server/contract/products';
import { ageOn, quoteFieldLabels } from '@server/contract/quote';
import { NOTE_MAX_LENGTH, requestNoteInput, type QueueFilter } from '@server/contract/queues';
import { epochToUkLocal, ukInstantText } from '@server/contract/time';
import type {
  CallbackRequestDetailView,
  CallbackRequestView,
  Page,
  QuoteRequestDetailView,
  QuoteRequestView,
  RequestNoteView,
  RequestStatus,
  StaffRefView,
} from '@server/contract/views';
import { requestStatuses } from '@server/contract/views';
import { Button, textLinkClass } from '../../components/button';
import { failureOf } from '../../lib/call-errors';
import { useNow } from '../../lib/use-now';
import { Badge } from './badges';
import { Modal, useDiscardGuard } from './dialog';
import { dueState, type DueState } from './due';
import { formatTimestamp, formatUkDate, formatUkDateTime } from './format';
import { useAddRequestNote, useUpdateRequest } from './mutations';
import { actionFailure, ErrorBanner, loadFailure, useNotify, type Failure } from './notices';
import { useSetPage } from './paging';
import { callbacksQuery, queueItemQuery, quotesQuery, staffQuery, type QueueDeps, type QueueKind } from './queries';
import { QuoteActions } from './quote-actions';
import { listDepsOf, type PageSearch, type QueueSearch, type TermSearch } from './search';
import { ListQueryFrame, Pager, TableSection, useLastPageWithin } from './table-section';

const QUEUE_TITLES: Record<QueueKind, string> = { quotes: 'Quote requests', callbacks: 'Callback requests' };
const ITEM_TITLES: Record<QueueKind, string> = { quotes: 'Quote request', callbacks: 'Callback request' };

/** The filter's choices, in the order a broker reaches for them. */
const FILTER_OPTIONS: { value: QueueFilter | ''; label: string }[] = [
  { value: '', label: 'All requests' },
  { value: 'open', label: 'Open (not closed)' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'quoted', label: 'Quoted' },
  { value: 'closed', label: 'Closed' },
];

/** "Due in" and "overdue by" are worked out again every half minute. */
const DUE_REFRESH_MS = 30_000;

type Row = QuoteRequestView | CallbackRequestView;

function rowName(r: Row): string {
  return 'name' in r ? r.name : `${r.firstName} ${r.lastName}`;
}

const kindOf = (r: Row): QueueKind => ('name' in r ? 'callbacks' : 'quotes');

const REQUEST_STATUS_TONES = { new: 'blue', contacted: 'yellow', quoted: 'green', closed: 'slate' } as const;

function RequestStatusBadge({ status, children }: { status: string; children?: ReactNode }) {
  return <Badge tone={REQUEST_STATUS_TONES[status as RequestStatus] ?? 'slate'}>{children ?? status}</Badge>;
}

/** 'Due in 3 h 20 min', or an overdue request marked by a warning sign and the word, in bold (not by colour alone). */
function DueText({ due }: { due: DueState | null }) {
  if (!due) return <span className="text-ink-muted">Closed</span>;
  if (!due.overdue) {
    return (
      <span>
        <span aria-hidden="true">{due.text}</span>
        <span className="sr-only">{due.spoken}</span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 font-bold text-red-800" data-overdue="true">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor">
        <path d="M10 1.5 19 18H1L10 1.5Zm-1 6v5h2v-5H9Zm0 6.5v2h2v-2H9Z" />
      </svg>
      <span aria-hidden="true">{due.text}</span>
      <span className="sr-only">{due.spoken}</span>
    </span>
  );
}

/** A phone number to tap: the digits (and a leading +) as the tel: link, the number as stored as the text. */
function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className={textLinkClass} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
      {phone}
    </a>
  );
}

function EmailLink({ email, wrap = true }: { email: string; wrap?: boolean }) {
  return (
    <a className={`${textLinkClass} ${wrap ? 'break-all' : 'whitespace-nowrap'}`} href={`mailto:${email}`}>
      {email}
    </a>
  );
}

const quotesRoute = getRouteApi('/admin/quotes');
const callbacksRoute = getRouteApi('/admin/callbacks');

const queueDepsOf = (search: TermSearch & PageSearch & QueueSearch): QueueDeps => ({ ...listDepsOf(search), status: search.status });

export function QuotesTab() {
  const deps = queueDepsOf(quotesRoute.useSearch());
  return <QueueTab kind="quotes" deps={deps} query={useQuery(quotesQuery(deps))} />;
}

export function CallbacksTab() {
  const deps = queueDepsOf(callbacksRoute.useSearch());
  return <QueueTab kind="callbacks" deps={deps} query={useQuery(callbacksQuery(deps))} />;
}

/** The status filter: a new choice goes into the URL and starts again at page 1. */
function StatusFilter({ value }: { value: QueueFilter | undefined }) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-semibold">
        Show
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => {
          const status = (e.target.value || undefined) as QueueFilter | undefined;
          void navigate({ to: '.', search: (prev: TermSearch & PageSearch & QueueSearch) => ({ ...prev, status, page: undefined }) });
        }}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink"
      >
        {FILTER_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function QueueTab({ kind, deps, query }: { kind: QueueKind; deps: QueueDeps; query: UseQueryResult<Page<Row>, unknown> }) {
  const setPage = useSetPage();
  const now = useNow(DUE_REFRESH_MS);
  useLastPageWithin(deps.page, query.data?.total, setPage);
  const [open, setOpen] = useState<{ id: number; reference: string } | null>(null);
  const items = query.data?.items ?? [];
  return (
    <ListQueryFrame query={query}>
      <TableSection
        title={QUEUE_TITLES[kind]}
        aside={
          <div className="flex flex-wrap items-center justify-end gap-4">
            <StatusFilter value={deps.status} />
            <p className="text-ink-muted">{query.data?.total ?? 0} total requests</p>
          </div>
        }
        columns={['Reference', 'Name', 'Contact', 'Created (UK time)', 'Due', 'Assigned to', 'Status', 'Actions']}
        footer={
          <>
            {items.length === 0 && query.data ? <p className="mt-4 text-ink-muted">No requests found.</p> : null}
            <Pager page={deps.page} total={query.data?.total ?? 0} onPage={setPage} />
          </>
        }
      >
        {items.map((r) => {
          const due = dueState(r, now, kind);
          return (
            <tr key={r.id} className={`border-b border-slate-200 ${due?.overdue ? 'bg-red-50' : ''}`}>
              <td className="p-2 font-semibold whitespace-nowrap">{r.reference}</td>
              <td className="p-2">{rowName(r)}</td>
              <td className="p-2">
                <span className="block whitespace-nowrap">
                  <PhoneLink phone={r.phone} />
                </span>
                <EmailLink email={r.email} wrap={false} />
              </td>
              <td className="p-2 whitespace-nowrap">
                <time dateTime={r.createdAt}>{formatTimestamp(r.createdAt)}</time>
              </td>
              <td className="p-2 whitespace-nowrap">
                <DueText due={due} />
              </td>
              <td className="p-2">{r.assignee ? r.assignee.username : <span className="text-ink-muted">Nobody</span>}</td>
              <td className="p-2">
                <RequestStatusBadge status={r.status} />
              </td>
              <td className="p-2">
                <Button variant="secondary" aria-label={`Open ${r.reference}`} onClick={() => setOpen({ id: r.id, reference: r.reference })}>
                  Open
                </Button>
              </td>
            </tr>
          );
        })}
      </TableSection>
      {open ? <RequestDialog kind={kind} id={open.id} reference={open.reference} onClose={() => setOpen(null)} /> : null}
    </ListQueryFrame>
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

/** A compact two-column list of facts; a fact without a value is left out. */
function Facts({ entries, label }: { entries: [string, ReactNode][]; label?: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1">
      {entries.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{k}</dt>
          <dd className="min-w-0 break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The stored answers, flattened: older requests nested their steps as objects. */
function answersOf(details: unknown): [string, unknown][] {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return details === undefined ? [] : [['details', details]];
  return Object.entries(details as Record<string, unknown>).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v as Record<string, unknown>) : [[k, v] as [string, unknown]],
  );
}

/** Answers shown among the request's own facts above, so never a second time among the others. */
const SHOWN_ABOVE = new Set(['firstName', 'lastName', 'email', 'phone', 'postcode', 'address', 'dateOfBirth']);
/** Shown above as one date and time, and one length, when the request has them as columns. */
const START_ANSWERS = ['policyStartDay', 'policyStartMonth', 'policyStartYear', 'policyStartTime'];
const DURATION_ANSWERS = ['durationValue', 'durationUnit'];

/** '12 Mar 1990 (age 36)': the age on today's UK date. */
function birthText(dateOfBirth: unknown, now: number): string | null {
  if (typeof dateOfBirth !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  return `${formatUkDate(dateOfBirth)} (age ${ageOn(dateOfBirth, epochToUkLocal(now).date)})`;
}

const pounds = (n: number) => `£${n.toFixed(2)}`;

/** One request opened: its facts, then its status and assignee, then its notes. */
function RequestDialog({ kind, id, reference, onClose }: { kind: QueueKind; id: number; reference: string; onClose: () => void }) {
  const guard = useDiscardGuard(onClose);
  return (
    <>
      <Modal title={`${ITEM_TITLES[kind]} ${reference}`} onClose={guard.requestClose}>
        {kind === 'quotes' ? (
          <QuoteRequestDetail id={id} onClose={onClose} onCancel={guard.requestClose} onDirtyChange={guard.setDirty} />
        ) : (
          <CallbackRequestDetail id={id} onClose={onClose} onCancel={guard.requestClose} onDirtyChange={guard.setDirty} />
        )}
      </Modal>
      {guard.prompt}
    </>
  );
}

interface DetailProps {
  id: number;
  /** Closes at once (after a save). */
  onClose: () => void;
  /** Closes, asking first when something is unsaved. */
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** The facts every request has, first: where it stands, when it came in, who is working it. */
function standingEntries(r: Row, now: number): [string, ReactNode][] {
  return [
    [
      'Status',
      <span key="s" className="inline-flex flex-wrap items-center gap-2">
        <RequestStatusBadge status={r.status} />
        <DueText due={dueState(r, now, kindOf(r))} />
      </span>,
    ],
    ['Received', `${formatTimestamp(r.createdAt)} (UK time)`],
  ];
}

function QuoteRequestDetail({ id, ...rest }: DetailProps) {
  const query = useQuery(queueItemQuery('quotes', id));
  const now = useNow(DUE_REFRESH_MS);
  return (
    <RequestFrame query={query}>
      {(r) => {
        const answers = answersOf(r.details);
        const answer = (key: string) => answers.find(([k]) => k === key)?.[1];
        const hidden = new Set([
          ...SHOWN_ABOVE,
          ...(r.product ? ['product'] : []),
          ...(r.requestedStart ? START_ANSWERS : []),
          ...(r.duration ? DURATION_ANSWERS : []),
        ]);
        const others = answers.filter(([k]) => !hidden.has(k));
        const birth = birthText(answer('dateOfBirth'), now);
        const address = answer('address');
        const facts: [string, ReactNode][] = [
          ...standingEntries(r, now),
          ['Name', `${r.firstName} ${r.lastName}`],
          ...(birth ? [['Date of birth', birth] as [string, ReactNode]] : []),
          ['Phone', <PhoneLink key="p" phone={r.phone} />],
          ['Email', <EmailLink key="e" email={r.email} />],
          ...(typeof address === 'string' && address ? [['Address', address] as [string, ReactNode]] : []),
          ['Postcode', r.postcode],
          ...(r.product ? [['Product', productLabels[r.product]] as [string, ReactNode]] : []),
          ...(r.requestedStart ? [['Cover starts', ukInstantText(Date.parse(r.requestedStart))] as [string, ReactNode]] : []),
          ...(r.duration ? [['Cover length', durationText(r.duration)] as [string, ReactNode]] : []),
          ...(r.offer
            ? [['Offer sent', `${pounds(r.offer.premium)}, valid until ${ukInstantText(Date.parse(r.offer.validUntil))}`] as [string, ReactNode]]
            : []),
          ...(r.policyNumber ? [['Policy issued', r.policyNumber] as [string, ReactNode]] : []),
        ];
        return (
          <>
            <Facts entries={facts} label="The request" />
            {others.length > 0 ? (
              <details className="mt-3 rounded-md border border-slate-300 p-2" open>
                <summary className="cursor-pointer font-bold text-ink">Vehicle and other answers</summary>
                <div className="mt-2">
                  <Facts entries={others.map(([k, v]) => [humanise(k), show(v)])} label="Vehicle and other answers" />
                </div>
              </details>
            ) : null}
            <div className="mt-4">
              <QuoteActions request={r} />
            </div>
            <RequestWork kind="quotes" request={r} {...rest} />
          </>
        );
      }}
    </RequestFrame>
  );
}

/** A preferred time as the customer gave it ('2026-07-02T14:30', UK time) in the console's style. */
function preferredTimeText(value: string | null): string | null {
  const m = value ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value) : null;
  return m ? `${formatUkDateTime(m[1]!, m[2]!)} (UK time)` : value;
}

function CallbackRequestDetail({ id, ...rest }: DetailProps) {
  const query = useQuery(queueItemQuery('callbacks', id));
  const now = useNow(DUE_REFRESH_MS);
  return (
    <RequestFrame query={query}>
      {(r) => {
        const insurance = callbackInsuranceTypeOptions.find((o) => o.value === r.insuranceType)?.label ?? r.insuranceType;
        const preferred = preferredTimeText(r.callbackDate);
        const facts: [string, ReactNode][] = [
          ...standingEntries(r, now),
          ['Name', r.name],
          ['Phone', <PhoneLink key="p" phone={r.phone} />],
          ['Email', <EmailLink key="e" email={r.email} />],
          ['Reason for contact', contactReasonLabels[r.reasonForContact as ContactReason] ?? r.reasonForContact],
          ...(insurance ? [['Insurance type', insurance] as [string, ReactNode]] : []),
          ['Preferred time', preferred ?? 'Any time'],
        ];
        return (
          <>
            <Facts entries={facts} label="The request" />
            <RequestWork kind="callbacks" request={r} {...rest} />
          </>
        );
      }}
    </RequestFrame>
  );
}

/** Loading, 'Load Request Failed' with Try again, or the request. */
function RequestFrame<T>({ query, children }: { query: UseQueryResult<T, unknown>; children: (request: T) => ReactNode }) {
  if (query.isPending) return <p aria-busy="true">Loading request...</p>;
  if (query.isError) {
    const f = loadFailure(query.error);
    return <ErrorBanner failure={{ ...f, title: 'Load Request Failed' }} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

const selectClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-ink';

/**
 * Status and assignee, saved together with 'Save changes' (only what changed is sent; the dialog then closes
 * unless a note is still being written), and the notes with the add-note form.
 */
function RequestWork({
  kind,
  request,
  onClose,
  onCancel,
  onDirtyChange,
}: Omit<DetailProps, 'id'> & { kind: QueueKind; request: Pick<QuoteRequestDetailView | CallbackRequestDetailView, 'id' | 'status' | 'assignee' | 'notes'> }) {
  const notify = useNotify();
  const update = useUpdateRequest(kind);
  const staff = useQuery(staffQuery());
  const [status, setStatus] = useState<RequestStatus | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);

  const storedAssignee = request.assignee ? String(request.assignee.id) : '';
  const chosenStatus = status ?? request.status;
  const chosenAssignee = assignee ?? storedAssignee;
  const statusChanged = chosenStatus !== request.status;
  const assigneeChanged = chosenAssignee !== storedAssignee;
  const dirty = statusChanged || assigneeChanged || note.trim() !== '';
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // The staff list, with the current assignee kept even if their account is no longer staff.
  const people: StaffRefView[] = staff.data ?? [];
  const choices = request.assignee && !people.some((p) => p.id === request.assignee?.id) ? [request.assignee, ...people] : people;

  const save = async () => {
    setFailure(null);
    if (!statusChanged && !assigneeChanged) {
      if (note.trim() === '') onClose();
      return;
    }
    try {
      await update.mutateAsync({
        id: request.id,
        ...(statusChanged ? { status: chosenStatus } : {}),
        ...(assigneeChanged ? { assigneeId: chosenAssignee === '' ? null : Number(chosenAssignee) } : {}),
      });
      notify({ tone: 'success', text: 'Request updated' });
      if (note.trim() === '') {
        onClose();
      } else {
        setStatus(null);
        setAssignee(null);
      }
    } catch (err) {
      setFailure(actionFailure('Update Request', err));
    }
  };

  return (
    <>
      <form
        className="mt-4 border-t border-slate-200 pt-4"
        aria-label="Status and assignee"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {failure ? <ErrorBanner failure={failure} /> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="request-status" className="block font-semibold">
              Status
            </label>
            <select id="request-status" value={chosenStatus} onChange={(e) => setStatus(e.target.value as RequestStatus)} className={selectClass}>
              {requestStatuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="request-assignee" className="block font-semibold">
              Assigned to
            </label>
            <select id="request-assignee" value={chosenAssignee} onChange={(e) => setAssignee(e.target.value)} className={selectClass}>
              <option value="">Nobody</option>
              {choices.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.username}
                </option>
              ))}
            </select>
            {staff.isError ? <p className="mt-1 text-sm text-red-800">The staff list could not be loaded.</p> : null}
          </div>
        </div>
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
      <Notes kind={kind} requestId={request.id} notes={request.notes} draft={note} onDraft={setNote} />
    </>
  );
}

/** The notes, newest first, and a textarea to add one (line breaks kept). */
function Notes({ kind, requestId, notes, draft, onDraft }: { kind: QueueKind; requestId: number; notes: RequestNoteView[]; draft: string; onDraft: (text: string) => void }) {
  const notify = useNotify();
  const addNote = useAddRequestNote(kind);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const fieldId = useId();
  const headingId = useId();

  const add = async () => {
    setFailure(null);
    const parsed = requestNoteInput.safeParse({ text: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Note is required');
      return;
    }
    setError(null);
    try {
      await addNote.mutateAsync({ id: requestId, text: parsed.data.text });
      onDraft('');
      notify({ tone: 'success', text: 'Note added' });
    } catch (err) {
      const fieldError = failureOf(err).fieldErrors?.['text']?.[0];
      if (fieldError) setError(fieldError);
      else setFailure(actionFailure('Add Note', err));
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-lg font-bold text-ink">
        Notes
      </h3>
      <form
        className="mt-2"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        {failure ? <ErrorBanner failure={failure} /> : null}
        <label htmlFor={fieldId} className="block font-semibold">
          Add a note
        </label>
        <textarea
          id={fieldId}
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-ink ${error ? 'border-red-700' : 'border-slate-400'}`}
        />
        {error ? (
          <p id={`${fieldId}-error`} className="mt-1 text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-2 flex justify-end">
          <Button type="submit" variant="secondary" disabled={addNote.isPending}>
            {addNote.isPending ? 'Adding...' : 'Add note'}
          </Button>
        </div>
      </form>
      {notes.length === 0 ? (
        <p className="mt-2 text-ink-muted">No notes yet.</p>
      ) : (
        <ol className="mt-2 space-y-2" aria-label="Notes, newest first">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md bg-slate-50 p-2">
              <p className="text-sm text-ink-muted">
                <span className="font-semibold text-ink">{n.author}</span>, <time dateTime={n.createdAt}>{formatTimestamp(n.createdAt)}</time>
              </p>
              <p className="break-words whitespace-pre-wrap">{n.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
