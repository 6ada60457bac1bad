// The roadside app's frame and reminders in the browser (docs/product.md#shared-frame, #claims,
// #cover-ending-reminders, #asking-for-more-cover): 'My policies' and 'Admin' in the top bar and the mobile menu,
// the way back in the installed app, the claims line from the footer and the support page, no customer actions
// under impersonation, and a reminder sent by the real server's minute scheduler whose link fills in the wizard.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { brand } from '../../src-server/contract/brand';
import { customerWithCover, db, OWNER, signIn } from './fixtures';

const PASSWORD = 'e2e-roadside-password';
const HOUR = 3_600_000;
const claimsTel = `tel:+44${brand.phones.claims.replace(/\D/g, '').slice(1)}`;

/** A customer with one confirmed policy from `startAt` to `endAt` (epoch ms, written as UK wall clock). */
const coveredCustomer = (request: APIRequestContext, startAt: number, endAt: number) => customerWithCover(request, { prefix: 'road', password: PASSWORD, startAt, endAt, product: 'learner' });

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('the way home', () => {
  test('a signed-in customer on /faq finds "My policies" and reaches /dashboard; /login sends them there', async ({ page, request }) => {
    const now = Date.now();
    const c = await coveredCustomer(request, now - HOUR, now + 48 * HOUR);
    await signIn(page, c.username, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/faq');
    await mainNav(page).getByRole('link', { name: 'My policies' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('article').getByRole('heading', { name: c.policy.policyNumber })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('staff find "Admin" instead, in the mobile menu too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, OWNER.username, OWNER.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Menu' }).click();
    await mainNav(page).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(mainNav(page).getByRole('link', { name: 'My policies' })).toHaveCount(0);
  });

  test('in the installed app (no browser Back button) every page offers a way back', async ({ page, request }) => {
    // iOS's home-screen flag: the same test the app makes alongside the display-mode media query.
    await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
    const now = Date.now();
    const c = await coveredCustomer(request, now - HOUR, now + 48 * HOUR);
    await page.goto('/terms-of-service');
    const back = page.getByRole('navigation', { name: 'Back' });
    // Opened straight onto a page: nothing to go back to, so home.
    await back.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Now there is somewhere to go back to.
    await back.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await signIn(page, c.username, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('article').getByRole('link', { name: 'Make a claim' }).click();
    await expect(page).toHaveURL(/\/claims$/);
    await back.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('without the installed app, no extra Back bar', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back' })).toHaveCount(0);
  });
});

test.describe('claims', () => {
  test("the footer's Make a Claim reaches /claims, whose first screen is a tap-to-call claims line; /support's claims card has it too", async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Make a Claim' }).click();
    await expect(page).toHaveURL(/\/claims$/);
    const call = page.getByRole('link', { name: `Call the 24/7 claims line: ${brand.phones.claims}` });
    await expect(call).toHaveAttribute('href', claimsTel);
    await expect(call).toBeInViewport();
    const box = await call.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await page.goto('/support');
    const claimsCard = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Claims', exact: true }) });
    await expect(claimsCard.getByRole('link', { name: brand.phones.claims })).toHaveAttribute('href', claimsTel);
  });

  test('under impersonation the card has no "Make a claim" or "Contact us"', async ({ page, request }) => {
    const now = Date.now();
    const c = await coveredCustomer(request, now - HOUR, now + 48 * HOUR);
    await signIn(page, OWNER.username, OWNER.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.evaluate((id) => window.localStorage.setItem('impersonateUserId', String(id)), c.id);
    await page.goto('/dashboard');
    const card = page.getByRole('article');
    await expect(card.getByRole('heading', { name: c.policy.policyNumber })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Make a claim' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Contact us' })).toHaveCount(0);
  });
});

test.describe('cover-ending reminder', () => {
  // The real server's minute scheduler sends it: up to a minute's wait, then the mail arrives.
  test.setTimeout(150_000);

  test('two days of cover ending later today: one e-mail within two minutes, whose link fills in the wizard', async ({ page, request }) => {
    const now = Date.now();
    const c = await coveredCustomer(request, now - 45 * HOUR, now + 3 * HOUR);
    const subject = `(${c.policy.policyNumber})`;
    const reminders = async () =>
      (
        await db().execute({
          sql: "select subject, text_body from mail_outbox where to_address = ? and subject like '%your cover ends%' and subject like ?",
          args: [c.email, `%${subject}`],
        })
      ).rows;
    await expect.poll(async () => (await reminders()).length, { timeout: 125_000, intervals: [1_000] }).toBe(1);
    const [mail] = await reminders();
    const text = String(mail!['text_body']);
    expect(text).toContain(`Policy number: ${c.policy.policyNumber}`);
    const link = /https?:\/\/\S+\/request-quote-step1\?renew=\S+/.exec(text)![0];
    expect(new URL(link).search).toBe(`?renew=${c.policy.policyNumber}`);
    // Claimed for this end: nothing more is owed, so no second one can go.
    const row = (await db().execute({ sql: 'select reminder_due_at, reminder_sent_at from policies where id = ?', args: [c.policy.id] })).rows[0]!;
    expect(row['reminder_due_at']).toBeNull();
    expect(row['reminder_sent_at']).not.toBeNull();

    // Followed signed out: a sign-in that comes back, then the wizard filled in from the policy.
    const path = new URL(link).pathname + new URL(link).search;
    await page.goto(path);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.locator('input[name="username"]').fill(c.username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/request-quote-step1\\?renew=${c.policy.policyNumber}$`));
    await expect(page.getByRole('status').filter({ hasText: `Filled in from policy ${c.policy.policyNumber}` })).toBeVisible();
    await expect(page.locator('select[name="product"]')).toHaveValue('learner');
    await expect(page.locator('input[name="firstName"]')).toHaveValue('Rhian');
    await expect(page.locator('input[name="lastName"]')).toHaveValue('Ann Morgan');
    await expect(page.locator('input[name="email"]')).toHaveValue(c.email);
    const stored = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('kerbside.quoteRequest') ?? '{}') as { vehicle?: Record<string, string> });
    expect(stored.vehicle).toMatchObject({ regNumber: 'RM26 ABC', vehicleMake: 'Ford', vehicleModel: 'Fiesta' });

    // Someone else's policy fills nothing.
    await page.goto('/request-quote-step1?renew=KC-000000');
    await expect(page.getByRole('alert')).toContainText("We couldn't find policy KC-000000 in your account");
  });
});
