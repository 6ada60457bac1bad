// @vitest-environment jsdom
// The shared frame's ways around (docs/product.md#shared-frame, #routes, #claims): the top bar per role ('My
// policies' for a customer, 'Admin' for staff, 'My account' for both, none signed out or with an expired token) in the bar and in the
// phone's menu; the installed app's Back bar; the footer's and the pages' ways to the 24/7 claims line; and the
// guard that sends a signed-in person from /login and /register to their home page.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type * as ReactRouter from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brand, brandTelHref } from '@server/contract/brand';

const router = vi.hoisted(() => ({ pathname: '/faq', canGoBack: false, back: vi.fn(), navigate: vi.fn() }));

vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactRouter>()),
  Link: ({ to, hash, children, className }: { to: string; hash?: string; children: ReactNode; className?: string }) => (
    <a href={hash ? `${to}#${hash}` : to} className={className}>
      {children}
    </a>
  ),
  useNavigate: () => router.navigate,
  useRouterState: ({ select }: { select: (s: { location: { pathname: string } }) => unknown }) => select({ location: { pathname: router.pathname } }),
  useCanGoBack: () => router.canGoBack,
  useRouter: () => ({ history: { back: router.back } }),
}));

const { TopBar } = await import('../../src-client/components/top-bar');
const { BackBar } = await import('../../src-client/components/back-bar');
const { Footer } = await import('../../src-client/components/footer');
const { ClaimsPage } = await import('../../src-client/features/site/claims-page');
const { SupportPage } = await import('../../src-client/features/site/support-page');
const { redirectSignedIn, homePathOf } = await import('../../src-client/lib/guards');
const { clearSession, readSession, saveSession } = await import('../../src-client/lib/session');

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
function signInAs(role: 'customer' | 'admin' | 'owner', opts: { expiresIn?: number; remember?: boolean } = {}) {
  const exp = Math.floor(Date.now() / 1000) + (opts.expiresIn ?? 3600);
  const claims = { sub: '7', username: 'sam.o', isAdmin: role !== 'customer', isOwner: role === 'owner', exp };
  saveSession(`${base64url({ alg: 'HS256' })}.${base64url(claims)}.sig`, opts.remember ?? true);
}

/** Makes `matchMedia('(display-mode: standalone), …')` answer `installed`, as the installed app's window does. */
function displayMode(installed: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: installed && query.includes('(display-mode: standalone)'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const bar = () => within(screen.getByRole('navigation', { name: 'Main' }));
const barLinks = () => bar().getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  router.pathname = '/faq';
  router.canGoBack = false;
  displayMode(false);
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('top bar', () => {
  it('signed out: logo, Get a Quote, Contact Us, Login; no My policies or Admin', () => {
    render(<TopBar />);
    expect(barLinks()).toEqual([
      [brand.name, '/'],
      ['Get a Quote', '/request-quote-step1'],
      ['Contact Us', '/support'],
      ['Login', '/login'],
    ]);
  });

  it("a customer: 'My policies' to /dashboard first, then My account, Contact Us and Logout", () => {
    signInAs('customer');
    render(<TopBar />);
    expect(barLinks()).toEqual([
      [brand.name, '/'],
      ['My policies', '/dashboard'],
      ['My account', '/account'],
      ['Contact Us', '/support'],
    ]);
    expect(bar().getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it.each(['admin', 'owner'] as const)("staff (%s): 'Admin' to /admin, and no 'My policies'", (role) => {
    signInAs(role);
    render(<TopBar />);
    expect(bar().getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    expect(bar().getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
    expect(bar().queryByRole('link', { name: 'My policies' })).toBeNull();
    expect(bar().queryByRole('link', { name: 'Get a Quote' })).toBeNull();
  });

  it('an expired session is signed out: Login, no My policies or My account', () => {
    signInAs('customer', { expiresIn: -60 });
    render(<TopBar />);
    expect(bar().queryByRole('link', { name: 'My policies' })).toBeNull();
    expect(bar().queryByRole('link', { name: 'My account' })).toBeNull();
    expect(bar().getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it("the phone's menu holds the same links: 'My policies' for a customer, 'Admin' for staff", async () => {
    const user = userEvent.setup();
    signInAs('customer');
    const { unmount } = render(<TopBar />);
    const toggle = bar().getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Folded by CSS: hidden, and shown while its toggle (the peer just before it) says it is expanded, so the
    // start-up script can open it before the app is live (boot/early-disclosures.ts). The browser tests see it shown.
    expect(menu.className).toMatch(/(^| )hidden( |$)/);
    expect(menu.className).toMatch(/(^| )peer-aria-expanded:flex( |$)/);
    expect(toggle.className).toMatch(/(^| )peer( |$)/);
    expect(toggle.nextElementSibling).toBe(menu);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByRole('link', { name: 'My policies' }).getAttribute('href')).toBe('/dashboard');
    unmount();

    signInAs('admin');
    render(<TopBar />);
    await user.click(bar().getByRole('button', { name: 'Menu' }));
    const staffMenu = document.getElementById(bar().getByRole('button', { name: 'Menu' }).getAttribute('aria-controls')!)!;
    expect(within(staffMenu).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('follows a sign-in made elsewhere (another tab, the login form) without a reload', () => {
    render(<TopBar />);
    expect(bar().queryByRole('link', { name: 'My policies' })).toBeNull();
    act(() => signInAs('customer'));
    expect(bar().getByRole('link', { name: 'My policies' })).toBeTruthy();
  });
});

describe('Back bar of the installed app', () => {
  it('shows nothing in a browser tab, which has its own Back button', () => {
    router.canGoBack = true;
    render(<BackBar />);
    expect(screen.queryByRole('navigation', { name: 'Back' })).toBeNull();
  });

  it('installed with somewhere to go back to: a Back button that goes back in the history', async () => {
    displayMode(true);
    router.canGoBack = true;
    render(<BackBar />);
    await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Back' })).getByRole('button', { name: 'Back' }));
    expect(router.back).toHaveBeenCalledTimes(1);
  });

  it("installed with no history (opened on this page): a link to the person's home page, none on it", () => {
    displayMode(true);
    signInAs('customer');
    const { unmount } = render(<BackBar />);
    expect(screen.getByRole('link', { name: /My policies/ }).getAttribute('href')).toBe('/dashboard');
    unmount();

    router.pathname = '/dashboard';
    const again = render(<BackBar />);
    expect(screen.queryByRole('navigation', { name: 'Back' })).toBeNull();
    again.unmount();

    router.pathname = '/support';
    signInAs('owner');
    const staff = render(<BackBar />);
    expect(screen.getByRole('link', { name: /Admin console/ }).getAttribute('href')).toBe('/admin');
    staff.unmount();

    clearSession();
    render(<BackBar />);
    expect(screen.getByRole('link', { name: /Home/ }).getAttribute('href')).toBe('/');
  });

  it('iOS home-screen apps (navigator.standalone) count as installed', () => {
    vi.stubGlobal('matchMedia', undefined);
    Object.defineProperty(window.navigator, 'standalone', { configurable: true, get: () => true });
    try {
      router.canGoBack = true;
      render(<BackBar />);
      expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    } finally {
      Reflect.deleteProperty(window.navigator, 'standalone');
    }
  });
});

describe('the ways to the claims line', () => {
  it("the footer's 'Make a Claim' goes to /claims; 'Contact Support' to /support", () => {
    render(<Footer />);
    const nav = within(screen.getByRole('navigation', { name: 'Footer' }));
    expect(nav.getByRole('link', { name: 'Make a Claim' }).getAttribute('href')).toBe('/claims');
    expect(nav.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/support');
  });

  it('/claims opens with the 24/7 claims line as a tap-to-call link, before the steps', () => {
    render(<ClaimsPage />);
    const call = screen.getByRole('link', { name: `Call the 24/7 claims line: ${brand.phones.claims}` });
    expect(call.getAttribute('href')).toBe(brandTelHref(brand.phones.claims));
    expect(call.getAttribute('href')).toMatch(/^tel:\+44/);
    const steps = screen.getByRole('heading', { name: 'Make a claim in four steps' });
    // Document order: the call button comes before the first section of content.
    expect(call.compareDocumentPosition(steps) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("/support's Claims card gives the 24/7 claims line; the other cards the support number", () => {
    render(<SupportPage />);
    const card = (title: string) => within(screen.getByRole('heading', { level: 3, name: title }).closest('li')!);
    expect(card('Claims').getByRole('link', { name: brand.phones.claims }).getAttribute('href')).toBe(brandTelHref(brand.phones.claims));
    expect(card('Claims').getByText(/24 hours a day, 7 days a week/)).toBeTruthy();
    for (const title of ['Policy questions', 'Payment support', 'Quote assistance']) {
      expect(card(title).getByRole('link', { name: brand.phones.support }).getAttribute('href')).toBe(brandTelHref(brand.phones.support));
    }
  });
});

describe('/login and /register for someone signed in', () => {
  const redirectTarget = (): unknown => {
    try {
      redirectSignedIn();
      return null;
    } catch (err) {
      return (err as { options?: { to?: string; replace?: boolean } }).options;
    }
  };

  it('signed out: the form shows (no redirect)', () => {
    expect(redirectTarget()).toBeNull();
  });

  it('a customer goes to /dashboard, staff to /admin, replacing the form in the history', () => {
    signInAs('customer');
    expect(redirectTarget()).toMatchObject({ to: '/dashboard', replace: true });
    signInAs('admin', { remember: false });
    expect(redirectTarget()).toMatchObject({ to: '/admin', replace: true });
    signInAs('owner');
    expect(redirectTarget()).toMatchObject({ to: '/admin' });
    expect(homePathOf({ isAdmin: false })).toBe('/dashboard');
  });

  it('an expired session is not signed in: the form shows, and the old keys are cleared', () => {
    signInAs('customer', { expiresIn: -60 });
    expect(redirectTarget()).toBeNull();
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
