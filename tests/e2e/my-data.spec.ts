// My data, closing one's account, and the dashboard card's Buy again / premium paid / Call us
// (docs/product.md#my-data, docs/product.md#closing-your-account, docs/product.md#dashboard).
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { brand, brandTelHref } from '../../src-server/contract/brand';
import { a11yViolations, apiToken, confirmAddress, coverFor, createAccount, newCustomer, OWNER, signIn, unique } from './fixtures';
import { requestQuote } from './quote-flow';

const PASSWORD = 'e2e-my-data-password';
const HOUR = 3_600_000;

/** A customer with a confirmed address, a quote request of their own, and cover in force with part of it paid. */
async function customerWithCover(request: APIRequestContext) {
  const { id, username, email } = await newCustomer(request, 'mine', PASSWORD, { confirmed: true });
  const quote = await requestQuote(request, { firstName: 'Rhian', lastName: 'Morgan', email });
  const now = Date.now();
  const policy = await coverFor(request, id, { startAt: now - HOUR, endAt: now + 48 * HOUR, premium: '£80.00' });
  const owner = await apiToken(request, OWNER.username, OWNER.password);
  const paid = await request.post(`/api/admin/policies/${policy.id}/payments`, {
    headers: { authorization: `Bearer ${owner}` },
    data: { amount: '£30.00', method: 'bank-transfer', reference: 'E2E-PAID' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { username, email, id, policy, quote };
}

async function expectAccessible(page: Page) {
  expect(await a11yViolations(page, 'main')).toEqual([]);
}

test('the card shows the premium paid, calls us with one tap, and Buy again fills the wizard from the policy', async ({ page, request }) => {
  const c = await customerWithCover(request);
  await signIn(page, c.username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: c.policy.policyNumber })).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: '£80.00' })).toBeVisible();
  const paidTerm = card.getByRole('term').filter({ hasText: 'Premium paid' });
  await expect(paidTerm).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: '£30.00' })).toBeVisible();
  await expect(card.getByRole('link', { name: /^Call us/ })).toHaveAttribute('href', brandTelHref(brand.phones.support));

  await card.getByRole('link', { name: `Buy again: ${c.policy.policyNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/request-quote-step1\\?renew=${c.policy.policyNumber}$`));
  await expect(page.getByRole('status').filter({ hasText: `Filled in from policy ${c.policy.policyNumber}` })).toBeVisible();
  await expect(page.locator('input[name="firstName"]')).toHaveValue('Rhian');
  await expect(page.locator('input[name="lastName"]')).toHaveValue('Ann Morgan');
  await expect(page.locator('input[name="email"]')).toHaveValue(c.email);
});

test('my data holds the policy and the request, downloads as JSON, and closing is refused while cover is live', async ({ page, request }) => {
  const c = await customerWithCover(request);
  await signIn(page, c.username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account/data');
  const view = page.getByTestId('my-data');
  await expect(view).toContainText(c.policy.policyNumber);
  await expect(view).toContainText(c.quote.reference);
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^kerbside-cover-my-data-${c.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { policies: { policyNumber: string }[]; quoteRequests: { reference: string }[] };
  expect(saved.policies.map((p) => p.policyNumber)).toEqual([c.policy.policyNumber]);
  expect(saved.quoteRequests.map((q) => q.reference)).toContain(c.quote.reference);
  await expect(page.getByRole('status').filter({ hasText: 'Your data has been downloaded' })).toBeVisible();

  const opener = page.getByRole('button', { name: 'Close my account' });
  await opener.click();
  const dialog = page.getByRole('alertdialog', { name: 'Close your account?' });
  await expect(dialog).toBeVisible();
  // The password field has the focus; an empty one is refused beside it.
  await expect(dialog.locator('input[name="password"]')).toBeFocused();
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(dialog.getByText('Enter your password', { exact: true })).toBeVisible();
  await expect(dialog.locator('input[name="password"]')).toHaveAttribute('aria-invalid', 'true');
  await dialog.locator('input[name="password"]').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your account cannot be closed while you have cover in force or starting later');
  await expect(dialog.getByRole('alert')).toContainText(c.policy.policyNumber);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  // Still signed in: nothing was closed.
  await page.goto('/dashboard');
  await expect(page.getByRole('article').getByRole('heading', { name: c.policy.policyNumber })).toBeVisible();
});

test('my data lists no e-mail to an address not yet proved, and once it is only those sent since, on the page and in the download', async ({ page, request }) => {
  const username = unique('unproved');
  const email = `${username.toLowerCase()}@example.test`;
  await createAccount(request, { username, password: PASSWORD, email });
  // Sent to the address before the account proved it: for all anyone knows, someone else's quote.
  const before = await requestQuote(request, { firstName: 'Rhian', lastName: 'Morgan', email });
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  const mailsShown = () => page.getByTestId('my-data').locator('section').filter({ has: page.getByRole('heading', { name: 'E-mails we sent you' }) });
  const mailsSaved = async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const saved = JSON.parse(readFileSync((await (await downloading).path())!, 'utf8')) as { mails: { subject: string }[] };
    return saved.mails.map((m) => m.subject).join('\n');
  };
  await page.goto('/account/data');
  await expect(mailsShown()).toContainText('No e-mails');
  expect(await mailsSaved()).toBe('');

  // Confirmed from another session (the API's): the first confirmation signs this browser's session out
  // (docs/product.md#e-mail-confirmation), so the person signs in again.
  await confirmAddress(request, { username, password: PASSWORD, email });
  const after = await requestQuote(request, { firstName: 'Sian', lastName: 'Morgan', email });
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account/data');
  await expect(mailsShown()).toContainText(after.reference);
  await expect(mailsShown()).not.toContainText(before.reference);
  const saved = await mailsSaved();
  expect(saved).toContain(after.reference);
  expect(saved).not.toContain(before.reference);
});

test('an account without cover is closed, and cannot sign in again', async ({ page, request }) => {
  const username = unique('leaver');
  await createAccount(request, { username, password: PASSWORD });
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account/data');
  await page.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Close your account?' });
  await dialog.locator('input[name="password"]').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(dialog.getByText('That is not your current password')).toBeVisible();
  await dialog.locator('input[name="password"]').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account closed' })).toBeVisible();
  const login = await request.post('/api/login', { data: { username, password: PASSWORD } });
  expect(login.status()).toBe(401);
});
