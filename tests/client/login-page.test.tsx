// @vitest-environment jsdom
// /login's remember-me (docs/product.md#login, #sessions, #offline): ticked by default and labelled 'Keep me signed
// in on this device', with the line saying why; a sign-in that never touches it keeps the session on the device
// (localStorage, so a new tab or the reopened app is still signed in), unticked it lives in the tab; the person
// lands on their home page with /login replaced in the history. The /welcome page uses the same box.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type * as ReactRouter from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const navigate = vi.hoisted(() => vi.fn());
const login = vi.hoisted(() => vi.fn());
const secondStep = vi.hoisted(() => vi.fn());
/** /login's search parameters (a `next` page, as a renewal link sets). */
const loginSearch = vi.hoisted(() => ({ value: {} as { next?: string } }));

vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactRouter>()),
  useNavigate: () => navigate,
  useSearch: () => loginSearch.value,
  getRouteApi: () => ({ useSearch: () => ({ token: 'x'.repeat(43) }) }),
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));

vi.mock('../../src-client/lib/trpc', () => ({
  trpcClient: { account: { login: { mutate: login }, secondFactor: { login: { mutate: secondStep } } }, passwordReset: { confirm: { mutate: vi.fn() } } },
}));

const { LoginPage } = await import('../../src-client/features/account/login-page');
const { WelcomePage } = await import('../../src-client/features/account/welcome-page');
const { clearSession } = await import('../../src-client/lib/session');

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const EXP = Math.floor(Date.now() / 1000) + 3600;
const tokenFor = (isAdmin: boolean) => `${base64url({ alg: 'HS256' })}.${base64url({ sub: '7', username: 'sam.o', isAdmin, isOwner: false, exp: EXP })}.sig`;

const LABEL = 'Keep me signed in on this device';
const HINT = 'Needed to show your certificate offline. Untick this on a shared computer.';

async function signIn(opts: { untick?: boolean } = {}) {
  const user = userEvent.setup();
  render(<LoginPage />);
  await user.type(screen.getByLabelText('Username or e-mail'), 'sam.o');
  await user.type(screen.getByLabelText('Password'), 'a-password');
  if (opts.untick) await user.click(screen.getByRole('checkbox', { name: LABEL }));
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => {
  loginSearch.value = {};
  localStorage.clear();
  sessionStorage.clear();
  login.mockResolvedValue({ token: tokenFor(false) });
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.clearAllMocks();
});

describe('LoginPage remember-me', () => {
  it("is ticked by default, labelled 'Keep me signed in on this device', with why and when to untick it", () => {
    render(<LoginPage />);
    const box = screen.getByRole('checkbox', { name: LABEL });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(box.getAttribute('name')).toBe('remember');
    // The line under it is the box's description, so a screen reader hears it with the label.
    expect(screen.getByText(HINT).id).toBe(box.getAttribute('aria-describedby'));
    expect(screen.queryByLabelText('Remember me')).toBeNull();
  });

  it('untouched, the sign-in is remembered on the device (localStorage) and the customer lands on /dashboard, /login replaced', async () => {
    await signIn();
    expect(login).toHaveBeenCalledWith({ username: 'sam.o', password: 'a-password', remember: true });
    expect(localStorage.getItem('token')).toBe(tokenFor(false));
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith({ to: '/dashboard', replace: true });
  });

  it('unticked (a shared computer), the session lives in the tab only', async () => {
    await signIn({ untick: true });
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ remember: false }));
    expect(sessionStorage.getItem('token')).toBe(tokenFor(false));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('staff land on /admin', async () => {
    login.mockResolvedValue({ token: tokenFor(true) });
    await signIn();
    expect(navigate).toHaveBeenCalledWith({ to: '/admin', replace: true });
  });

  it('a next page of this site wins over the home page', async () => {
    loginSearch.value = { next: '/request-quote-step1?renew=KC-000123' };
    await signIn();
    expect(navigate).toHaveBeenCalledWith({ href: '/request-quote-step1?renew=KC-000123', replace: true });
  });

  it('the /welcome page offers the same box, ticked, with the same line', () => {
    render(<WelcomePage />);
    const box = screen.getByRole('checkbox', { name: LABEL });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(HINT).id).toBe(box.getAttribute('aria-describedby'));
  });
});

describe('LoginPage second factor (docs/product.md#second-factor-for-staff)', () => {
  it('asks for the code after the password, focused, then signs in with the challenge; a recovery code is an option', async () => {
    const challenge = 'c'.repeat(43);
    login.mockResolvedValue({ secondFactorRequired: true, challenge, expiresAt: new Date(Date.now() + 300_000).toISOString() });
    secondStep.mockResolvedValue({ token: tokenFor(true) });
    await signIn();
    const code = await screen.findByLabelText(/Code from your app/);
    expect(code.getAttribute('name')).toBe('code');
    expect(document.activeElement).toBe(code);
    expect(localStorage.getItem('token')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText(/Recovery code/);
    expect(recovery.getAttribute('name')).toBe('code');
    await user.type(recovery, 'abcde-23456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(secondStep).toHaveBeenCalledWith({ challenge, code: 'abcde-23456', remember: true });
    expect(localStorage.getItem('token')).toBe(tokenFor(true));
    expect(navigate).toHaveBeenCalledWith({ to: '/admin', replace: true });
  });

  it('an empty code is refused beside the field without a call', async () => {
    login.mockResolvedValue({ secondFactorRequired: true, challenge: 'c'.repeat(43), expiresAt: new Date(Date.now() + 300_000).toISOString() });
    await signIn();
    await screen.findByLabelText(/Code from your app/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(screen.getByText('Enter the 6-digit code')).toBeTruthy();
    expect(secondStep).not.toHaveBeenCalled();
  });
});
