// The quote wizard end to end (SPEC.md §2/§3/§5 as DECISIONS.md "Quote wizard" fixes it): step 2 without
// step 1 redirects; one session-storage key; Back keeps what was typed; a failed submit keeps it and says
// so in the page; a good submit clears it, shows step 3 with the reference and the next steps, stores the
// request, queues the e-mail, and staff find it in the admin console.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { validPersonal, validVehicle } from '../fixtures/quote';
import { db, latestMailTo, OWNER, signIn, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

const DRAFT_KEY = 'kerbside.quoteRequest';
const NEXT_YEAR = String(new Date().getFullYear() + 1);

test.beforeEach(({ page }) => {
  // No browser alert anywhere in the product (DECISIONS.md): any dialog fails the test.
  page.on('dialog', (d) => {
    throw new Error(`unexpected browser dialog: ${d.message()}`);
  });
});

async function fillStep1(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.locator(`[name="${name}"]`).fill(value);
}

async function fillStep2(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const control = page.locator(`[name="${name}"]`);
    if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
}

const vehicle = { ...validVehicle, policyStartDay: '15', policyStartMonth: '1', policyStartYear: NEXT_YEAR };

async function draft(page: Page): Promise<{ keys: string[]; value: { personal?: Record<string, string>; vehicle?: Record<string, string> } | null }> {
  return page.evaluate((key) => {
    const keys = Object.keys(sessionStorage);
    const text = sessionStorage.getItem(key);
    return { keys, value: text ? (JSON.parse(text) as never) : null };
  }, DRAFT_KEY);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('step 2 and step 3 without a request go back to step 1', async ({ page }) => {
  await page.goto('/request-quote-step2');
  await expect(page).toHaveURL(/\/request-quote-step1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Details' })).toBeVisible();
  await page.goto('/request-quote-step3');
  await expect(page).toHaveURL(/\/request-quote-step1$/);
});

test('step 1 shows a clear message per field, checks the postcode, and saves under one key', async ({ page }) => {
  await page.goto('/request-quote-step1');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Phone number is required',
    'Date of birth is required',
    'Address is required',
    'Postcode is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.locator('[name="firstName"]')).toBeFocused();
  await expect(page.locator('[name="dateOfBirth"]')).toHaveAttribute('type', 'date');
  await expect(page.locator('[name="phone"]')).toHaveAttribute('type', 'tel');
  expect(await seriousViolations(page)).toEqual([]);

  await fillStep1(page, { ...validPersonal, postcode: '12345', email: 'not-an-email' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a full UK postcode, such as SW1A 1AA')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.locator('[name="email"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/step1$/);

  await fillStep1(page, validPersonal);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/request-quote-step2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Vehicle' })).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  const saved = await draft(page);
  expect(saved.keys).toEqual([DRAFT_KEY]);
  expect(saved.value?.personal).toMatchObject(validPersonal);
});

test('step 2 offers SPEC.md §5 lists exactly, with no invalid default, and refuses an impossible date', async ({ page }) => {
  await page.goto('/request-quote-step1');
  await fillStep1(page, validPersonal);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);

  const options = (name: string) => page.locator(`[name="${name}"] option`).allTextContents();
  expect(await options('security')).toEqual(['Select...', 'None', 'Alarm & Immobiliser', 'Immobiliser', 'Tracker']);
  expect(await options('keptOvernight')).toEqual(['Select...', 'Garage', 'Street', 'Driveway', 'Secure parking']);
  await expect(page.locator('[name="keptOvernight"]')).toHaveValue('');
  expect(await options('annualMileage')).toEqual(['Select...', 'Under 5,000', '5,000 - 10,000', '10,000 - 15,000', '15,000 - 20,000', 'Over 20,000']);
  expect(await options('noClaimsBonusYears')).toContain('9 years +');
  const year = new Date().getFullYear();
  expect(await options('policyStartYear')).toEqual(['Select...', ...Array.from({ length: 10 }, (_, i) => String(year + i))]);
  expect(await options('policyStartDay')).toHaveLength(32);
  for (const money of ['value', 'bestQuotedPremium']) {
    await expect(page.locator(`[name="${money}"]`)).toHaveAttribute('type', 'number');
    await expect(page.locator(`[name="${money}"]`)).toHaveAttribute('min', '0');
    await expect(page.locator(`[name="${money}"]`)).toHaveAttribute('step', '0.01');
  }

  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page.getByText('Choose where the vehicle is kept overnight')).toBeVisible();
  await expect(page.getByText('Vehicle value is required')).toBeVisible();
  await expect(page.getByText('Registration number is required')).toBeVisible();
  await expect(page.getByText('Choose the day cover should start')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await fillStep2(page, { ...vehicle, policyStartDay: '31', policyStartMonth: '2' });
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page.getByText('That date does not exist: check the day and month')).toBeVisible();
  await expect(page).toHaveURL(/step2$/);
});

test('Back keeps step 1 and what was typed on step 2', async ({ page }) => {
  await page.goto('/request-quote-step1');
  await fillStep1(page, validPersonal);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);
  await fillStep2(page, { regNumber: 'KX42 ABC', coverType: 'Third Party' });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/step1$/);
  for (const [name, value] of Object.entries(validPersonal)) await expect(page.locator(`[name="${name}"]`)).toHaveValue(value);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('[name="regNumber"]')).toHaveValue('KX42 ABC');
  await expect(page.locator('[name="coverType"]')).toHaveValue('Third Party');
  // A reload keeps it too (the same tab's session storage).
  await page.reload();
  await expect(page.locator('[name="regNumber"]')).toHaveValue('KX42 ABC');
});

test('a failed submit keeps the data and says so in the page; a good one shows step 3 and reaches staff', async ({ page, browser }) => {
  const lastName = unique('Wizard');
  const email = `${lastName.toLowerCase()}@example.test`;
  await page.goto('/request-quote-step1');
  await fillStep1(page, { ...validPersonal, lastName, email });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);
  await fillStep2(page, vehicle);

  await page.route('**/api/quotes', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal server error' }) }));
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your quote request was not sent' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Your answers are kept.');
  await expect(page).toHaveURL(/step2$/);
  await expect(page.locator('[name="regNumber"]')).toHaveValue(vehicle.regNumber);
  expect((await draft(page)).value?.personal?.['lastName']).toBe(lastName);
  expect((await draft(page)).value?.vehicle?.['usage']).toBe(vehicle.usage);

  // The network gone entirely: the same, in other words.
  await page.unroute('**/api/quotes');
  await page.route('**/api/quotes', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(alert).toContainText('We could not reach our server');
  await page.unroute('**/api/quotes');

  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page).toHaveURL(/\/request-quote-step3\?reference=QR-/);
  const heading = page.getByRole('heading', { level: 1, name: 'Quote request submitted! Thank you.' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const reference = new URL(page.url()).searchParams.get('reference')!;
  await expect(page.getByText(reference)).toBeVisible();
  for (const step of ['Specialist review', 'We contact you within 24 hours', 'Confirmation e-mail', 'SMS updates']) {
    await expect(page.getByRole('listitem').filter({ hasText: step })).toBeVisible();
  }
  expect((await draft(page)).keys).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  const rs = await db().execute({ sql: 'select status, postcode, details from quote_requests where reference = ?', args: [reference] });
  expect(rs.rows).toHaveLength(1);
  expect(rs.rows[0]).toMatchObject({ status: 'new', postcode: 'LS1 4DY' });
  expect(JSON.parse(String(rs.rows[0]!['details']))).toMatchObject({ lastName, regNumber: 'AB12 CDE', policyStartYear: Number(NEXT_YEAR) });
  expect((await latestMailTo(email)).text).toContain(`Your reference: ${reference}`);

  // Staff see it in the console's Quote requests tab (a separate browser context: staff are elsewhere).
  const staff = await browser.newContext({ serviceWorkers: 'block' });
  const admin = await staff.newPage();
  await signIn(admin, OWNER.username, OWNER.password);
  await admin.waitForURL('**/admin');
  await admin.getByRole('tab', { name: 'Quote requests' }).click();
  const answered = admin.waitForResponse((r) => r.url().includes('/api/admin/quotes?') && r.url().includes(`search=${reference}`));
  await admin.getByPlaceholder('Search users, policies, or logs...').fill(reference);
  await answered;
  const row = admin.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText(`Amelia ${lastName}`);
  await expect(row).toContainText('new');
  await row.getByRole('button', { name: `Open ${reference}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Quote request ${reference}` });
  await expect(dialog.getByText('AB12 CDE')).toBeVisible();
  // Under the wizard's own labels.
  await expect(dialog.getByText('Registration number', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Where is the vehicle kept overnight?', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Social Domestic and Pleasure plus Commute', { exact: true })).toBeVisible();
  await staff.close();
});

test('a double click submits once', async ({ page }) => {
  const lastName = unique('Double');
  await page.goto('/request-quote-step1');
  await fillStep1(page, { ...validPersonal, lastName, email: `${lastName.toLowerCase()}@example.test` });
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillStep2(page, vehicle);
  await page.getByRole('button', { name: 'Submit quote request' }).dblclick();
  await expect(page).toHaveURL(/step3/);
  const rs = await db().execute({ sql: 'select count(*) n from quote_requests where last_name = ?', args: [lastName] });
  expect(Number(rs.rows[0]!['n'])).toBe(1);
});
