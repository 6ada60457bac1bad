// Passkeys in the browser (docs/product.md#passkeys), with Chromium's virtual authenticator standing in for the
// device's: a passkey added on /account, signing out, signing in with it on /login without a username or password;
// removed, it no longer signs in. WebAuthn needs the relying party to be a domain, never an IP address, so this spec
// opens the app as http://localhost (the server's public address when PUBLIC_URL is unset).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appLive, createAccount, db, signIn, unique } from './fixtures';

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

test('a passkey added on /account signs in on /login; removed, it no longer does', async ({ page, request }) => {
  const username = unique('pk');
  await createAccount(request, { username, password: PASSWORD });
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
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Passkey “This laptop” added. You can now sign in with it.')).toBeVisible();
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('This laptop')).toBeVisible();
  await expect(list.getByText(/not used yet/)).toBeVisible();

  await appLive(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).include('main').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
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
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Login failed: That passkey could not be used to sign in. Try again, or sign in with your password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
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
