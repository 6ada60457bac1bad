// @vitest-environment jsdom
// "Buy now" (docs/product.md#step-3-your-price) with the server's tRPC answers given by the test: signed out it offers
// a sign-in or an account made there with the request's address; signed in with another address it says so and offers
// to switch; an unconfirmed address is proved with the six-digit code; then the Statement of Fact must be confirmed
// before 'Pay £X.XX by card' makes the policy and sends the browser to the card page.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyQuoteRequestView } from '@server/contract/views';

const calls = await vi.hoisted(async () => (await import('./recorded-trpc')).newRecordedCalls());
vi.mock('../../src-client/lib/trpc', async () => (await import('./recorded-trpc')).recordedTrpcModule(calls));

const { Purchase } = await import('../../src-client/components/purchase/purchase');
const { clearSession, saveSession } = await import('../../src-client/lib/session');

const REFERENCE = 'QR-7K2M9QXA';
const EMAIL = 'amelia@example.test';

/** A token the page can read (the server checks it; the page only reads its claims). */
function tokenFor(username: string): string {
  const claims = btoa(JSON.stringify({ sub: '41', username, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  return `header.${claims}.signature`;
}

const REQUEST: MyQuoteRequestView = {
  reference: REFERENCE,
  status: 'quoted',
  createdAt: '2026-07-01T11:00:00.000Z',
  product: 'temporary',
  offer: { premium: 59.47, validUntil: new Date(Date.now() + 25 * 60_000).toISOString(), offeredAt: '2026-07-01T11:00:00.000Z', acceptance: null },
  policyNumber: null,
  statementOfFact: [
    { label: 'First name', text: 'Amelia' },
    { label: 'Registration number', text: 'AB12 CDE' },
  ],
  payOnline: true,
};

const details = (email: string, emailVerified: boolean) => ({ username: 'amelia', email, emailVerified, name: null, phone: null, pendingEmail: null, pendingEmailExpiresAt: null, createdAt: '2026-07-01T11:00:00.000Z' });

function show() {
  return render(<Purchase reference={REFERENCE} requestEmail={EMAIL} premium={59.47} payOnline />);
}

const assign = vi.fn();

beforeEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, assign } });
});

afterEach(() => {
  cleanup();
  clearSession({ silent: true });
  calls.list.length = 0;
  calls.answers.clear();
  assign.mockReset();
});

const called = (path: string) => calls.list.filter((c) => c.path === path).map((c) => c.input);

describe('Buy now', () => {
  it('signed out: offers Sign in and Create account on the page, the e-mail filled in with the request’s', async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sign in to buy' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Create your account' }));
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe(EMAIL);
    await user.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect((screen.getByLabelText(/^Username or e-mail/) as HTMLInputElement).value).toBe(EMAIL);
  });

  it('signed in with another address: says which address the quote is for, and offers to switch', async () => {
    saveSession(tokenFor('someone'), false);
    calls.answers.set('client.account.details.query', () => Promise.resolve(details('someone@example.test', true)));
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText(`This quote was asked for ${EMAIL}: sign in with that address.`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign out and switch account' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to buy' })).toBeTruthy();
    expect(called('client.account.logout.mutate')).toHaveLength(1);
  });

  it('proves the address with the code, then needs the Statement of Fact confirmed before paying by card', async () => {
    saveSession(tokenFor('amelia'), false);
    let verified = false;
    calls.answers.set('client.account.details.query', () => Promise.resolve(details(EMAIL, verified)));
    calls.answers.set('client.account.verifyEmail.code.mutate', () => {
      verified = true;
      return Promise.resolve({ message: 'Your e-mail address is confirmed.' });
    });
    calls.answers.set('client.quotes.mine.query', () => Promise.resolve([REQUEST]));
    calls.answers.set('client.quotes.buy.mutate', () => Promise.resolve({ checkoutUrl: 'https://pay.example.test/c/1', policyNumber: 'KC-ABCDEFGHJK' }));
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Buy now' }));

    const codeHeading = await screen.findByRole('heading', { name: 'Confirm your e-mail address' });
    expect(document.activeElement).toBe(codeHeading);
    await user.type(screen.getByLabelText(/^6-digit code/), '12a456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code from the e-mail')).toBeTruthy();
    expect(called('client.account.verifyEmail.code.mutate')).toEqual([]);
    await user.clear(screen.getByLabelText(/^6-digit code/));
    await user.type(screen.getByLabelText(/^6-digit code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const payHeading = await screen.findByRole('heading', { name: 'Check your answers' });
    expect(document.activeElement).toBe(payHeading);
    expect(called('client.account.verifyEmail.code.mutate')).toEqual([{ code: '123456' }]);
    expect(screen.getByText('AB12 CDE')).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Pay £59.47 by card' });
    await user.click(pay);
    expect(await screen.findByText('Confirm that your answers are true and complete')).toBeTruthy();
    expect(called('client.quotes.buy.mutate')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'I confirm that the answers above are true and complete' }));
    await user.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.test/c/1'));
    expect(called('client.quotes.buy.mutate')).toEqual([{ reference: REFERENCE, confirm: true }]);
  });
});
