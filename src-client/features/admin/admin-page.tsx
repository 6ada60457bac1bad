// The admin console (SPEC.md §2 "/admin", DECISIONS.md "Admin console"): stats, server-side search and paging,
// users, policies and logs, with modals for changes. Loaded as its own chunk (the route is code-split).
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { PolicyInput } from '../../../src-server/contract/schemas';
import { UK_TIME_ZONE } from '../../../src-server/contract/time';
import type { PolicyView } from '../../../src-server/features/policies/service';
import type { UserView } from '../../../src-server/features/users/service';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page';
import { ApiError } from '../../lib/api';
import { setImpersonateUserId, useSession } from '../../lib/session';
import type { RequestStatus } from '../../../src-server/features/requests/service';
import {
  adminChange,
  adminKey,
  downloadReport,
  failureParts,
  useAdminCallbacks,
  useAdminLogs,
  useAdminPolicies,
  useAdminQuotes,
  useAdminStats,
  useAdminUsers,
  type QueueKind,
} from './admin-api';
import { LogsTab, PoliciesTab, policyLabel, UsersTab } from './list-tabs';
import { QueueTable, RequestDetail } from './queues';
import { ADMIN_TABS, type AdminTab } from './search';
import { Modal } from './dialog';
import { PolicyForm } from './policy-form';
import { Pager } from './table-section';
import { UserForm, type UserPayload } from './user-form';

const route = getRouteApi('/admin');

type Notice = { tone: 'success'; text: string } | { tone: 'error'; title: string; message: string; details?: string | undefined };
type Editing =
  | { kind: 'user'; user: UserView | null }
  | { kind: 'policy'; policy: PolicyView | null }
  | { kind: 'delete'; type: 'user' | 'policy'; id: number; label: string }
  | { kind: 'request'; queue: QueueKind; id: number; reference: string }
  | null;

const TAB_LABELS: Record<AdminTab, string> = { overview: 'Overview', users: 'Users', policies: 'Policies', logs: 'Logs', quotes: 'Quote requests', callbacks: 'Callback requests' };

const ukTimestamp = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, dateStyle: 'medium', timeStyle: 'medium' });

function formatTimestamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : ukTimestamp.format(d);
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function AdminPage() {
  const search = route.useSearch();
  const tab: AdminTab = search.tab ?? 'overview';
  const page = search.page ?? 1;
  const navigate = useNavigate();
  const session = useSession();
  const isOwner = session?.user.isOwner ?? false;
  const queryClient = useQueryClient();

  const [query, setQuery] = useState('');
  const term = useDebounced(query.trim(), 300);
  const firstTerm = useRef(term);
  useEffect(() => {
    if (firstTerm.current === term) return;
    firstTerm.current = term;
    void navigate({ to: '/admin', search: (prev) => ({ ...prev, page: undefined }), replace: true });
  }, [term, navigate]);

  const stats = useAdminStats();
  const users = useAdminUsers(tab === 'users' ? page : 1, term);
  const policies = useAdminPolicies(tab === 'policies' ? page : 1, term);
  const logs = useAdminLogs(tab === 'logs' ? page : 1, term);
  const quotes = useAdminQuotes(tab === 'quotes' ? page : 1, term);
  const callbacks = useAdminCallbacks(tab === 'callbacks' ? page : 1, term);

  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const t = setTimeout(() => setNotice(null), 3000);
    return () => clearTimeout(t);
  }, [notice]);

  const [editing, setEditing] = useState<Editing>(null);
  const [modalError, setModalError] = useState<Notice | null>(null);
  const close = () => {
    setEditing(null);
    setModalError(null);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKey });

  const loadError = [stats, users, policies, logs, quotes, callbacks].find((q) => q.isError)?.error;
  const firstLoad = stats.isPending || users.isPending || policies.isPending || logs.isPending || quotes.isPending || callbacks.isPending;

  const setTab = (next: AdminTab) => void navigate({ to: '/admin', search: { tab: next === 'overview' ? undefined : next } });
  const setPage = (next: number) => void navigate({ to: '/admin', search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) });

  async function run(action: string, success: string, fn: () => Promise<unknown>, inModal: boolean): Promise<void> {
    try {
      await fn();
      close();
      setNotice({ tone: 'success', text: success });
      await refresh();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fieldErrors).length > 0 && inModal) throw err;
      const n: Notice = { tone: 'error', title: `${action} Failed`, ...failureParts(err) };
      if (inModal) setModalError(n);
      else setNotice(n);
      if (inModal && err instanceof ApiError && err.status === 400) throw err;
    }
  }

  const saveUser = (user: UserView | null) => async (values: UserPayload) => {
    const body: Record<string, unknown> = { username: values.username, email: values.email, isAdmin: values.isAdmin, isOwner: values.isOwner };
    if (values.password) body['password'] = values.password;
    await run(
      user ? 'Update User' : 'Create User',
      user ? 'User updated successfully' : 'User created successfully',
      () => (user ? adminChange(`/admin/users/${user.id}`, 'PUT', body) : adminChange('/admin/users', 'POST', body)),
      true,
    );
  };

  const savePolicy = (policy: PolicyView | null) => async (values: PolicyInput) => {
    await run(
      policy ? 'Update Policy' : 'Create Policy',
      policy ? 'Policy updated successfully' : 'Policy created successfully',
      () => (policy ? adminChange(`/admin/policies/${policy.id}`, 'PUT', values) : adminChange('/admin/policies', 'POST', values)),
      true,
    );
  };

  const confirmDelete = async (type: 'user' | 'policy', id: number) => {
    const Type = type === 'user' ? 'User' : 'Policy';
    await run(`Delete ${Type}`, `${Type} deleted successfully`, () => adminChange(`/admin/${type === 'user' ? 'users' : 'policies'}/${id}`, 'DELETE'), false);
    close();
  };

  const saveRequestStatus = (queue: QueueKind, id: number) => async (status: RequestStatus) => {
    await run('Update Status', 'Status updated', () => adminChange(`/admin/${queue}/${id}`, 'PUT', { status }), true);
  };

  const generateReport = async () => {
    try {
      await downloadReport();
      setNotice({ tone: 'success', text: 'Report generated successfully' });
      await refresh();
    } catch (err) {
      setNotice({ tone: 'error', title: 'Generate Report Failed', ...failureParts(err) });
    }
  };

  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = ADMIN_TABS.indexOf(tab);
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (i + 1) % ADMIN_TABS.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + ADMIN_TABS.length) % ADMIN_TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = ADMIN_TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    const t = ADMIN_TABS[next]!;
    setTab(t);
    document.getElementById(`admin-tab-${t}`)?.focus();
  };

  return (
    <section aria-labelledby="admin-heading">
      <PageHeading id="admin-heading" title="Admin dashboard" lead="Manage users, policies, quote and callback requests, and the audit log." />

      <div className="space-y-3" aria-live="polite">
        {notice?.tone === 'success' ? (
          <div role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 p-4 font-semibold text-green-900">
            {notice.text}
          </div>
        ) : null}
      </div>
      {notice?.tone === 'error' ? <ErrorBanner notice={notice} onRetry={() => { setNotice(null); void refresh(); }} /> : null}
      {loadError ? (
        <ErrorBanner
          notice={{
            tone: 'error',
            title: 'Failed to load dashboard data',
            message: loadError instanceof ApiError && loadError.body.error ? loadError.body.error : 'Please check your connection and try again.',
            details: loadError instanceof Error ? loadError.message : String(loadError),
          }}
          onRetry={() => void refresh()}
        />
      ) : null}

      {firstLoad && !loadError ? (
        <div aria-busy="true" aria-label="Loading dashboard" className="mt-6 grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="admin-skeleton">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-24 rounded-lg bg-slate-200" />
          ))}
          <div className="h-64 rounded-lg bg-slate-200 sm:col-span-2 lg:col-span-4" />
        </div>
      ) : (
        <>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Statistics">
            <StatCard label="Total Users" value={stats.data?.totalUsers} />
            <StatCard label="Total Policies" value={stats.data?.totalPolicies} />
            <StatCard label="Active Policies" value={stats.data?.activePolicies} />
            <StatCard label="Pending Claims" value={stats.data?.pendingClaims} />
          </ul>

          <div className="mt-6 flex gap-2" role="search">
            <label htmlFor="admin-search" className="sr-only">
              Search
            </label>
            <input
              id="admin-search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search users, policies, or logs..."
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-brand-700"
            />
            <Button variant="secondary" onClick={() => setQuery('')} disabled={query === ''} aria-label="Clear search">
              Clear
            </Button>
          </div>

          <div role="tablist" aria-label="Admin sections" className="mt-6 flex flex-wrap gap-1 border-b border-slate-300" onKeyDown={onTabKey}>
            {ADMIN_TABS.map((t) => (
              <button
                key={t}
                id={`admin-tab-${t}`}
                type="button"
                role="tab"
                aria-selected={tab === t}
                aria-controls={`admin-panel-${t}`}
                tabIndex={tab === t ? 0 : -1}
                onClick={() => setTab(t)}
                className={`min-h-11 rounded-t-md px-4 py-2 font-semibold ${tab === t ? 'border-b-4 border-brand-700 text-brand-700' : 'text-ink-muted hover:text-brand-700'}`}
              >
                {TAB_LABELS[t]}
              </button>
            ))}
          </div>

          <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`} tabIndex={0} className="mt-6">
            {tab === 'overview' ? (
              <div>
                <h2 className="text-xl font-bold text-ink">Quick actions</h2>
                <div className="mt-4 flex flex-wrap gap-3">
                  <Button onClick={() => setEditing({ kind: 'user', user: null })}>Add New User</Button>
                  <Button onClick={() => setEditing({ kind: 'policy', policy: null })}>Create Policy</Button>
                  <Button variant="secondary" onClick={() => void generateReport()}>
                    Generate Report
                  </Button>
                </div>
              </div>
            ) : null}

            {tab === 'users' ? (
              <UsersTab
                data={users.data}
                isOwner={isOwner}
                page={page}
                onPage={setPage}
                onAdd={() => setEditing({ kind: 'user', user: null })}
                onEdit={(user) => setEditing({ kind: 'user', user })}
                onDelete={(user) => setEditing({ kind: 'delete', type: 'user', id: user.id, label: user.username })}
                onViewPolicies={(user) => {
                  setImpersonateUserId(user.id);
                  void navigate({ to: '/dashboard' });
                }}
              />
            ) : null}

            {tab === 'policies' ? (
              <PoliciesTab
                data={policies.data}
                page={page}
                onPage={setPage}
                onAdd={() => setEditing({ kind: 'policy', policy: null })}
                onEdit={(policy) => setEditing({ kind: 'policy', policy })}
                onDelete={(policy) => setEditing({ kind: 'delete', type: 'policy', id: policy.id, label: policyLabel(policy) })}
              />
            ) : null}

            {tab === 'logs' ? <LogsTab data={logs.data} page={page} onPage={setPage} formatTimestamp={formatTimestamp} /> : null}

            {tab === 'quotes' || tab === 'callbacks' ? (
              <QueueTable
                kind={tab}
                data={(tab === 'quotes' ? quotes : callbacks).data}
                formatTimestamp={formatTimestamp}
                onOpen={(id, reference) => setEditing({ kind: 'request', queue: tab, id, reference })}
                pager={<Pager page={page} total={(tab === 'quotes' ? quotes : callbacks).data?.total ?? 0} onPage={setPage} />}
              />
            ) : null}
          </div>
        </>
      )}

      {editing?.kind === 'user' ? (
        <Modal title={editing.user ? 'Edit User' : 'Add User'} onClose={close}>
          {modalError?.tone === 'error' ? <ErrorBanner notice={modalError} /> : null}
          <UserForm user={editing.user} canSetRoles={isOwner} onSubmit={saveUser(editing.user)} onCancel={close} />
        </Modal>
      ) : null}
      {editing?.kind === 'policy' ? (
        <Modal title={editing.policy ? 'Edit Policy' : 'Add Policy'} onClose={close}>
          {modalError?.tone === 'error' ? <ErrorBanner notice={modalError} /> : null}
          <PolicyForm policy={editing.policy} onSubmit={savePolicy(editing.policy)} onCancel={close} />
        </Modal>
      ) : null}
      {editing?.kind === 'request' ? (
        <Modal title={`${editing.queue === 'quotes' ? 'Quote request' : 'Callback request'} ${editing.reference}`} onClose={close}>
          {modalError?.tone === 'error' ? <ErrorBanner notice={modalError} /> : null}
          <RequestDetail kind={editing.queue} id={editing.id} formatTimestamp={formatTimestamp} onSave={saveRequestStatus(editing.queue, editing.id)} onCancel={close} />
        </Modal>
      ) : null}
      {editing?.kind === 'delete' ? (
        <Modal title={`Delete ${editing.type}`} onClose={close} role="alertdialog">
          <p>Are you sure you want to delete this {editing.type}? This action cannot be undone.</p>
          <p className="mt-2 font-semibold">{editing.label}</p>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete(editing.type, editing.id)}>
              Delete
            </Button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

function ErrorBanner({ notice, onRetry }: { notice: Extract<Notice, { tone: 'error' }>; onRetry?: () => void }) {
  return (
    <div role="alert" className="mt-3 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{notice.title}</p>
      <p className="mt-1">{notice.message}</p>
      {notice.details ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer">Technical details</summary>
          <pre className="mt-1 whitespace-pre-wrap break-all">{notice.details}</pre>
        </details>
      ) : null}
      {onRetry ? (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <li className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm" aria-label={`${label}: ${value ?? '–'}`}>
      <p className="text-sm font-semibold text-ink-muted">{label}</p>
      <p className="mt-1 text-3xl font-bold text-brand-700" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value ?? '–'}
      </p>
    </li>
  );
}
