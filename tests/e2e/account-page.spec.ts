// The account page in the browser (docs/product.md#account): details saved, "Signed in on" with signing out another
// device, an e-mail change through the link sent to the new address, and a password change that signs out every
// other session while this one stays. Checked for accessibility and for reflow at 320 px.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { a11yViolations, apiToken, appLive, confirmAddress, latestLinkTo, newCustomer, signIn } from './fixtures';

const PASSWORD = 'e2e-account-password';

const customer = (request: APIRequestContext) => newCustomer(request, 'acct', PASSWORD);

/** Signs in through the page and opens /account by the top bar's link. */
async function openAccount(page: Page, username: string): Promise<void> {
  await signIn(page, username, PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.getByRole('link', { name: 'My account' }).first().click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
}

const status = async (request: APIRequestContext, token: string) => (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status();

test('details: the username shown, name and phone saved and shown again; the sections in order; no accessibility violations', async ({ page, request }) => {
  const { username } = await customer(request);
  await openAccount(page, username);
  await expect(page.getByText(username, { exact: true })).toBeVisible();
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual(['Your details', 'E-mail address', 'Password', 'Signed in on', 'Passkeys', 'My data', 'Close my account']);

  // The details' name, not the name of a new passkey.
  const details = page.getByRole('form', { name: 'Your details' });
  await details.locator('input[name="name"]').fill('Ann Smith');
  await page.locator('input[name="phone"]').fill('12345');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Enter a UK phone number, such as 07700 900123 or +44 20 7946 0000')).toBeVisible();
  await expect(page.locator('input[name="phone"]')).toBeFocused();
  await page.locator('input[name="phone"]').fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  await page.reload();
  await expect(details.locator('input[name="name"]')).toHaveValue('Ann Smith');
  await expect(page.locator('input[name="phone"]')).toHaveValue('07700 900123');

  await appLive(page);
  expect(await a11yViolations(page, 'main')).toEqual([]);

  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('signed in on: this device marked; signing out another device ends its session', async ({ page, request }) => {
  const { username } = await customer(request);
  const other = await apiToken(request, username, PASSWORD);
  await openAccount(page, username);
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(page.getByText('This device')).toHaveCount(1);
  await sessions.getByRole('button', { name: /^Sign out / }).click();
  await expect(page.getByText(/^Signed out of /)).toBeVisible();
  await expect(sessions).toHaveCount(1);
  expect(await status(request, other)).toBe(401);
  await expect(page.getByText('You are signed in on this device only.')).toBeVisible();
});

test('an e-mail change: the link goes to the new address, and the address changes only when it is opened', async ({ page, request }) => {
  const { username, email } = await customer(request);
  // Only an address the account has proved is changed (docs/product.md#changing-the-e-mail-address).
  await confirmAddress(request, { username, password: PASSWORD, email });
  const newEmail = `new-${username}@example.test`;
  await openAccount(page, username);
  await page.locator('input[name="email"]').fill(newEmail);
  await page.locator('input[name="currentPassword"]').first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('We have e-mailed a link to your new address.', { exact: false })).toBeVisible();
  await expect(page.getByText(`Your address: ${email}`, { exact: false })).toBeVisible();
  await expect(page.getByText('Waiting for you to open the link we sent to', { exact: false })).toBeVisible();

  const link = await latestLinkTo(newEmail, '/confirm-email-change');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your e-mail address is changed.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page.getByText(`Your address: ${newEmail}`, { exact: false })).toBeVisible();
});

test('a password change signs out every other session; this one stays signed in', async ({ page, request }) => {
  const { username } = await customer(request);
  const other = await apiToken(request, username, PASSWORD);
  await openAccount(page, username);
  const form = page.getByRole('form', { name: 'Change your password' });
  await form.locator('input[name="currentPassword"]').fill('not-my-password');
  await form.locator('input[name="password"]').fill('a-new-e2e-passphrase');
  await form.locator('input[name="confirmPassword"]').fill('a-new-e2e-passphrase');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('That is not your current password')).toBeVisible();
  await form.locator('input[name="currentPassword"]').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed. Every other device has been signed out.')).toBeVisible();
  expect(await status(request, other)).toBe(401);

  // This page's session goes on under its new token.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
  await apiToken(request, username, 'a-new-e2e-passphrase');
});
