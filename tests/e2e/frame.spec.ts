// The shared frame (docs/product.md#shared-frame): top bar rules signed in and out, the mobile menu by keyboard, the footer.
import { expect, test, type Page } from '@playwright/test';
import { brand } from '../../src-server/contract/brand';
import { measurePublicJs } from '../size/home-js';
import { apiToken, createAccount, unique } from './fixtures';

const topBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function signedInAs(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate((t) => window.sessionStorage.setItem('token', t), token);
}

test.describe('top bar', () => {
  test('signed out: logo, Get a Quote, Contact Us and Login', async ({ page }) => {
    await page.goto('/faq');
    const bar = topBar(page);
    await expect(bar.getByRole('link', { name: `${brand.name} home` })).toHaveAttribute('href', '/');
    await expect(bar.getByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/request-quote-step1');
    await expect(bar.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/support');
    await expect(bar.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await bar.getByRole('link', { name: `${brand.name} home` }).click();
    await expect(page).toHaveURL('/');
  });

  test('on /login only the logo shows', async ({ page }) => {
    await page.goto('/login');
    const bar = topBar(page);
    await expect(bar.getByRole('link', { name: `${brand.name} home` })).toBeVisible();
    await expect(bar.getByRole('link')).toHaveCount(1);
    await expect(bar.getByRole('button')).toHaveCount(0);
  });

  test('signed in: no Get a Quote, and Logout signs out to /login', async ({ page, request }) => {
    const username = unique('frame');
    await createAccount(request, { username, password: 'frame-password-1' });
    await signedInAs(page, await apiToken(request, username, 'frame-password-1'));
    await page.goto('/support');
    const bar = topBar(page);
    await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Get a Quote' })).toHaveCount(0);
    await expect(bar.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await bar.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    const left = await page.evaluate(() =>
      ['token', 'user', 'isAdmin', 'impersonateUserId'].flatMap((k) => [localStorage.getItem(k), sessionStorage.getItem(k)]).filter((v) => v !== null),
    );
    expect(left).toEqual([]);
  });

  test('the token is revoked on the server at logout', async ({ page, request }) => {
    const username = unique('revoke');
    await createAccount(request, { username, password: 'frame-password-1' });
    const token = await apiToken(request, username, 'frame-password-1');
    await signedInAs(page, token);
    await page.goto('/support');
    await topBar(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('is folded behind a toggle that works by keyboard', async ({ page }) => {
    await page.goto('/faq');
    const toggle = topBar(page).getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(topBar(page).getByRole('link', { name: 'Contact Us' })).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(topBar(page).getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(topBar(page).getByRole('link', { name: 'Get a Quote' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/support');
    // A navigation folds the menu again.
    await expect(topBar(page).getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Menu' }).press('Space');
    await expect(topBar(page).getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});

test('the footer has its links, the FCA wording with the FRN, and how to complain', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const nav = footer.getByRole('navigation', { name: 'Footer' });
  await expect(nav.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
  await expect(nav.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expect(nav.getByRole('link', { name: 'Make a Claim' })).toHaveAttribute('href', '/claims');
  await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
  await expect(nav.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
  await expect(footer).toContainText('Authorised and regulated by the Financial Conduct Authority. Firm Reference Number');
  await expect(footer).toContainText(`${brand.complaints.finalResponseWeeks} weeks`);
  await expect(footer).toContainText('Financial Ombudsman Service');
  await expect(footer.getByRole('link', { name: brand.emails.complaints })).toHaveAttribute('href', `mailto:${brand.emails.complaints}`);
});

test('every page of the frame has a title naming it', async ({ page }) => {
  for (const [path, title] of [
    ['/', 'Temporary Car Insurance'],
    ['/faq', 'Frequently asked questions'],
    ['/support', 'Contact us'],
    ['/login', 'Login'],
    ['/no-such-page', 'Page not found'],
  ]) {
    await page.goto(path!);
    await expect(page).toHaveTitle(`${title} | ${brand.name}`);
  }
});

// The budget itself (90 KB) is reported by `npm run size` and `npm run bench`; this test holds the lines the app
// is at, so a change that adds to every page's first load, or to what it takes to go live, is caught here.
test('the home page’s initial JavaScript stays under 12 KB gzip, and under 120 KB until the app is live', async () => {
  const root = process.env.STATIC_DIR ?? new URL('../../dist/client', import.meta.url).pathname;
  const [home] = await measurePublicJs(root, ['/']);
  console.log(`home page initial JavaScript: ${(home!.totalGzip / 1024).toFixed(1)} KB gzip; until live ${(home!.liveGzip / 1024).toFixed(1)} KB`);
  expect(home!.totalGzip).toBeLessThan(12 * 1024);
  expect(home!.liveGzip).toBeLessThan(120 * 1024);
});

test('signing out in another tab moves an open dashboard to /login', async ({ page, context, request }) => {
  const username = unique('tabs');
  await createAccount(request, { username, password: 'frame-password-1' });
  const token = await apiToken(request, username, 'frame-password-1');
  await page.goto('/');
  // localStorage (remember-me) is shared by the tabs and announces changes to the others.
  await page.evaluate((t) => window.localStorage.setItem('token', t), token);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/dashboard');
  const other = await context.newPage();
  await other.goto('/support');
  await other.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(other).toHaveURL('/login');
  await expect(page).toHaveURL('/login');
});
