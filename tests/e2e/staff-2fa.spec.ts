// The staff second factor in the browser (docs/product.md#second-factor-for-staff): an owner of its own sets up an
// authenticator from the page's key (codes made here with otplib, at the real clock the server runs on), saves the
// recovery codes, requires a second factor of all staff; an admin without one is sent to set one up; the owner
// signs in again with password + code, a wrong code refused beside the field. The rule is turned off at the end, so
// the other specs' owner (who has no second factor) keeps the console.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { axeViolations } from './admin-helpers';
import { OWNER, signIn, unique } from './fixtures';

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
