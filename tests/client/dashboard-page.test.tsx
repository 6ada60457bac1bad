// @vitest-environment jsdom
// The dashboard page with the server's tRPC answers given by the test (docs/product.md#dashboard, #offline):
// welcome, loading and error texts, the Active/Expired split as policies expire under a fake clock, tabs,
// Previous/Next, impersonation, the offline copy (the real persister into an in-memory Cache Storage) and
// the certificate buttons' busy state, and the card's own certificate.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PolicyView } from '@server/contract/views';
import type * as DocumentActions from '../../src-client/features/policies/document-actions';
import { MemoryCacheStorage } from './memory-cache-storage';

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

vi.mock('../../src-client/features/policies/document-actions', async (importOriginal) => {
  const actual = await importOriginal<typeof DocumentActions>();
  return {
    ...actual,
    loadDocument: vi.fn(),
    viewDocument: vi.fn(),
    downloadDocument: vi.fn(),
    cacheActiveDocuments: vi.fn(() => Promise.resolve()),
  };
});

const { saveSession } = await import('../../src-client/lib/session');
const certificates = await import('../../src-client/features/policies/document-actions');
const { DashboardPage } = await import('../../src-client/features/policies/dashboard-page');

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
    product: 'temporary',
    premium: null,
    ...over,
  };
}

type Answer = { status: number; body: unknown } | 'network-error' | Promise<{ status: number; body: unknown }>;
let answers: Answer[] = [];
const requested: string[] = [];

function answerWith(...a: Answer[]) {
  answers = a;
}

/** A procedure's answer as the server's batch endpoint sends it: data, or the error shape of trpc/init.ts. */
function entryOf(status: number, body: unknown): unknown {
  if (status < 400) return { result: { data: body } };
  const message = (body as { error?: string } | null)?.error ?? 'Something went wrong on our side. Please try again.';
  return { error: { message, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: status } } };
}

/** The customer's quote requests (quotes.mine) answer this, their claims (claims.mine) and payments (policies.paid) none; the policy procedures take the queued answers. */
let quotesAnswer: { status: number; body: unknown } = { status: 200, body: [] };
/** Whether account.me says the address is confirmed; account.verifyEmail.request is counted and answered. */
let emailVerified = true;
let linkRequests = 0;
const OTHER_CALLS: Record<string, () => { status: number; body: unknown }> = {
  'quotes.mine': () => quotesAnswer,
  'claims.mine': () => ({ status: 200, body: [] }),
  'policies.paid': () => ({ status: 200, body: { items: [] } }),
  'account.me': () => ({
    status: 200,
    body: { user: { id: 5, username: 'sam.o', isAdmin: false, isOwner: false, emailVerified }, expiresAt: '2026-07-02T12:00:00.000Z' },
  }),
  'account.verifyEmail.request': () => {
    linkRequests += 1;
    return { status: 200, body: { message: 'We have e-mailed you a link to confirm your address. It works once, for 7 days.', emailVerified: false } };
  },
};

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const paths = decodeURIComponent(new URL(String(input), 'http://localhost').pathname.replace(/^\/trpc\//, '')).split(',');
  const policyCalls = paths.filter((p) => !(p in OTHER_CALLS));
  requested.push(...policyCalls.map((p) => `/trpc/${p}`));
  const next = policyCalls.length === 0 ? { status: 200, body: null } : answers.length > 1 ? answers.shift()! : answers[0]!;
  if (next === 'network-error') throw new TypeError('Failed to fetch');
  const { status, body } = await next;
  const answered = paths.map((p) => OTHER_CALLS[p]?.() ?? { status, body });
  const entries = answered.map((a) => entryOf(a.status, a.body));
  const statuses = new Set(answered.map((a) => a.status));
  const overall = statuses.size === 1 ? [...statuses][0]! : 207;
  return new Response(JSON.stringify(entries), { status: overall, headers: { 'Content-Type': 'application/json' } });
});

let queryClient: QueryClient;

function renderPage() {
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <DashboardPage />
    </QueryClientProvider>,
  );
}

/** A page load of its own: a new query cache, as after closing and reopening the app. */
function reopen() {
  cleanup();
  return renderPage();
}

/** Moves the fake clock (Date and the page's 1 s interval) on. */
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
function signInAs(id: number, username: string, isAdmin = false) {
  const exp = Math.floor(Date.now() / 1000) + 30 * 86_400;
  saveSession(`${base64url({ alg: 'HS256' })}.${base64url({ sub: String(id), username, isAdmin, isOwner: isAdmin, exp })}.sig`, true);
}

let storage: MemoryCacheStorage;
/** The paths kept in a user's offline cache. */
const keptFor = (userId: number) => storage.dump()[`kerbside-personal-v1-user-${userId}`] ?? [];

beforeEach(() => {
  // Only the clock and the page's interval are fake: TanStack Query and Testing Library keep real timeouts.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-07-01T12:00:00Z')); // 13:00 BST
  vi.stubGlobal('fetch', fetchMock);
  storage = new MemoryCacheStorage();
  vi.stubGlobal('caches', storage);
  requested.length = 0;
  quotesAnswer = { status: 200, body: [] };
  emailVerified = true;
  linkRequests = 0;
  routeContext.value = CUSTOMER;
  signInAs(5, 'sam.o');
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
    expect(requested).toEqual(['/trpc/policies.mine']);
    expect(screen.getByTestId('countdown-label').textContent).toBe('Policy ends in');
    expect(screen.getByTestId('countdown').textContent).toBe('1d 20h 00m 00s');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText('Policy 1 of 1')).toBeNull();
    // Four Need Help panels.
    expect(within(screen.getByRole('region', { name: 'Need Help?' })).getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it('keeps the list on the device after an online load, and the certificates of live and upcoming cover', async () => {
    const live = policy({ policyNumber: 'LIVE1' });
    const gone = policy({ policyNumber: 'GONE1', startDate: '2026-06-01', endDate: '2026-06-02' });
    answerWith({ status: 200, body: [live, gone] });
    renderPage();
    await screen.findByText('LIVE1', { selector: 'article h3' });
    await waitFor(() => expect(keptFor(5).some((path) => path.startsWith('/offline/query/'))).toBe(true));
    await waitFor(() => expect(certificates.cacheActiveDocuments).toHaveBeenCalledWith(5, [live]));
  });

  it('a full disk never breaks the page: the list shows though nothing could be kept', async () => {
    vi.spyOn(storage, 'open').mockRejectedValue(new DOMException('Quota exceeded', 'QuotaExceededError'));
    answerWith({ status: 200, body: [policy({ policyNumber: 'SHOWN' })] });
    renderPage();
    expect(await screen.findByText('SHOWN', { selector: 'article h3' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back to the username when no driver name is known', async () => {
    answerWith({ status: 200, body: [] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, sam.o' })).toBeTruthy();
    expect(screen.getByText('No active policies found.')).toBeTruthy();
    expect(screen.getByText('No policies available to display documents.')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('asks an account that has not confirmed its address to confirm it, and sends the link again on request', async () => {
    answerWith({ status: 200, body: [] });
    emailVerified = false;
    renderPage();
    const banner = await screen.findByText(/Please confirm your e-mail address/);
    expect(banner).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(/We have e-mailed you a link/)).toBeTruthy();
    expect(linkRequests).toBe(1);
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('shows no banner once the address is confirmed', async () => {
    answerWith({ status: 200, body: [] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, sam.o' })).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('account.me'))).toBe(true));
    expect(screen.queryByText(/Please confirm your e-mail address/)).toBeNull();
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

  it('pending cover: "Awaiting confirmation", never "Active", no countdown or progress, no certificate buttons, what happens next', async () => {
    answerWith({ status: 200, body: [policy({ policyNumber: 'WAIT1', status: 'pending' })] });
    renderPage();
    const card = await screen.findByRole('article');
    const badge = within(card).getByText('Status:').parentElement!;
    expect(badge.textContent).toBe('Status: Awaiting confirmation');
    expect(within(card).queryByText('Active')).toBeNull();
    expect(screen.getByTestId('countdown-label').textContent).toBe('Awaiting confirmation');
    expect(screen.getByTestId('countdown').textContent).toContain('You are not covered to drive until we have');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const docs = within(screen.getByRole('region', { name: 'Policy Documents' }));
    expect(docs.queryByRole('button', { name: /Certificate/ })).toBeNull();
    expect(docs.getByText(/the certificate is issued once your cover is confirmed/)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('cancelled or staff-expired cover is under Expired at once, whatever its end date, and says it ended early', async () => {
    answerWith({
      status: 200,
      body: [
        policy({ policyNumber: 'LIVE2' }),
        policy({ policyNumber: 'CANC1', status: 'cancelled' }),
        policy({ policyNumber: 'STAFFEXP', status: 'expired', startDate: '2026-07-10', endDate: '2026-07-12' }),
      ],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Expired (2)' }));
    expect(screen.getByRole('tab', { name: 'Active (1)' })).toBeTruthy();
    expect(screen.getByText('Policy 1 of 2')).toBeTruthy();
    const shown = () => screen.getByRole('article').querySelector('h3')!.textContent;
    const label = () => screen.getByTestId('countdown-label').textContent;
    const seen = new Map<string | null, string | null>([[shown(), label()]]);
    expect(screen.getByTestId('countdown').textContent).toMatch(/^Cover ended early/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    seen.set(shown(), label());
    expect(Object.fromEntries(seen)).toEqual({ CANC1: 'Cancelled', STAFFEXP: 'Expired' });
    const docs = within(screen.getByRole('region', { name: 'Policy Documents' }));
    expect(docs.getAllByRole('button', { name: 'View Certificate' })).toHaveLength(2);
    expect(docs.getByText(/^Cancelled: the certificate is kept as a record and is not valid/)).toBeTruthy();
  });

  it("lists the customer's quote requests with where each stands, and always offers 'Get a quote'", async () => {
    quotesAnswer = {
      status: 200,
      body: [
        { reference: 'QR-NEW00001', status: 'new', createdAt: '2026-07-01T10:00:00.000Z', product: 'learner', offer: null, policyNumber: null, statementOfFact: null, payOnline: false },
        {
          reference: 'QR-PRICED01',
          status: 'quoted',
          createdAt: '2026-06-30T10:00:00.000Z',
          product: 'temporary',
          offer: { premium: 64.5, validUntil: '2026-07-02T10:00:00.000Z', offeredAt: '2026-07-01T10:00:00.000Z', acceptance: null },
          policyNumber: null,
          statementOfFact: [{ label: 'First name', text: 'Amelia' }, { label: 'Registration number', text: 'AB12 CDE' }],
          payOnline: false,
        },
        {
          reference: 'QR-LAPSED01',
          status: 'quoted',
          createdAt: '2026-06-20T10:00:00.000Z',
          product: 'temporary',
          offer: { premium: 50, validUntil: '2026-06-21T10:00:00.000Z', offeredAt: '2026-06-20T10:00:00.000Z', acceptance: null },
          policyNumber: null,
          statementOfFact: [{ label: 'First name', text: 'Amelia' }],
          payOnline: false,
        },
        {
          reference: 'QR-ACCEPTED',
          status: 'quoted',
          createdAt: '2026-06-10T10:00:00.000Z',
          product: 'business',
          offer: { premium: 80, validUntil: '2026-07-02T10:00:00.000Z', offeredAt: '2026-06-30T10:00:00.000Z', acceptance: { at: '2026-06-30T11:00:00.000Z', via: 'online' } },
          policyNumber: null,
          statementOfFact: [{ label: 'First name', text: 'Amelia' }],
          payOnline: false,
        },
        { reference: 'QR-DONE0001', status: 'closed', createdAt: '2026-06-01T10:00:00.000Z', product: null, offer: null, policyNumber: 'KC-ABCDEFGHJK', statementOfFact: null, payOnline: false },
      ],
    };
    answerWith({ status: 200, body: [] });
    renderPage();
    const section = within(await screen.findByRole('region', { name: 'Your quote requests' }));
    expect(section.getByRole('link', { name: 'Get a quote' }).getAttribute('href')).toBe('/request-quote-step1');
    const items = await section.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'QR-NEW00001Learner driver cover, asked Wed 1 Jul 2026, 11:00 BSTReceived: a specialist will contact you within 24 hours',
      // A price that stands: the time left on it and 'Accept quote' (docs/product.md#accepting-a-quote).
      'QR-PRICED01Temporary car cover, asked Tue 30 Jun 2026, 11:00 BSTQuote: £64.50. Price valid for 22 h, until Thu 2 Jul 2026, 11:00 BST.Accept quote',
      'QR-LAPSED01Temporary car cover, asked Sat 20 Jun 2026, 11:00 BSTThis price has lapsed: the quote of £50.00 ended Sun 21 Jun 2026, 11:00 BST.To have it sent again, call us on 020 7946 0000 quoting QR-LAPSED01, or reply to the quote e-mail.',
      'QR-ACCEPTEDBusiness use cover, asked Wed 10 Jun 2026, 11:00 BSTYou accepted this quote of £80.00 on Tue 30 Jun 2026, 12:00 BST.We will call you to take payment by phone (or call us on 020 7946 0000). Once it is paid, your policy is set up and your documents are e-mailed to you.',
      'QR-DONE0001Asked Mon 1 Jun 2026, 11:00 BSTPolicy KC-ABCDEFGHJK issued',
    ]);
  });

  it('no policies and no requests: still a way on, never a dead end', async () => {
    answerWith({ status: 200, body: [] });
    renderPage();
    expect(await screen.findByText('No active policies found.')).toBeTruthy();
    const section = within(screen.getByRole('region', { name: 'Your quote requests' }));
    expect(await section.findByText(/You have no quote requests/)).toBeTruthy();
    expect(section.getByRole('link', { name: 'Get a quote' })).toBeTruthy();
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

  it('offline: the kept copy at once, marked with when it was fetched (UK time); back online, the current list', async () => {
    answerWith({ status: 200, body: [policy({ policyNumber: 'KEPT1', endDate: '2026-07-09' })] });
    renderPage();
    await screen.findByText('KEPT1', { selector: 'article h3' });
    await waitFor(() => expect(keptFor(5).length).toBeGreaterThan(0));

    // A day later the app is opened again with no network.
    vi.setSystemTime(new Date('2026-07-02T08:30:00Z'));
    answerWith('network-error');
    reopen();
    expect(await screen.findByText('Offline – last updated 1 Jul 2026, 13:00')).toBeTruthy();
    expect(screen.getByText('KEPT1', { selector: 'article h3' })).toBeTruthy();
    expect(screen.queryByText('Failed to fetch policies')).toBeNull();

    // Opened again with the network back: the kept copy, then the server's list replaces it.
    answerWith({ status: 200, body: [policy({ policyNumber: 'FRESH1', endDate: '2026-07-09' })] });
    reopen();
    expect(await screen.findByText('FRESH1', { selector: 'article h3' })).toBeTruthy();
    expect(screen.queryByText(/^Offline/)).toBeNull();
  });

  it("the kept copy is one person's: another sign-in on the device never sees it", async () => {
    answerWith({ status: 200, body: [policy({ policyNumber: 'SAMS1' })] });
    renderPage();
    await screen.findByText('SAMS1', { selector: 'article h3' });
    await waitFor(() => expect(keptFor(5).length).toBeGreaterThan(0));

    signInAs(6, 'alex.r');
    routeContext.value = { session: { user: { id: 6, username: 'alex.r', isAdmin: false, isOwner: false } }, impersonateUserId: null };
    answerWith('network-error');
    reopen();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch policies');
    expect(screen.queryByText('SAMS1')).toBeNull();
    expect(keptFor(5)).toEqual([]);
  });

  it('offline with nothing kept: "Failed to fetch policies"', async () => {
    answerWith('network-error');
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch policies');
  });

  it('impersonating: "User #{id} Policies" from the admin procedure; nothing kept; Return clears the id and goes to /admin', async () => {
    signInAs(1, 'owner', true);
    sessionStorage.setItem('impersonateUserId', '42');
    routeContext.value = { session: { user: { id: 1, username: 'owner', isAdmin: true, isOwner: true } }, impersonateUserId: 42 };
    answerWith({ status: 200, body: [policy({ policyNumber: 'THEIRS', driverName: 'Jo Bloggs' })] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('User #42 Policies');
    await screen.findByText('THEIRS', { selector: 'article h3' });
    expect(requested).toEqual(['/trpc/admin.policies.ofUser']);
    // The admin's own quote requests are not the customer's: the section is not there.
    expect(screen.queryByRole('region', { name: 'Your quote requests' })).toBeNull();
    expect(storage.dump()).toEqual({});
    expect(certificates.cacheActiveDocuments).not.toHaveBeenCalled();
    // The customer's own actions are not the admin's to take.
    expect(screen.queryByRole('link', { name: 'Make a claim' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact us' })).toBeNull();
    // The certificates stay readable, as the customer sees them (on the card and in Policy Documents), never from a
    // copy kept on the admin's device.
    expect(screen.getAllByRole('button', { name: 'View Certificate' })).toHaveLength(2);
    vi.mocked(certificates.loadDocument).mockResolvedValueOnce(new Blob(['%PDF'], { type: 'application/pdf' }));
    await user.click(within(screen.getByRole('article')).getByRole('button', { name: 'View Certificate' }));
    expect(certificates.loadDocument).toHaveBeenCalledWith(expect.objectContaining({ policyNumber: 'THEIRS' }), 'certificate', { cacheFor: null });

    await user.click(screen.getByRole('button', { name: 'Return to Admin Dashboard' }));
    expect(sessionStorage.getItem('impersonateUserId')).toBeNull();
    expect(navigate).toHaveBeenCalledWith({ to: '/admin' });
  });

  it("impersonating offline never shows a kept copy (not even the admin's own)", async () => {
    signInAs(1, 'owner', true);
    routeContext.value = { session: { user: { id: 1, username: 'owner', isAdmin: true, isOwner: true } }, impersonateUserId: null };
    answerWith({ status: 200, body: [policy({ policyNumber: 'OWNERS1' })] });
    renderPage();
    await screen.findByText('OWNERS1', { selector: 'article h3' });
    await waitFor(() => expect(keptFor(1).length).toBeGreaterThan(0));

    routeContext.value = { session: { user: { id: 1, username: 'owner', isAdmin: true, isOwner: true } }, impersonateUserId: 42 };
    answerWith('network-error');
    reopen();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch policies');
    expect(screen.queryByText('OWNERS1')).toBeNull();
  });

  it("the customer's card: 'Make a claim' goes to /claims, 'Contact us' to /support", async () => {
    answerWith({ status: 200, body: [policy({ policyNumber: 'MINE1' })] });
    renderPage();
    const card = within(await screen.findByRole('article'));
    expect(card.getByRole('link', { name: 'Make a claim' }).getAttribute('href')).toBe('/claims');
    expect(card.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/support');
  });

  it("a certificate with no network and no saved copy says it is not saved for offline use, and when it will open", async () => {
    answerWith({ status: 200, body: [policy({ policyNumber: 'NOCOPY' })] });
    vi.mocked(certificates.loadDocument).mockRejectedValueOnce(new certificates.DocumentError('This certificate is not saved for offline use'));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByText('NOCOPY', { selector: 'article h3' });
    const docs = within(screen.getByRole('region', { name: 'Policy Documents' }));
    await user.click(docs.getByRole('button', { name: 'View Certificate' }));
    const alert = await docs.findByRole('alert');
    expect(within(alert).getByText('This certificate is not saved for offline use')).toBeTruthy();
    expect(alert.textContent).toContain('will open when you are back online');
    expect(alert.textContent).not.toContain('try again');
    expect(certificates.viewDocument).not.toHaveBeenCalled();
  });

  it('certificate buttons: "Loading..." and disabled while busy, then view; a failure is told in the page', async () => {
    answerWith({ status: 200, body: [policy({ policyNumber: 'CERT1' })] });
    let finish!: (b: Blob) => void;
    vi.mocked(certificates.loadDocument).mockImplementationOnce(() => new Promise<Blob>((r) => (finish = r)));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByText('CERT1', { selector: 'article h3' });
    const docs = within(screen.getByRole('region', { name: 'Policy Documents' }));
    await user.click(docs.getByRole('button', { name: 'View Certificate' }));
    const busy = docs.getByRole('button', { name: 'Loading...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy); // ignored while busy
    expect(certificates.loadDocument).toHaveBeenCalledTimes(1);
    expect(certificates.loadDocument).toHaveBeenCalledWith(expect.objectContaining({ policyNumber: 'CERT1' }), 'certificate', { cacheFor: 5 });

    const pdf = new Blob(['%PDF'], { type: 'application/pdf' });
    await act(async () => finish(pdf));
    expect(certificates.viewDocument).toHaveBeenCalledWith(pdf, 'CERT1');
    expect(docs.getByRole('button', { name: 'View Certificate' }).getAttribute('aria-disabled')).toBeNull();

    vi.mocked(certificates.loadDocument).mockRejectedValueOnce(new certificates.DocumentError('Failed to load certificate. Please try again.'));
    await user.click(docs.getByRole('button', { name: 'Download Certificate' }));
    expect((await docs.findByRole('alert')).textContent).toBe('Failed to load certificate. Please try again.');
    expect(certificates.downloadDocument).not.toHaveBeenCalled();
  });

  it("the card starts with the certificate of cover in force or to come: View and Download before the countdown, told apart by the card's policy", async () => {
    const ended = policy({ policyNumber: 'ENDED1', startDate: '2026-06-01', endDate: '2026-06-02' });
    answerWith({ status: 200, body: [policy({ policyNumber: 'LIVE1' }), ended] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    const article = await screen.findByRole('article', { name: 'LIVE1' });
    const card = within(article);
    const view = card.getByRole('button', { name: 'View Certificate' });
    const download = card.getByRole('button', { name: 'Download Certificate' });
    expect(card.getByRole('heading', { level: 4, name: 'Certificate of Motor Insurance' })).toBeTruthy();
    // Which policy the buttons are for: the card's number and the certificate's heading.
    expect(view.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual(['LIVE1', 'Certificate of Motor Insurance']);
    // In the card's order, ahead of the countdown and the details.
    const order = [view, download, card.getByTestId('countdown'), card.getByText('Policyholder')];
    for (let i = 1; i < order.length; i++) expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    vi.mocked(certificates.loadDocument).mockResolvedValueOnce(new Blob(['%PDF'], { type: 'application/pdf' }));
    await user.click(download);
    expect(certificates.loadDocument).toHaveBeenCalledWith(expect.objectContaining({ policyNumber: 'LIVE1' }), 'certificate', { cacheFor: 5 });
    await waitFor(() => expect(certificates.downloadDocument).toHaveBeenCalledWith(expect.any(Blob), 'LIVE1', 'certificate'));
    // A failure is told in the card, by its buttons.
    vi.mocked(certificates.loadDocument).mockRejectedValueOnce(new certificates.DocumentError('Failed to load certificate. Please try again.'));
    await user.click(view);
    expect((await card.findByRole('alert')).textContent).toBe('Failed to load certificate. Please try again.');
    expect(within(screen.getByRole('region', { name: 'Policy Documents' })).queryByRole('alert')).toBeNull();

    // Ended cover's certificate is a record: in Policy Documents only.
    await user.click(screen.getByRole('tab', { name: /^Expired/ }));
    const endedCard = within(await screen.findByRole('article', { name: 'ENDED1' }));
    expect(endedCard.queryByRole('button', { name: 'View Certificate' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Policy Documents' })).getByRole('button', { name: 'View Certificate' })).toBeTruthy();
  });
});
