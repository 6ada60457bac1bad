// The admin console's frame (docs/product.md#admin-console) around the open tab's child route, which reads only its
// own list. The search term is `q` in the URL, kept between tabs, sent after a pause.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { ConfirmEmailBanner } from '../../components/confirm-email-banner';
import { PageHeading } from '../../components/page';
import { needsSecondFactor } from '../../lib/call-errors';
import { useSession } from '../../lib/session';
import { reloadConsole } from './mutations';
import { ErrorBanner, loadFailure, NoticeProvider, SuccessNotice, useNoticeState } from '../../components/notices';
import { statsQuery } from './queries';
import { MAX_SEARCH_LENGTH, type PageSearch, type TermSearch } from './search';

const route = getRouteApi('/_data/admin');

/** Typing pauses this long before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

const TABS = [
  { to: '/admin', label: 'Overview' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/policies', label: 'Policies' },
  { to: '/admin/logs', label: 'Logs' },
  { to: '/admin/quotes', label: 'Quote requests' },
  { to: '/admin/callbacks', label: 'Callback requests' },
  { to: '/admin/claims', label: 'Claims' },
  // The insurer's rates are the owner's to change (docs/product.md#rates).
  { to: '/admin/rates', label: 'Rates', ownerOnly: true },
] as const;

export function ConsoleLayout() {
  const { notice, notify } = useNoticeState();
  const stats = useQuery(statsQuery());
  const { q } = route.useSearch();
  const isOwner = useSession()?.user.isOwner ?? false;
  const navigateAway = useNavigate();
  // Every console page asks for the statistics: under the owner's rule, a staff account without a second factor is
  // refused them and sent to set one up (docs/product.md#second-factor-for-staff).
  const mustEnrol = needsSecondFactor(stats.error);
  useEffect(() => {
    if (mustEnrol) void navigateAway({ to: '/account/two-factor', replace: true });
  }, [mustEnrol, navigateAway]);

  return (
    <section aria-labelledby="admin-heading">
      <PageHeading id="admin-heading" title="Admin dashboard" lead="Manage users, policies, quote and callback requests, claims, and the audit log." />
      <ConfirmEmailBanner />

      <div className="space-y-3" aria-live="polite">
        {notice?.tone === 'success' ? <SuccessNotice text={notice.text} /> : null}
      </div>
      {notice?.tone === 'error' ? (
        <ErrorBanner
          failure={notice}
          onRetry={() => {
            notify(null);
            void reloadConsole();
          }}
        />
      ) : null}
      {stats.isError ? <ErrorBanner failure={loadFailure(stats.error)} onRetry={() => void stats.refetch()} /> : null}

      {stats.data ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Statistics">
          <StatCard label="Total Users" value={stats.data.totalUsers} />
          <StatCard label="Total Policies" value={stats.data.totalPolicies} />
          <StatCard label="Active Policies" value={stats.data.activePolicies} />
          <StatCard label="Pending Claims" value={stats.data.pendingClaims} />
        </ul>
      ) : stats.isError ? null : (
        <div role="status" aria-busy="true" className="mt-6 grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="admin-skeleton">
          <span className="sr-only">Loading dashboard...</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-24 rounded-lg bg-slate-200" />
          ))}
        </div>
      )}

      <SearchBox q={q ?? ''} />

      <nav aria-label="Admin sections" className="mt-6 border-b border-slate-300">
        <ul className="flex flex-wrap gap-1">
          {TABS.filter((t) => isOwner || !('ownerOnly' in t)).map((t) => (
            <li key={t.to}>
              <Link
                to={t.to}
                search={q ? { q } : {}}
                activeOptions={{ exact: true, includeSearch: false }}
                className="inline-flex min-h-11 items-center rounded-t-md px-4 py-2 font-semibold"
                activeProps={{ className: 'border-b-4 border-brand-700 text-brand-700' }}
                inactiveProps={{ className: 'text-ink-muted hover:text-brand-700' }}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6">
        <NoticeProvider notify={notify}>
          <Outlet />
        </NoticeProvider>
      </div>
    </section>
  );
}

/** The URL follows the box after a pause, replacing the history entry rather than adding one per word. */
function SearchBox({ q }: { q: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const sent = useRef(q);

  useEffect(() => {
    if (q === sent.current) return;
    sent.current = q;
    setText(q);
  }, [q]);

  const send = useCallback(
    (term: string) => {
      sent.current = term;
      // A new term starts again at page 1.
      void navigate({ to: '.', search: (prev: TermSearch & PageSearch) => ({ ...prev, q: term || undefined, page: undefined }), replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    const term = text.trim();
    if (term === sent.current) return;
    const t = setTimeout(() => send(term), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, send]);

  return (
    <div className="mt-6 flex gap-2" role="search">
      <label htmlFor="admin-search" className="sr-only">
        Search
      </label>
      <input
        id="admin-search"
        type="search"
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search users, policies, or logs..."
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-brand-700"
      />
      <Button
        variant="secondary"
        onClick={() => {
          setText('');
          if (sent.current !== '') send('');
        }}
        disabled={text === ''}
        aria-label="Clear search"
      >
        Clear
      </Button>
    </div>
  );
}

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <li className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm" aria-label={`${label}: ${value}`}>
      <p className="text-sm font-semibold text-ink-muted">{label}</p>
      <p className="mt-1 text-3xl font-bold text-brand-700" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </p>
    </li>
  );
}
