// Passkeys in the browser (docs/product.md#passkeys), with Chromium's virtual authenticator standing in for the
// device's: a passkey added on /account with the current password, signing out, signing in with it on /login
// without a username or password; removed, it no longer signs in. A password change removes them unless kept and
// says which remain; a reset link removes them and its page says so. WebAuthn needs the relying party to be a
// domain, never an IP address, so this spec opens the app as http://localhost (the server's public address when
// PUBLIC_URL is unset).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { a11yViolations, appLive, createAccount, db, latestLinkTo, newCustomer, sceneAddress, signIn, unique } from './fixtures';

test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4310}` });

const PASSWORD = 'e2e-passkey-password';

/** A platform authenticator with user verification, as a phone's or a laptop's. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/** An account whose address is confirmed: only such an account adds a passkey. */
const confirmedAccount = (request: APIRequestContext, prefix: string) => newCustomer(request, prefix, PASSWORD, { confirmed: true });

/** Adds a passkey with this name from the open /account page, the current password typed as asked. */
async function addPasskey(page: Page, name: string, password = PASSWORD): Promise<void> {
  const form = page.getByRole('form', { name: 'Add a passkey' });
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="currentPassword"]').fill(password);
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByText(`Passkey “${name}” added. You can now sign in with it.`)).toBeVisible();
}

test('a passkey added on /account with the password signs in on /login; removed, it no longer does', async ({ page, request }) => {
  // A long walk: adding (with the password asked), signing in, removing, and refused.
  test.setTimeout(60_000);
  const { username } = await confirmedAccount(request, 'pk');
  await virtualAuthenticator(page);

  await signIn(page, username, PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.getByRole('link', { name: 'My account' }).first().click();
  await page.waitForURL('**/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a passkey' });
  // A name is asked for first, beside its field.
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(form.locator('input[name="name"]')).toBeFocused();
  await expect(form.getByText('Give the passkey a name, such as “My phone”')).toBeVisible();
  await form.locator('input[name="name"]').fill('This laptop');
  // The current password is asked before the device is, and checked by the server.
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(form.locator('input[name="currentPassword"]')).toBeFocused();
  await expect(form.getByText('Enter your current password')).toBeVisible();
  await form.locator('input[name="currentPassword"]').fill('not-my-password');
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(form.getByText('That is not your current password')).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await form.locator('input[name="currentPassword"]').fill(PASSWORD);
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Passkey “This laptop” added. You can now sign in with it.')).toBeVisible();
  await expect(form.locator('input[name="currentPassword"]')).toHaveValue('');
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('This laptop')).toBeVisible();
  await expect(list.getByText(/not used yet/)).toBeVisible();

  await appLive(page);
  expect(await a11yViolations(page, 'main')).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  // Signed out once the app has left the account for /login: opening /login before that finds the session still there.
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL('**/dashboard');

  const rs = await db().execute({ sql: 'select s.passkey from sessions s join users u on u.id = s.user_id where u.username = ? order by s.id desc limit 1', args: [username] });
  expect(Number(rs.rows[0]!['passkey'])).toBe(1);
  const log = await db().execute({ sql: 'select action from audit_logs where username = ? order by id', args: [username] });
  expect(log.rows.map((r) => String(r['action']))).toEqual(expect.arrayContaining(['Passkey added: This laptop', 'Login succeeded with a passkey: This laptop']));

  await page.getByRole('link', { name: 'My account' }).first().click();
  await page.waitForURL('**/account');
  await expect(list.getByText(/last used/)).toBeVisible();
  await list.getByRole('button', { name: 'Remove passkey This laptop' }).click();
  await expect(section.getByText('Passkey “This laptop” removed.')).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The device still holds the credential, but the server no longer knows it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  // Signed out once the app has left the account for /login: opening /login before that finds the session still there.
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Login failed: That passkey could not be used to sign in. Try again, or sign in with your password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a password change removes the passkeys unless kept and says which remain; a reset link removes them and says so', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { username, email } = await confirmedAccount(request, 'pkchg');
  await virtualAuthenticator(page);
  await signIn(page, username, PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  const passwordForm = page.getByRole('form', { name: 'Change your password' });
  // No passkey, nothing to keep: no box.
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await expect(passwordForm.getByRole('checkbox', { name: 'Remove your passkeys too' })).toHaveCount(0);
  await addPasskey(page, 'This laptop');

  const changePassword = async (from: string, to: string) => {
    await passwordForm.locator('input[name="currentPassword"]').fill(from);
    await passwordForm.locator('input[name="password"]').fill(to);
    await passwordForm.locator('input[name="confirmPassword"]').fill(to);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
  };
  const box = passwordForm.getByRole('checkbox', { name: 'Remove your passkeys too' });
  await expect(box).toBeChecked();
  await box.uncheck();
  await changePassword(PASSWORD, 'e2e-second-password');
  await expect(page.getByText('Your password is changed. Every other device has been signed out. Your passkey “This laptop” still signs in.')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Your passkeys' }).getByText('This laptop')).toBeVisible();

  // Ticked again for the next change, as it starts: the passkey goes.
  await expect(box).toBeChecked();
  await changePassword('e2e-second-password', 'e2e-third-password');
  await expect(page.getByText('Your password is changed. Every other device has been signed out. Your passkey “This laptop” was removed. No passkey signs in to your account now.')).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await expect(box).toHaveCount(0);

  // A passkey again, then the mailbox's reset link: the page says what it removed.
  await addPasskey(page, 'Phone', 'e2e-third-password');
  const asked = await request.post('/api/password-reset/request', { headers: sceneAddress(), data: { email } });
  expect(asked.status()).toBe(200);
  const link = await latestLinkTo(email, '/reset-password');
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('e2e-fourth-password');
  await page.getByLabel('Confirm new password').fill('e2e-fourth-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed. You can now login.')).toBeVisible();
  await expect(page.getByText('Every device that was signed in has been signed out. The passkey “Phone” made before was removed.')).toBeVisible();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Login failed: That passkey could not be used to sign in. Try again, or sign in with your password')).toBeVisible();
});

test('an account that has not confirmed its address is asked to, instead of adding a passkey or changing the address', async ({ page, request }) => {
  const username = unique('pkun');
  await createAccount(request, { username, password: PASSWORD });
  await signIn(page, username, PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('Confirm your e-mail address before adding a passkey: open the link we sent you.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add a passkey' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'E-mail address' }).getByText(/^Confirm your e-mail address before changing it: open the link we sent you\./)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change your e-mail address' })).toHaveCount(0);
  await section.getByRole('button', { name: 'Send the link again' }).click();
  await expect(section.getByText('We have e-mailed you a link to confirm your address. It works once, for 7 days.')).toBeVisible();
});

test('the passkey section reflows at 320 px', async ({ page, request }) => {
  const username = unique('pkw');
  await createAccount(request, { username, password: PASSWORD });
  await page.setViewportSize({ width: 320, height: 800 });
  await signIn(page, username, PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Passkeys' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
