// /admin, the console's first tab (docs/product.md#admin-console, docs/product.md#staff-queues).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { QueueCountsView } from '@server/contract/views';
import { Button, textLinkClass } from '../../components/button';
import { PolicyDialog, UserDialog } from './change-dialogs';
import { reportGenerated } from './mutations';
import { actionFailure, ErrorBanner, loadFailure, useNotify } from '../../components/notices';
import { queueCountsQuery } from './queries';
import { downloadReport } from './report';

export function Overview() {
  const notify = useNotify();
  const [open, setOpen] = useState<'user' | 'policy' | null>(null);
  const [generating, setGenerating] = useState(false);

  const generateReport = async () => {
    setGenerating(true);
    try {
      await downloadReport();
      notify({ tone: 'success', text: 'Report generated successfully' });
      reportGenerated();
    } catch (err) {
      notify({ tone: 'error', ...actionFailure('Generate Report', err) });
    } finally {
      setGenerating(false);
    }
  };

  return (
    <div>
      <WaitingRequests />
      <h2 className="mt-8 text-xl font-bold text-ink">Quick actions</h2>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={() => setOpen('user')}>Add New User</Button>
        <Button onClick={() => setOpen('policy')}>Create Policy</Button>
        <Button variant="secondary" disabled={generating} onClick={() => void generateReport()}>
          Generate Report
        </Button>
      </div>
      {open === 'user' ? <UserDialog user={null} onClose={() => setOpen(null)} /> : null}
      {open === 'policy' ? <PolicyDialog policy={null} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

const QUEUES = [
  { key: 'quotes', to: '/admin/quotes', title: 'Quote requests', noun: 'quote request' },
  { key: 'callbacks', to: '/admin/callbacks', title: 'Callback requests', noun: 'callback request' },
  { key: 'claims', to: '/admin/claims', title: 'Claims', noun: 'claim' },
] as const;

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** New, overdue and quoted requests per queue, claims too; an overdue count above 0 is marked with a warning sign and bold text. */
function WaitingRequests() {
  const headingId = useId();
  const counts = useQuery(queueCountsQuery());
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold text-ink">
        Requests waiting
      </h2>
      {counts.isError ? (
        <ErrorBanner failure={loadFailure(counts.error)} onRetry={() => void counts.refetch()} />
      ) : counts.data ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {QUEUES.map((q) => (
            <QueueCard key={q.key} queue={q} counts={counts.data[q.key]} />
          ))}
        </ul>
      ) : (
        <div role="status" aria-busy="true" className="mt-4 grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading requests...</span>
          {QUEUES.map((q) => (
            <div key={q.key} className="h-24 rounded-lg bg-slate-200" />
          ))}
        </div>
      )}
    </section>
  );
}

function QueueCard({ queue, counts }: { queue: (typeof QUEUES)[number]; counts: QueueCountsView['callbacks'] & Partial<QueueCountsView['quotes']> }) {
  return (
    <li className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
      <h3 className="font-bold text-ink">{queue.title}</h3>
      <ul className="mt-2 space-y-1">
        <li>
          <Link to={queue.to} search={{ status: 'new' }} className={textLinkClass} data-testid={`${queue.key}-new`}>
            {plural(counts.new, `new ${queue.noun}`)}
          </Link>
        </li>
        <li>
          <Link
            to={queue.to}
            search={{ status: 'overdue' }}
            className={counts.overdue > 0 ? 'inline-flex items-center gap-1 font-bold text-red-800 underline underline-offset-2 hover:text-red-900' : textLinkClass}
            data-testid={`${queue.key}-overdue`}
          >
            {counts.overdue > 0 ? (
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor">
                <path d="M10 1.5 19 18H1L10 1.5Zm-1 6v5h2v-5H9Zm0 6.5v2h2v-2H9Z" />
              </svg>
            ) : null}
            {plural(counts.overdue, `overdue ${queue.noun}`)}
          </Link>
        </li>
        {counts.quoted !== undefined ? (
          <li>
            {/* Quoted requests still wait on staff: a price nobody chases lapses (docs/product.md#staff-queues). */}
            <Link to={queue.to} search={{ status: 'quoted' }} className={textLinkClass} data-testid={`${queue.key}-quoted`}>
              {plural(counts.quoted, 'quote')} awaiting an answer
              {counts.lapsing ? `, ${counts.lapsing} lapsing within 2 hours or lapsed` : ''}
            </Link>
          </li>
        ) : null}
      </ul>
    </li>
  );
}
