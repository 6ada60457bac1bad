// @vitest-environment jsdom
// The dashboard page with the API answered in the test (SPEC.md §2, §4, §7, §8; DECISIONS.md "Offline"):
// welcome, loading and error texts, the Active/Expired split as policies expire under a fake clock, tabs,
// Previous/Next, impersonation, the offline copy and the certificate buttons' busy state.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PolicyView } from '../../src-server/features/policies/service';

const CUSTOMER = { session: { user: { id: 5, username: 'sam.o', isAdmin: false, isOwner: false } }, impersonateUserId: null as number | null };
const routeContext = vi.hoisted(() => ({ value: null as unknown }));
const navigate = vi.hoisted(() => vi.fn());

vi.mock('@tanstack/react-router', () => ({
  getRouteApi: () => ({ useRouteContext: () => routeContext.value }),
  useNavigate: () => navigate,
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));

vi.mock('../../src-client/lib/personal-cache', () => ({
  savePoliciesSnapshot: vi.fn(() => Promise.reject(new Error('quota'))),
  readPoliciesSnapshot: vi.fn(() => Promise.resolve(null)),
  purgePersonalData: vi.fn(() => Promise.resolve()),
}));

vi.mock('../../src-client/features/dashboard/certificate-actions', () => {
  class CertificateError extends Error {}
  return {
    CERTIFICATE_MESSAGES: { invalid: 'Invalid policy number', failed: 'Failed to load certificate. Please try again.' },
    CertificateError,
    loadCertificate: vi.fn(),
    viewCertificate: vi.fn(),
    downloadCertificate: vi.fn(),
    cacheActiveCertificates: vi.fn(() => Promise.resolve()),
  };
});

const personalCache = await import('../../src-client/lib/personal-cache');
const certificates = await import('../../src-client/features/dashboard/certificate-actions');
const { DashboardPage } = await import('../../src-client/features/dashboard/dashboard-page');

let nextId = 1;
function policy(over: Partial<PolicyView>): PolicyView {
  const id = nextId++;
  return {
    id,
    policyNumber: `KCPOLICY${id}`,
    userId: 5,
    username: 'sam.o',
    holderName: 'Sam Okafor',
    carModel: 'Ford Fiesta',
    driverName: 'Sam Okafor',
    licenseNumber: 'OKAFO801015S99AB',
    registration: null,
    startDate: '2026-07-01',
    startTime: '09:00',
    endDate: '2026-07-03',
    endTime: '09:00',
    status: 'active',
    ...over,
  };
}

type Answer = { status: number; body: unknown } | 'network-error' | Promise<{ status: number; body: unknown }>;
let answers: Answer[] = [];
const requested: string[] = [];

function answerWith(...a: Answer[]) {
  answers = a;
}

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  requested.push(String(input));
  const next = answers.length > 1 ? answers.shift()! : answers[0]!;
  if (next === 'network-error') throw new TypeError('Failed to fetch');
  const { status, body } = await next;
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  queryClient = client;
  return render(
    <QueryClientProvider client={client}>
      <DashboardPage />
    </QueryClientProvider>,
  );
}

let queryClient: QueryClient;

/** Moves the fake clock (Date and the page's 1 s interval) on. */
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  // Only the clock and the page's interval are fake: TanStack Query and Testing Library keep real timeouts.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-07-01T12:00:00Z')); // 13:00 BST
  vi.stubGlobal('fetch', fetchMock);
  requested.length = 0;
  routeContext.value = CUSTOMER;
  vi.mocked(personalCache.readPoliciesSnapshot).mockResolvedValue(null);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

describe('DashboardPage', () => {
  it('loads: "Loading policies..." first, then the welcome with the driver’s first name and the card', async () => {
    let release!: (v: { status: number; body: unknown }) => void;
    answerWith(new Promise((r) => (release = r)));
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading policies...');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome');

    release({ status: 200, body: [policy({ driverName: '  Ada   Lovelace ' })] });
    expect((await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).tagName).toBe('H1');
    expect(requested).toEqual(['/api/user/policies']);
    expect(screen.getByTestId('countdown-label').textContent).toBe('Policy ends in');
    expect(screen.getByTestId('countdown').textContent).toBe('1d 20h 00m 00s');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText('Policy 1 of 1')).toBeNull();
    // Four Need Help panels.
    expect(within(screen.getByRole('region', { name: 'Need Help?' })).getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('keeps the offline copy after an online load, ignoring its failures, and never while impersonating', async () => {
    const live = policy({ policyNumber: 'LIVE1' });
    const gone = policy({ policyNumber: 'GONE1', startDate: '2026-06-01', endDate: '2026-06-02' });
    answerWith({ status: 200, body: { policies: [live, gone] } });
    renderPage();
    await screen.findByText('LIVE1', { selector: 'article h3' });
    expect(personalCache.savePoliciesSnapshot).toHaveBeenCalledWith(5, [live, gone], Date.parse('2026-07-01T12:00:00Z'));
    expect(certificates.cacheActiveCertificates).toHaveBeenCalledWith(5, ['LIVE1']);
  });

  it('falls back to the username when no driver name is known', async () => {
    answerWith({ status: 200, body: [] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, sam.o' })).toBeTruthy();
    expect(screen.getByText('No active policies found.')).toBeTruthy();
    expect(screen.getByText('No policies available to display documents.')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('Previous/Next cycle through the active policies, in start order', async () => {
    answerWith({
      status: 200,
      body: [
        policy({ policyNumber: 'THIRD', startDate: '2026-07-20', endDate: '2026-07-21' }),
        policy({ policyNumber: 'SECOND', startDate: '2026-07-10', endDate: '2026-07-12' }),
        policy({ policyNumber: 'FIRST' }),
      ],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByText('Policy 1 of 3');
    const shown = () => screen.getAllByRole('article')[0]!.querySelector('h3')!.textContent;
    expect(shown()).toBe('FIRST');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Policy 2 of 3')).toBeTruthy();
    expect(shown()).toBe('SECOND');
    expect(screen.getByTestId('countdown-label').textContent).toBe('Policy starts in');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(shown()).toBe('FIRST');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(shown()).toBe('THIRD');
    expect(screen.getByText('Policy 3 of 3')).toBeTruthy();
  });

  it('tabs appear with an expired policy; click and arrow keys switch lists and the documents follow', async () => {
    answerWith({
      status: 200,
      body: [policy({ policyNumber: 'NOWCOVER' }), policy({ policyNumber: 'OLDCOVER', startDate: '2026-05-01', endDate: '2026-05-02' })],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    const activeTab = await screen.findByRole('tab', { name: 'Active (1)' });
    const expiredTab = screen.getByRole('tab', { name: 'Expired (1)' });
    expect(activeTab.getAttribute('aria-selected')).toBe('true');
    const docs = () => within(screen.getByRole('region', { name: 'Policy Documents' }));
    expect(docs().getByRole('heading', { level: 3 }).textContent).toBe('NOWCOVER');

    await user.click(expiredTab);
    expect(expiredTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(expiredTab.id);
    expect(screen.getByTestId('countdown-label').textContent).toBe('Expired');
    expect(docs().getByRole('heading', { level: 3 }).textContent).toBe('OLDCOVER');

    await user.keyboard('{ArrowRight}'); // wraps to Active
    expect(document.activeElement).toBe(activeTab);
    expect(activeTab.getAttribute('aria-selected')).toBe('true');
    expect(activeTab.tabIndex).toBe(0);
    expect(expiredTab.tabIndex).toBe(-1);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(expiredTab);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(activeTab);
  });

  it('a policy expiring on screen moves to Expired: the tabs appear and Active says none are left', async () => {
    // Ends 13:01 BST (12:01Z), a minute after the page opens.
    answerWith({ status: 200, body: [policy({ policyNumber: 'SHORT', startDate: '2026-07-01', startTime: '12:00', endDate: '2026-07-01', endTime: '13:01' })] });
    renderPage();
    await screen.findByText('SHORT', { selector: 'article h3' });
    expect(screen.getByTestId('countdown').textContent).toBe('00h 01m 00s');
    expect(screen.queryByRole('tablist')).toBeNull();

    tick(59_000);
    expect(screen.getByTestId('countdown').textContent).toBe('00h 00m 01s');
    tick(1000);
    expect(screen.getByRole('tab', { name: 'Active (0)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('No active policies found.')).toBeTruthy();
    expect(screen.getByText('No policies available to display documents.')).toBeTruthy();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('tab', { name: 'Expired (1)' }));
    expect(screen.getByTestId('countdown-label').textContent).toBe('Expired');
  });

  it('shows "No expired policies found." on an empty Expired list', async () => {
    answerWith({ status: 200, body: [policy({ policyNumber: 'X1', startDate: '2026-05-01', endDate: '2026-05-02' })] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Expired (1)' }));
    expect(screen.getByText('X1', { selector: 'article h3' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Active (0)' }));
    expect(screen.getByText('No active policies found.')).toBeTruthy();
  });

  it('a failure says "Failed to fetch policies"; Try again recovers', async () => {
    answerWith({ status: 500, body: { error: 'boom' } }, { status: 200, body: [policy({ policyNumber: 'BACK' })] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch policies');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, sam.o');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('BACK', { selector: 'article h3' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a later refresh that fails keeps the list on screen', async () => {
    answerWith({ status: 200, body: [policy({ policyNumber: 'KEEP' })] }, { status: 503, body: {} });
    renderPage();
    await screen.findByText('KEEP', { selector: 'article h3' });
    await act(() => queryClient.refetchQueries());
    expect(requested).toHaveLength(2);
    expect(screen.getByText('KEEP', { selector: 'article h3' })).toBeTruthy();
    expect(screen.queryByText('Failed to fetch policies')).toBeNull();
  });

  it('offline: the kept copy, marked with when it was saved (UK time)', async () => {
    answerWith('network-error');
    vi.mocked(personalCache.readPoliciesSnapshot).mockResolvedValue({
      policies: [policy({ policyNumber: 'KEPT1' })],
      savedAt: Date.parse('2026-06-30T13:05:00Z'),
    });
    renderPage();
    expect(await screen.findByText('Offline – last updated 30 Jun 2026, 14:05')).toBeTruthy();
    expect(screen.getByText('KEPT1', { selector: 'article h3' })).toBeTruthy();
    expect(personalCache.readPoliciesSnapshot).toHaveBeenCalledWith(5);
    expect(personalCache.savePoliciesSnapshot).not.toHaveBeenCalled();
  });

  it('offline with nothing kept: "Failed to fetch policies"', async () => {
    answerWith('network-error');
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch policies');
  });

  it('impersonating: "User #{id} Policies" from the admin API; nothing kept; Return clears the id and goes to /admin', async () => {
    sessionStorage.setItem('impersonateUserId', '42');
    routeContext.value = { session: { user: { id: 1, username: 'owner', isAdmin: true, isOwner: true } }, impersonateUserId: 42 };
    answerWith({ status: 200, body: { policies: [policy({ policyNumber: 'THEIRS', driverName: 'Jo Bloggs' })] } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('User #42 Policies');
    await screen.findByText('THEIRS', { selector: 'article h3' });
    expect(requested).toEqual(['/api/admin/users/42/policies']);
    expect(personalCache.savePoliciesSnapshot).not.toHaveBeenCalled();
    expect(certificates.cacheActiveCertificates).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Return to Admin Dashboard' }));
    expect(sessionStorage.getItem('impersonateUserId')).toBeNull();
    expect(navigate).toHaveBeenCalledWith({ to: '/admin' });
  });

  it('impersonating offline never reads the customer copy', async () => {
    routeContext.value = { session: { user: { id: 1, username: 'owner', isAdmin: true, isOwner: true } }, impersonateUserId: 42 };
    answerWith('network-error');
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch policies');
    expect(personalCache.readPoliciesSnapshot).not.toHaveBeenCalled();
  });

  it('certificate buttons: "Loading..." and disabled while busy, then view; a failure is told in the page', async () => {
    answerWith({ status: 200, body: [policy({ policyNumber: 'CERT1' })] });
    let finish!: (b: Blob) => void;
    vi.mocked(certificates.loadCertificate).mockImplementationOnce(() => new Promise<Blob>((r) => (finish = r)));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByText('CERT1', { selector: 'article h3' });
    const docs = within(screen.getByRole('region', { name: 'Policy Documents' }));
    await user.click(docs.getByRole('button', { name: 'View Certificate' }));
    const busy = docs.getByRole('button', { name: 'Loading...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy); // ignored while busy
    expect(certificates.loadCertificate).toHaveBeenCalledTimes(1);
    expect(certificates.loadCertificate).toHaveBeenCalledWith('CERT1', { cacheFor: 5 });

    const pdf = new Blob(['%PDF'], { type: 'application/pdf' });
    await act(async () => finish(pdf));
    expect(certificates.viewCertificate).toHaveBeenCalledWith(pdf, 'CERT1');
    expect(docs.getByRole('button', { name: 'View Certificate' }).getAttribute('aria-disabled')).toBeNull();

    vi.mocked(certificates.loadCertificate).mockRejectedValueOnce(new certificates.CertificateError('Failed to load certificate. Please try again.'));
    await user.click(docs.getByRole('button', { name: 'Download Certificate' }));
    expect((await docs.findByRole('alert')).textContent).toBe('Failed to load certificate. Please try again.');
    expect(certificates.downloadCertificate).not.toHaveBeenCalled();
  });
});
