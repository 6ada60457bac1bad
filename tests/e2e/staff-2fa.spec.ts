// The staff second factor in the browser (docs/product.md#second-factor-for-staff): an owner of its own sets up an
// authenticator from the page's key (codes made here with otplib, at the real clock the server runs on), saves the
// recovery codes, requires a second factor of all staff; an admin without one is sent to set one up; the owner
// signs in again with password + code, a wrong code refused beside the field; an invitation opened once a factor is
// set up asks for the code on /welcome too. The rule is turned off at the end, so the other specs' owner (who has no
// second factor) keeps the console.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { axeViolations } from './admin-helpers';
import { OWNER, signIn, unique } from './fixtures';
import { invitationPath, issueThroughApi, requestQuote } from './quote-flow';

test.use({ serviceWorkers: 'block' });

const PASSWORD = 'e2e-2fa-password';
let owner2 = '';
let recovery: string[] = [];

/** A code the server takes now: that of the next 30-second step, within its window and later than any step used so far. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function makeStaff(request: APIRequestContext, username: string, role: { isAdmin?: boolean; isOwner?: boolean }): Promise<void> {
  const login = await request.post('/api/login', { data: { username: OWNER.username, password: OWNER.password } });
  const { token } = (await login.json()) as { token: string };
  const res = await request.post('/api/admin/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { username, email: `${username.toLowerCase()}@example.test`, password: PASSWORD, isAdmin: true, isOwner: false, ...role },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.afterAll(async ({ request }) => {
  if (!owner2 || recovery.length === 0) return;
  // Signed in with a recovery code: the rule off again for every other spec.
  const first = await request.post('/api/login', { data: { username: owner2, password: PASSWORD } });
  const { challenge } = (await first.json()) as { challenge: string };
  const second = await request.post('/api/login/second-factor', { data: { challenge, code: recovery.at(-1) } });
  const { token } = (await second.json()) as { token: string };
  const off = await request.put('/api/admin/second-factor-rule', { headers: { authorization: `Bearer ${token}` }, data: { required: false } });
  expect(off.status()).toBe(200);
});

// Before the owner's rule is turned on below: the scene is set by the first owner, who has no second factor.
test('an invitation opened after a second factor is set up sets the password, then asks for the code as /login does', async ({ page, request }) => {
  test.setTimeout(60_000);
  const staff = unique('Inv2fa');
  const email = `${staff.toLowerCase()}@example.test`;
  await makeStaff(request, staff, { isAdmin: true });
  // Signed in with staff's password (which spends the first invitation), a factor set up.
  const login = await request.post('/api/login', { data: { username: staff, password: PASSWORD } });
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const { secret } = (await (await request.post('/api/account/second-factor/setup', { headers: auth })).json()) as { secret: string };
  expect((await request.post('/api/account/second-factor/confirm', { headers: auth, data: { code: await generate({ secret }) } })).status()).toBe(200);

  // A policy issued to the address, unconfirmed, sends a new invitation: its link does not get round the code.
  const quote = await requestQuote(request, { firstName: 'Ivo', lastName: staff, email });
  expect((await issueThroughApi(request, quote.id)).invited).toBe(true);
  await page.goto(await invitationPath(email));
  await page.getByLabel('New password', { exact: true }).fill('inv-2fa-own-password');
  await page.getByLabel('Confirm new password').fill('inv-2fa-own-password');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByText('Your password is set. Welcome to your account.')).toBeVisible();
  await expect(page.getByText('Every device that was signed in has been signed out.', { exact: false })).toBeVisible();
  const code = page.locator('input[name="code"]');
  await expect(code).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await code.fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('an owner sets up a second factor and requires it; an admin without one is sent to set one up; sign-in asks for the code', async ({ page, request }) => {
  owner2 = unique('Own2fa');
  const admin = unique('Adm2fa');
  await makeStaff(request, owner2, { isOwner: true });
  await makeStaff(request, admin, { isAdmin: true });

  await signIn(page, owner2, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/account/two-factor');
  await page.getByRole('button', { name: 'Set up a second factor' }).click();
  await expect(page.getByRole('img', { name: /QR code of your new key/ })).toBeVisible();
  const secret = (await page.locator('#second-factor-key').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // A wrong code first: refused beside the field.
  await page.locator('input[name="code"]').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('That code is not right, or it was used already')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('input[name="code"]').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  recovery = (await codes.allTextContents()).map((c) => c.trim());

  // The owner's switch on the Users tab.
  await page.goto('/admin/users');
  const rule = page.getByRole('checkbox', { name: 'Require a second factor for all staff' });
  await expect(rule).not.toBeChecked();
  // Ticked once the server has taken it (the box shows the rule as stored).
  await rule.click();
  await expect(rule).toBeChecked();
  await logout(page);

  // An admin without one: the console sends them to set one up.
  await signIn(page, admin, PASSWORD);
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await expect(page.getByText('Set up a second factor to continue')).toBeVisible();
  await logout(page);

  // The owner again: password, then the code.
  await signIn(page, owner2, PASSWORD);
  const code = page.locator('input[name="code"]');
  await expect(code).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await code.fill('123456');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That code is not right, or it was used already')).toBeVisible();
  await code.fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
});
