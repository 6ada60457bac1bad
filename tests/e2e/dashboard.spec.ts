// /dashboard in the browser (docs/product.md#dashboard, #time, #policies-and-certificates):
// the welcome, the card's countdown and progress under a fake clock, Previous/Next, the Active/Expired
// tabs (mouse and keyboard), the empty, loading and error texts, impersonation, the links to /support,
// the Need Help panels and an accessibility scan. Certificates' own behaviour is offline.spec.ts's.
//
// The browser's clock starts at 1 Jul 2026 12:00:00Z (13:00 BST) and runs; tests that read the seconds
// pause it once the page has loaded (TanStack Query delivers results on a timer, so it must run until then).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { brand } from '../../src-server/contract/brand';
import { adminPolicy, createAccount, failProcedure, OWNER, ownerHeaders, signIn, trpcCallsOf, unique } from './fixtures';

// page.route must see every API call: no service worker in between. The server is the one whose housekeeping runs
// only at start-up (playwright.config.ts): it runs on the real clock, and a minute's expiry sweep there would
// expire the policies this page's fake clock still sees in force.
test.use({ serviceWorkers: 'block', baseURL: process.env.E2E_FAKE_CLOCK_URL });

const PASSWORD = 'e2e-dashboard-password';
const CLOCK_START = new Date('2026-07-01T12:00:00Z');
const PAUSE_AT = new Date('2026-07-01T12:05:00Z');

interface PolicySeed {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  driverName?: string;
  carModel?: string;
  registration?: string;
}

// In force at the start of the clock: 30 Jun 09:00 BST (08:00Z) to 3 Jul 23:59 BST (22:59Z).
const RUNNING: PolicySeed = {
  startDate: '2026-06-30',
  startTime: '09:00',
  endDate: '2026-07-03',
  endTime: '23:59',
  carModel: 'Vauxhall Corsa',
  registration: 'PS26 ABC',
};
const SOON: PolicySeed = { startDate: '2026-07-10', startTime: '09:00', endDate: '2026-07-12', endTime: '17:00', carModel: 'Ford Fiesta' };
const LATER: PolicySeed = { startDate: '2026-07-20', startTime: '09:00', endDate: '2026-07-20', endTime: '18:00', carModel: 'Kia Picanto' };
const ENDED: PolicySeed = { startDate: '2026-06-01', startTime: '09:00', endDate: '2026-06-02', endTime: '17:00', carModel: 'Toyota Yaris' };

interface Customer {
  id: number;
  username: string;
  /** policy numbers, in the order the seeds were given */
  numbers: string[];
}

async function customerWith(request: APIRequestContext, seeds: PolicySeed[]): Promise<Customer> {
  const username = unique('dash');
  const id = await createAccount(request, { username, password: PASSWORD });
  const owner = await ownerHeaders(request);
  const numbers: string[] = [];
  for (const seed of seeds) {
    const data = { userId: id, holderName: 'Priya Shah', driverName: 'Priya Shah', licenseNumber: 'SHAHP801015P99AB', status: 'active', carModel: 'Car', ...seed };
    numbers.push((await adminPolicy(request, data, owner)).policyNumber);
  }
  return { id, username, numbers };
}

/** Fake clock first (it must be in place before the first page loads), then sign in through /login. */
async function openDashboard(page: Page, customer: Pick<Customer, 'username'>): Promise<void> {
  await page.clock.install({ time: CLOCK_START });
  await signIn(page, customer.username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}

const card = (page: Page) => page.getByRole('article');
const cardNumber = (page: Page) => card(page).getByRole('heading', { level: 3 });
const documents = (page: Page) => page.getByRole('region', { name: 'Policy Documents' });

test('welcome with the driver’s first name; the countdown and progress move with the clock', async ({ page, request }) => {
  const customer = await customerWith(request, [{ ...RUNNING, driverName: 'Priya  Anand Shah' }]);
  await openDashboard(page, customer);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Priya');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(cardNumber(page)).toHaveText(customer.numbers[0]!);
  await expect(card(page)).toContainText('Vauxhall Corsa (PS26 ABC)');
  // UK wording, BST said outright: 23:59 on 3 July is 22:59Z.
  await expect(card(page)).toContainText('3 Jul 2026, 23:59 BST');
  await expect(card(page)).toContainText('30 Jun 2026, 09:00 BST');

  await page.clock.pauseAt(PAUSE_AT);
  await expect(page.getByTestId('countdown-label')).toHaveText('Policy ends in');
  // 12:05:00Z to 22:59Z on 3 July.
  await expect(page.getByTestId('countdown')).toHaveText('2d 10h 54m 00s');
  // 28 h 5 min of 86 h 59 min.
  await expect(page.getByRole('progressbar', { name: 'Cover period elapsed' })).toHaveAttribute('aria-valuenow', '32.3');

  await page.clock.runFor(1000);
  await expect(page.getByTestId('countdown')).toHaveText('2d 10h 53m 59s');
  await page.clock.runFor(1000);
  await expect(page.getByTestId('countdown')).toHaveText('2d 10h 53m 58s');

  // Only one policy and nothing expired: no pager, no tabs.
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
});

test('the end of cover: at 22:59Z a 23:59 BST policy turns Expired, 100%, and moves to the Expired tab', async ({ page, request }) => {
  const customer = await customerWith(request, [{ ...RUNNING, endDate: '2026-07-01', endTime: '23:59' }]);
  await openDashboard(page, customer);
  await expect(cardNumber(page)).toHaveText(customer.numbers[0]!);

  await page.clock.pauseAt(new Date('2026-07-01T22:58:58Z'));
  await expect(page.getByTestId('countdown')).toHaveText('00h 00m 02s');
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await page.clock.runFor(1000);
  await expect(page.getByTestId('countdown')).toHaveText('00h 00m 01s');
  await page.clock.runFor(1000); // 22:59:00Z, 23:59 BST: the end
  await expect(page.getByText('No active policies found.')).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Active/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: /^Expired/ }).click();
  await expect(page.getByTestId('countdown-label')).toHaveText('Expired');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
});

test('Previous and Next cycle through three active policies', async ({ page, request }) => {
  const customer = await customerWith(request, [LATER, RUNNING, SOON]);
  await openDashboard(page, customer);
  const [later, running, soon] = customer.numbers as [string, string, string];

  // In start order: the one in force first.
  await expect(page.getByText('Policy 1 of 3')).toBeVisible();
  await expect(cardNumber(page)).toHaveText(running);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Policy 2 of 3')).toBeVisible();
  await expect(cardNumber(page)).toHaveText(soon);
  await expect(page.getByTestId('countdown-label')).toHaveText('Policy starts in');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(cardNumber(page)).toHaveText(later);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Policy 1 of 3')).toBeVisible();
  await expect(cardNumber(page)).toHaveText(running);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Policy 3 of 3')).toBeVisible();
  await expect(cardNumber(page)).toHaveText(later);

  // No expired policy: no tabs; every active policy has its documents.
  await expect(page.getByRole('tablist')).toHaveCount(0);
  for (const n of customer.numbers) await expect(documents(page).getByRole('heading', { level: 3, name: n })).toBeVisible();
  await expect(documents(page).getByRole('button', { name: 'View Certificate' })).toHaveCount(3);
  await expect(documents(page).getByRole('button', { name: 'Download Certificate' })).toHaveCount(3);
});

test('tabs appear with an expired policy and switch lists, by mouse and by keyboard', async ({ page, request }) => {
  const customer = await customerWith(request, [RUNNING, ENDED]);
  await openDashboard(page, customer);
  const [running, ended] = customer.numbers as [string, string];

  const active = page.getByRole('tab', { name: 'Active (1)' });
  const expired = page.getByRole('tab', { name: 'Expired (1)' });
  await expect(active).toHaveAttribute('aria-selected', 'true');
  await expect(expired).toHaveAttribute('aria-selected', 'false');
  await expect(cardNumber(page)).toHaveText(running);
  await expect(documents(page).getByRole('heading', { level: 3 })).toHaveText([running]);

  await expired.click();
  await expect(expired).toHaveAttribute('aria-selected', 'true');
  await expect(cardNumber(page)).toHaveText(ended);
  await expect(page.getByTestId('countdown-label')).toHaveText('Expired');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(documents(page).getByRole('heading', { level: 3 })).toHaveText([ended]);

  // Arrow keys move and select; only the selected tab is in the Tab order.
  await page.keyboard.press('ArrowLeft');
  await expect(active).toBeFocused();
  await expect(active).toHaveAttribute('aria-selected', 'true');
  await expect(cardNumber(page)).toHaveText(running);
  await page.keyboard.press('ArrowRight');
  await expect(expired).toBeFocused();
  await expect(cardNumber(page)).toHaveText(ended);
  await expect(expired).toHaveAttribute('tabindex', '0');
  await expect(active).toHaveAttribute('tabindex', '-1');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', (await expired.getAttribute('id'))!);
});

test('a customer with no policies sees the empty texts', async ({ page, request }) => {
  const customer = await customerWith(request, []);
  await openDashboard(page, customer);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${customer.username}`);
  await expect(page.getByText('No active policies found.')).toBeVisible();
  await expect(page.getByText('No policies available to display documents.')).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('"Loading policies..." while the list is on its way', async ({ page, request }) => {
  const customer = await customerWith(request, [RUNNING]);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/trpc/**', async (route) => {
    if (trpcCallsOf(route.request().url()).some((c) => c.path === 'policies.mine')) await held;
    await route.fallback();
  });
  await openDashboard(page, customer);
  const loading = page.getByRole('status').filter({ hasText: 'Loading policies...' });
  await expect(loading).toBeVisible();
  const reserved = (await loading.boundingBox())!;
  const below = (await page.getByRole('heading', { name: 'Need Help?' }).boundingBox())!;
  release();
  await expect(cardNumber(page)).toHaveText(customer.numbers[0]!);
  await expect(page.getByText('Loading policies...')).toHaveCount(0);
  // The card takes the space kept for it: what follows barely moves.
  const loaded = (await card(page).boundingBox())!;
  expect(Math.abs(loaded.height - reserved.height)).toBeLessThan(16);
  const after = (await page.getByRole('heading', { name: 'Need Help?' }).boundingBox())!;
  expect(Math.abs(after.y - below.y)).toBeLessThan(16);
});

test('opened afresh, the list is asked for once, before the app’s code has arrived, and the page is drawn with it', async ({ page, request }) => {
  const customer = await customerWith(request, [RUNNING]);
  await openDashboard(page, customer);
  await expect(cardNumber(page)).toHaveText(customer.numbers[0]!);

  // The next load: the app's code is held until the list has been asked for, so the ask cannot be the app's.
  const asked: string[] = [];
  page.on('request', (r) => {
    for (const call of trpcCallsOf(r.url())) asked.push(call.path);
  });
  let listAsked!: () => void;
  const listAskedOnce = new Promise<void>((resolve) => (listAsked = resolve));
  page.on('request', (r) => {
    if (trpcCallsOf(r.url()).some((c) => c.path === 'policies.mine')) listAsked();
  });
  let appFetched = false;
  await page.route('**/assets/app-*.js', async (route) => {
    appFetched = true;
    await listAskedOnce;
    await route.fallback();
  });
  // Whether "Loading policies..." was ever drawn on the way.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Loading policies...')) document.documentElement.dataset['loadingSeen'] = 'yes';
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload();
  await expect(cardNumber(page)).toHaveText(customer.numbers[0]!);
  expect(appFetched).toBe(true);
  expect(asked.filter((p) => p === 'policies.mine')).toEqual(['policies.mine']);
  expect(asked.filter((p) => p === 'quotes.mine')).toEqual(['quotes.mine']);
  expect(await page.locator('html').getAttribute('data-loading-seen')).toBeNull();
});

test('"Failed to fetch policies" on a server error; Try again recovers', async ({ page, request }) => {
  const customer = await customerWith(request, [RUNNING]);
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('policies.mine')) calls += 1;
  });
  await failProcedure(page, 'policies.mine', { message: 'Something went wrong on our side. Please try again.' });
  await openDashboard(page, customer);
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch policies' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(cardNumber(page)).toHaveText(customer.numbers[0]!);
  await expect(alert).toHaveCount(0);
  expect(calls).toBe(2);
});

test('impersonation: the owner sees "User #{id} Policies"; Return clears the id and lands on /admin', async ({ page, request }) => {
  const customer = await customerWith(request, [{ ...RUNNING, driverName: 'Jo Bloggs' }]);
  await page.clock.install({ time: CLOCK_START });
  await signIn(page, OWNER.username, OWNER.password);
  await expect(page).toHaveURL(/\/admin$/);
  // The console's own list requests must be over before the dashboard's are counted.
  await page.waitForLoadState('networkidle');
  // The id is read from either storage (the session itself is remembered, in localStorage).
  await page.evaluate((id) => window.sessionStorage.setItem('impersonateUserId', String(id)), customer.id);

  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('policies')) requests.push(new URL(r.url()).pathname);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`User #${customer.id} Policies`);
  await expect(cardNumber(page)).toHaveText(customer.numbers[0]!);
  await expect(card(page)).toContainText('Jo Bloggs');
  expect(requests).toEqual(['/trpc/admin.policies.ofUser']);

  await page.getByRole('button', { name: 'Return to Admin Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(await page.evaluate(() => [sessionStorage.getItem('impersonateUserId'), localStorage.getItem('impersonateUserId')])).toEqual([null, null]);
  // The owner's own dashboard is theirs again.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome/);
});

test('a customer holding an impersonation id has it dropped and sees their own policies', async ({ page, request }) => {
  const customer = await customerWith(request, []);
  await openDashboard(page, customer);
  await page.evaluate(() => window.sessionStorage.setItem('impersonateUserId', '1'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome/);
  expect(await page.evaluate(() => window.sessionStorage.getItem('impersonateUserId'))).toBeNull();
});

test('"Make a claim" leads to /claims and its tap-to-call claims line; "Contact us" to /support', async ({ page, request }) => {
  const customer = await customerWith(request, [RUNNING]);
  await openDashboard(page, customer);
  await card(page).getByRole('link', { name: 'Make a claim' }).click();
  await expect(page).toHaveURL(/\/claims$/);
  await expect(page.getByRole('link', { name: `Call the 24/7 claims line: ${brand.phones.claims}` })).toHaveAttribute(
    'href',
    `tel:+44${brand.phones.claims.replace(/\D/g, '').slice(1)}`,
  );
  await page.goBack();
  await card(page).getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/support$/);
});

test('Need Help: four panels with e-mail and phone links, and the support page', async ({ page, request }) => {
  const customer = await customerWith(request, []);
  await openDashboard(page, customer);
  const help = page.getByRole('region', { name: 'Need Help?' });
  const panels = [
    ['Claims', brand.emails.claims, brand.phones.claims],
    ['Policy questions', brand.emails.policies, brand.phones.support],
    ['Payments', brand.emails.payments, brand.phones.support],
    ['Quotes', brand.emails.quotes, brand.phones.support],
  ] as const;
  await expect(help.getByRole('listitem')).toHaveCount(4);
  for (const [title, email, phone] of panels) {
    const panel = help.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
    await expect(panel.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(panel.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:+44${phone.replace(/\D/g, '').slice(1)}`);
  }
  await help.getByRole('link', { name: 'Visit the support page' }).click();
  await expect(page).toHaveURL(/\/support$/);
});

test("a customer's JSON traffic, sign-in included, goes only to /trpc; REST only carries the documents' PDFs", async ({ page, request }) => {
  const customer = await customerWith(request, [RUNNING, SOON]);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr') calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await openDashboard(page, customer);
  await expect(cardNumber(page)).toHaveText(customer.numbers[0]!);
  const row = documents(page).getByRole('listitem').first();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download Certificate' }).click();
  await download;
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const json = calls.filter((c) => !/\/api\/policies\/[^/]+\/(certificate|documents\/[a-z-]+)$/.test(c));
  expect(json.filter((c) => !c.includes(' /trpc/'))).toEqual([]);
  for (const procedure of ['account.login', 'policies.mine', 'account.logout']) expect(json.some((c) => c.includes(procedure))).toBe(true);
  expect(calls.some((c) => c === `GET /api/policies/${customer.numbers[0]}/certificate`)).toBe(true);
});

test('certificate buttons say "Downloading..." and are disabled while the PDF is on its way', async ({ page, request }) => {
  const customer = await customerWith(request, [RUNNING]);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/policies/*/certificate*', async (route) => {
    await held;
    await route.continue();
  });
  await openDashboard(page, customer);
  const row = documents(page).getByRole('listitem');
  await expect(row.getByRole('heading', { level: 3 })).toHaveText(customer.numbers[0]!);
  await row.getByRole('button', { name: 'Download Certificate' }).click();
  const busy = row.getByRole('button', { name: 'Downloading...' });
  await expect(busy).toBeDisabled();
  await expect(busy).toBeFocused();
  await expect(row.getByRole('button', { name: 'View Certificate' })).toBeEnabled();
  release();
  await expect(row.getByRole('button', { name: 'Download Certificate' })).toBeEnabled();
});

test('accessibility: no axe violations (WCAG 2.2 AA) with tabs, pager and documents; screenshots at 390 and 1280 px', async ({ page, request }, testInfo) => {
  const customer = await customerWith(request, [RUNNING, SOON, { ...ENDED, registration: 'YR19 XYZ' }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDashboard(page, customer);
  await expect(page.getByText('Policy 1 of 2')).toBeVisible();
  // (The clock keeps running: axe schedules its work on timers.)

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await page.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('dashboard-390.png'), fullPage: true });
  const mobile = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(mobile.violations.map((v) => v.id)).toEqual([]);
});
