// Every page of the site and of a customer's account reflows at 320 px (WCAG 1.4.10; docs/product.md#shared-frame):
// nothing is wider than the window, so nobody on a small phone scrolls sideways to read a line. Each page is checked
// as the build sends it and again once the app is live, with the data that makes it widest: a policy, a claim, a
// quote with its price, a long e-mail address. The admin console's pages are console-width.spec.ts's.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { brand } from '../../src-server/contract/brand';
import { emailConfirmationMessages } from '../../src-server/contract/email-confirmation';
import { validPersonal, validVehicle } from '../fixtures/quote';
import { apiToken, appLive, confirmAddress, coverFor, createAccount, db, fillFields, ownerHeaders, signIn, unique } from './fixtures';
import { requestQuote } from './quote-flow';

test.use({ serviceWorkers: 'block', viewport: { width: 320, height: 640 } });

const WIDTH = 320;
const PASSWORD = 'e2e-reflow-password';
const HOUR = 3_600_000;

/** The page's width, and what sticks out past the window's right edge (innermost last), for the failure message. */
async function overflow(page: Page): Promise<{ width: number; wider: string[] }> {
  return page.evaluate((limit) => {
    const wider: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= limit + 0.5) continue;
      // Off-screen on purpose (the skip link, the form's honeypot) and clipped by an ancestor: not what a person sees.
      if (r.left >= limit || r.right <= 0) continue;
      wider.push(`<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 60)}"> ${Math.round(r.right)} px: ${(el.textContent ?? '').trim().slice(0, 50)}`);
    }
    return { width: document.documentElement.scrollWidth, wider: wider.slice(-5) };
  }, WIDTH);
}

async function expectReflows(page: Page, label: string): Promise<void> {
  const { width, wider } = await overflow(page);
  expect(width, `${label} is ${width} px wide:\n${wider.join('\n')}`).toBeLessThanOrEqual(WIDTH);
}

/** Built, then live: the page as it first paints on a slow phone and as the app draws it. */
async function expectPageReflows(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path);
  await ready(page);
  await expectReflows(page, `${path} (as built)`);
  await appLive(page);
  await ready(page);
  await expectReflows(page, path);
}

const h1 = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

const PUBLIC_PAGES: ReadonlyArray<[string, string]> = [
  ['/', 'Temporary Car Insurance'],
  ['/faq', 'Frequently asked questions'],
  ['/claims', 'Make a claim'],
  ['/make-a-claim', 'Report a claim'],
  ['/support', 'Contact us'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/login', 'Login'],
  ['/register', 'Register'],
  ['/forgotpassword', 'Forgot your password'],
  ['/request-quote-step1', 'Personal Details'],
  ['/verify', 'Check a certificate'],
  // The pages an e-mailed link opens, here without a good token: their message is what shows.
  ['/reset-password?token=not-a-real-token', 'Set a new password'],
  ['/welcome?token=not-a-real-token', `Welcome to ${brand.name}`],
  ['/verify-email?token=not-a-real-token', emailConfirmationMessages.subject],
  ['/confirm-email-change?token=not-a-real-token', 'Confirm your new e-mail address'],
  ['/no-such-page', '404 Not Found'],
];

for (const [path, heading] of PUBLIC_PAGES) {
  test(`${path} reflows at 320 px, as built and once the app is live`, async ({ page }) => {
    await expectPageReflows(page, path, h1(heading));
  });
}

test('a legal page with a section open (its hash opens it) reflows at 320 px', async ({ page }) => {
  await page.goto('/terms-of-service#complaints');
  await appLive(page);
  await expect(page.getByRole('main').getByRole('button', { expanded: true })).toHaveCount(1);
  await expectReflows(page, '/terms-of-service#complaints');
});

test('the quote wizard reflows at 320 px: each step with its messages and with its answers', async ({ page, request }) => {
  await page.goto('/request-quote-step1');
  await appLive(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Choose which cover you want')).toBeVisible();
  await expectReflows(page, 'step 1 with its messages');
  // The longest answers a person gives: a learner's supervising driver adds fields.
  await fillFields(page, { ...validPersonal, product: 'learner', email: 'amelia.fletcher-featherstonehaugh@example.test', address: 'Flat 12, Featherstonehaugh-Cholmondeley House, 1234 Acacia Avenue, Leeds' });
  await expectReflows(page, 'step 1 filled in');
  await fillFields(page, { product: 'temporary' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectReflows(page, 'step 2');
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page.getByText('Enter the time cover should start')).toBeVisible();
  await expectReflows(page, 'step 2 with its messages');
  await fillFields(page, { ...validVehicle, vehicleModel: 'Fiesta 1.0 EcoBoost Titanium X Navigation 5dr', policyStartYear: String(new Date().getFullYear() + 1) });
  await expectReflows(page, 'step 2 filled in');

  // Step 3 as it follows a request (the request itself through the API: the browser's own are rate limited).
  const { reference } = await requestQuote(request, { firstName: 'Amelia', lastName: unique('Reflow'), email: `${unique('reflow')}@example.test` });
  await expectPageReflows(page, `/request-quote-step3?reference=${reference}`, h1(/Quote request submitted/));
});

/** A signed-in customer with everything a customer's pages show: cover, a claim, a quote with a price, a long address. */
async function busyCustomer(request: APIRequestContext) {
  const username = unique('reflow');
  const email = `${username.toLowerCase()}.featherstonehaugh-cholmondeley@example.test`;
  const id = await createAccount(request, { username, password: PASSWORD, email });
  await confirmAddress(request, { username, password: PASSWORD, email });
  const now = Date.now();
  const policy = await coverFor(request, id, { startAt: now - HOUR, endAt: now + 48 * HOUR, premium: '£1,234.56' });
  const token = await apiToken(request, username, PASSWORD);
  const claim = await request.post('/api/user/claims', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      clientId: randomUUID(),
      policyNumber: policy.policyNumber,
      kind: 'vandalism',
      occurredAt: new Date(now - 600_000).toISOString(),
      location: 'The multi-storey car park behind the Featherstonehaugh-Cholmondeley shopping centre',
      description: 'Both wing mirrors broken.',
      phone: '020 7946 0018',
      photos: [],
      injuries: false,
    },
  });
  expect(claim.status(), await claim.text()).toBe(201);
  const quote = await requestQuote(request, { firstName: 'Alexandrina', lastName: 'Featherstonehaugh-Cholmondeley', email }, { vehicleModel: 'Fiesta 1.0 EcoBoost Titanium X Navigation 5dr' });
  const offer = await request.post(`/api/admin/quotes/${quote.id}/offer`, { headers: await ownerHeaders(request), data: { premium: '1,234.50', validHours: 24 } });
  expect(offer.status(), await offer.text()).toBe(200);
  const code = String((await db().execute({ sql: 'select verify_code from policies where id = ?', args: [policy.id] })).rows[0]!['verify_code']);
  return { username, policy, quote, code, claimReference: ((await claim.json()) as { reference: string }).reference };
}

test('a customer’s pages reflow at 320 px: dashboard, accepting a quote, the claim report, account, my data, verification', async ({ page, request }) => {
  const c = await busyCustomer(request);
  await signIn(page, c.username, PASSWORD);
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('article').getByRole('heading', { name: c.policy.policyNumber })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your claims' }).getByText(c.claimReference)).toBeVisible();
  const quotes = page.getByRole('region', { name: 'Your quote requests' });
  await expect(quotes.getByRole('button', { name: `Accept quote ${c.quote.reference}` })).toBeVisible();
  await expectReflows(page, '/dashboard');

  await quotes.getByRole('button', { name: `Accept quote ${c.quote.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Accept quote ${c.quote.reference}` });
  await expect(dialog.getByRole('heading', { name: 'Statement of Fact' })).toBeVisible();
  await expectReflows(page, 'the Accept quote dialog');
  // Its own box fits too: nothing in it scrolls sideways.
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expectReflows(page, 'the Accept quote dialog with its message');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  for (const [path, heading] of [
    ['/make-a-claim', 'Report a claim'],
    ['/account', 'Your account'],
    ['/account/data', 'My data'],
  ] as const) {
    await page.goto(path);
    await h1(heading)(page);
    await page.locator('html[data-app-live]').waitFor({ state: 'attached' });
    await expectReflows(page, path);
  }
  await page.getByRole('main').getByText(c.policy.policyNumber).first().waitFor();
  await expectReflows(page, '/account/data with its records');

  await expectPageReflows(page, `/verify/${c.code}`, async (p) => {
    await expect(p.getByText('Covered now')).toBeVisible();
  });
});
