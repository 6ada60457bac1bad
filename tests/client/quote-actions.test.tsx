// @vitest-environment jsdom
// The console's "Send quote" and "Issue policy" (docs/product.md#from-quote-to-cover) with the server's tRPC
// answers given by the test: the reason both are disabled once a request is closed or has its policy, the
// policy form opened from the request by the contract's rule (UK times in the form's 12-hour style), what each
// sends, what it refreshes, and the message naming the account and whether it was invited.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IssuedPolicyView, QuoteRequestDetailView } from '@server/contract/views';

/** Every tRPC helper the component touches, recorded: calls by dotted path. */
const calls = await vi.hoisted(async () => (await import('./recorded-trpc')).newRecordedCalls());
vi.mock('../../src-client/lib/trpc', async () => (await import('./recorded-trpc')).recordedTrpcModule(calls));

const { QuoteActions, issueFormValues, issuedText } = await import('../../src-client/features/admin/quote-actions');

afterEach(() => {
  cleanup();
  calls.list.length = 0;
  calls.answers.clear();
});

const REQUEST: QuoteRequestDetailView = {
  id: 7,
  reference: 'QR-7K2M9QXA',
  status: 'quoted',
  firstName: 'Amelia',
  lastName: 'Fletcher',
  email: 'amelia@example.test',
  phone: '07700900123',
  postcode: 'LS1 4DY',
  createdAt: '2026-07-01T11:00:00.000Z',
  updatedAt: '2026-07-01T11:00:00.000Z',
  dueAt: '2026-07-02T11:00:00.000Z',
  assignee: null,
  product: 'learner',
  offer: {
    premium: 64.5,
    validUntil: '2099-07-02T12:00:00.000Z',
    offeredAt: '2026-07-01T12:00:00.000Z',
    acceptance: { at: '2026-07-01T12:30:00.000Z', via: 'phone', by: 'sam' },
  },
  policyNumber: null,
  decision: null,
  decisionRule: null,
  decisionReason: null,
  rateVersionId: null,
  details: { vehicleType: 'Car', regNumber: 'AB12 CDE' },
  // 17:30 BST on 15 July, for two weeks.
  requestedStart: '2026-07-15T16:30:00.000Z',
  duration: { value: 2, unit: 'weeks' },
  policyId: null,
  notes: [],
};

function show(request: QuoteRequestDetailView = REQUEST) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <QuoteActions request={request} />
    </QueryClientProvider>,
  );
}

const invalidated = () => calls.list.filter((c) => c.path.endsWith('.invalidate')).map((c) => c.path.replace(/^trpc\./, '').replace(/\.invalidate$/, ''));

describe('when the request is finished', () => {
  it('disables both actions and says why: the policy issued from it', () => {
    show({ ...REQUEST, status: 'closed', policyId: 3, policyNumber: 'KC-ABCDEFGHJK' });
    for (const name of ['Send quote', 'Issue policy']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('Policy KC-ABCDEFGHJK was issued from this request.');
    }
  });

  it('or that it is closed', () => {
    show({ ...REQUEST, status: 'closed' });
    expect(screen.getByText('This request is closed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Issue policy' })).toHaveProperty('disabled', true);
  });
});

describe('acceptance', () => {
  it('keeps Issue policy closed until the quote is accepted, saying why, and records an acceptance given by phone', async () => {
    const notAccepted = { ...REQUEST, offer: { ...REQUEST.offer!, acceptance: null } };
    calls.answers.set('client.admin.quotes.recordAcceptance.mutate', () => Promise.resolve(REQUEST));
    show(notAccepted);
    expect(screen.getByText('Not accepted yet.')).toBeTruthy();
    const issue = screen.getByRole('button', { name: 'Issue policy' });
    expect(issue).toHaveProperty('disabled', true);
    expect(document.getElementById(issue.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The customer has not accepted this quote yet: they accept it in their account, or record their acceptance by phone',
    );
    // Not until staff tick that the customer agreed the Statement of Fact on the call.
    await userEvent.click(screen.getByRole('button', { name: 'Record acceptance (by phone)' }));
    expect(screen.getByRole('alert').textContent).toBe('Confirm that the customer agreed on the phone that the Statement of Fact is true and complete');
    expect(calls.list.find((c) => c.path === 'client.admin.quotes.recordAcceptance.mutate')).toBeUndefined();
    await userEvent.click(screen.getByRole('checkbox', { name: /the customer agreed that the answers in this request/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Record acceptance (by phone)' }));
    expect(calls.list.find((c) => c.path === 'client.admin.quotes.recordAcceptance.mutate')?.input).toEqual({ id: 7, confirm: true });
    expect(await screen.findByText(/^Acceptance recorded\./)).toBeTruthy();
    expect(invalidated().sort()).toEqual(['admin.logs.list', 'admin.quotes.get', 'admin.quotes.list']);
  });

  it('offers no acceptance once the price has lapsed', () => {
    show({ ...REQUEST, offer: { ...REQUEST.offer!, validUntil: '2020-01-01T00:00:00.000Z', acceptance: null } });
    expect(screen.getByText(/^Quote sent: £64\.50, lapsed at/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record acceptance (by phone)' })).toBeNull();
  });
});

describe('Send quote', () => {
  it('shows the current quote, sends the price and hours, and refreshes the queue, its item, the counts and the log', async () => {
    calls.answers.set('client.admin.quotes.offer.mutate', (input) => Promise.resolve({ ...REQUEST, offer: { ...REQUEST.offer!, premium: 70 }, ...(input as object) }));
    show();
    expect(screen.getByText(/^Quote sent: £64\.50, valid until Thu 2 Jul 2099, 01:00 PM BST \(\d+ days( \d+ h)? left\)$/)).toBeTruthy();
    expect(screen.getByText(/^Accepted by phone, recorded by sam, /)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    const dialog = screen.getByRole('dialog', { name: 'Send quote QR-7K2M9QXA' });
    expect(within(dialog).getByText(/Sending again replaces it/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/Valid for \(hours\)/)).toHaveProperty('value', '24');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await within(dialog).findByText('Enter the price in pounds')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/^Price/), '64.505');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await within(dialog).findByText('Enter pounds and pence with at most two decimal places')).toBeTruthy();
    expect(calls.list.some((c) => c.path === 'client.admin.quotes.offer.mutate')).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText(/^Price/));
    await userEvent.type(within(dialog).getByLabelText(/^Price/), '£70');
    await userEvent.clear(within(dialog).getByLabelText(/Valid for \(hours\)/));
    await userEvent.type(within(dialog).getByLabelText(/Valid for \(hours\)/), '48');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.list.find((c) => c.path === 'client.admin.quotes.offer.mutate')?.input).toEqual({ id: 7, premium: 70, validHours: 48 });
    expect(screen.getByText('Quote of £70.00 sent to amelia@example.test.')).toBeTruthy();
    expect(invalidated().sort()).toEqual(['admin.logs.list', 'admin.queueCounts', 'admin.quotes.get', 'admin.quotes.list']);
  });
});

describe('what staff are told once a policy is issued', () => {
  const issued = (over: Partial<IssuedPolicyView>) =>
    ({ policy: { policyNumber: 'KC-7Q4M2X' }, user: { id: 3, username: 'mallory', email: 'victim@mail.example' }, invited: true, awaitingConfirmation: false, ...over }) as IssuedPolicyView;

  it('says when the policy waits for an account that has not confirmed the address', () => {
    expect(issuedText(issued({ awaitingConfirmation: true }))).toBe(
      'Policy KC-7Q4M2X issued for victim@mail.example. The account mallory has not confirmed that address, so the policy joins it only once the invitation e-mailed to the address is opened (it sets a new password). The policy documents were e-mailed.',
    );
    expect(issuedText(issued({}))).toMatch(/^Policy KC-7Q4M2X issued to a new account, mallory/);
    expect(issuedText(issued({ invited: false }))).toMatch(/^Policy KC-7Q4M2X issued to the existing account mallory/);
  });
});

describe('Issue policy', () => {
  it('opens the policy form filled in from the request: names, vehicle, registration, product, UK start and end, the price', () => {
    expect(issueFormValues(REQUEST)).toEqual({
      holderName: 'Amelia Fletcher',
      driverName: 'Amelia Fletcher',
      carModel: 'Car AB12 CDE',
      registration: 'AB12 CDE',
      status: 'pending',
      product: 'learner',
      premium: '64.50',
      startDate: '2026-07-15',
      startTime: '05:30 PM',
      endDate: '2026-07-29',
      endTime: '05:30 PM',
    });
    // A request from before the wizard asked for a start: no dates to give.
    expect(issueFormValues({ ...REQUEST, requestedStart: null, duration: null, offer: null, product: null })).toEqual({
      holderName: 'Amelia Fletcher',
      driverName: 'Amelia Fletcher',
      carModel: 'Car AB12 CDE',
      registration: 'AB12 CDE',
      status: 'pending',
    });
  });

  it('fills in the real vehicle and the licence number where the wizard asked for them', () => {
    const asked = { ...REQUEST, details: { vehicleType: 'Car', regNumber: 'AB12 CDE', vehicleMake: 'Ford', vehicleModel: 'Fiesta 1.0 Zetec', licenceType: 'Full UK', licenceNumber: 'FLETC955170A99AB' } };
    expect(issueFormValues(asked)).toMatchObject({ carModel: 'Ford Fiesta 1.0 Zetec', registration: 'AB12 CDE', licenseNumber: 'FLETC955170A99AB' });
  });

  it('sends the form with the licence number and no account of its choosing, then names the account and the invitation', async () => {
    const issued: IssuedPolicyView = {
      policy: {
        id: 9,
        policyNumber: 'KC-ABCDEFGHJK',
        userId: 12,
        username: 'amelia.fletcher',
        holderName: 'Amelia Fletcher',
        carModel: 'Car AB12 CDE',
        driverName: 'Amelia Fletcher',
        licenseNumber: 'FLETC905175A99AA',
        registration: 'AB12 CDE',
        startDate: '2026-07-15',
        startTime: '17:30',
        endDate: '2026-07-29',
        endTime: '17:30',
        status: 'pending',
        product: 'learner',
        premium: 64.5,
      },
      user: { id: 12, username: 'amelia.fletcher', email: 'amelia@example.test' },
      invited: true,
      awaitingConfirmation: false,
    };
    calls.answers.set('client.admin.quotes.issuePolicy.mutate', () => Promise.resolve(issued));
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Issue policy' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue policy from QR-7K2M9QXA' });
    expect(within(dialog).queryByLabelText(/^User/)).toBeNull();
    // No status to choose: pending until payments cover the premium.
    expect(within(dialog).queryByLabelText(/^Status/)).toBeNull();
    expect(within(dialog).getByLabelText(/^Holder name/)).toHaveProperty('value', 'Amelia Fletcher');
    expect(within(dialog).getByLabelText(/^Start time/)).toHaveProperty('value', '05:30 PM');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue policy' }));
    expect(await within(dialog).findByText('Licence number is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/^Licence number/), 'FLETC905175A99AA');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue policy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const sent = calls.list.find((c) => c.path === 'client.admin.quotes.issuePolicy.mutate')?.input as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 7, licenseNumber: 'FLETC905175A99AA', holderName: 'Amelia Fletcher', startDate: '2026-07-15', startTime: '17:30', endTime: '17:30', product: 'learner', premium: 64.5, status: 'pending' });
    expect(sent).not.toHaveProperty('userId');
    expect(
      screen.getByText('Policy KC-ABCDEFGHJK issued to a new account, amelia.fletcher (amelia@example.test). An invitation to set a password was e-mailed, with the policy documents.'),
    ).toBeTruthy();
    expect(invalidated().sort()).toEqual(['admin.decisionCounts', 'admin.logs.list', 'admin.policies.list', 'admin.queueCounts', 'admin.quotes.get', 'admin.quotes.list', 'admin.stats', 'admin.users.list']);
  });
});
