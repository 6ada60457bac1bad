// The staff queues in /admin (DECISIONS.md "Admin console"): quote and callback requests listed in their tabs,
// searched on the server, opened in the dialog, moved to 'contacted' with the change shown in the table and
// written to the audit log.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, db, OWNER, signIn, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

async function ownerHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request, OWNER.username, OWNER.password)}` };
}

async function openAdmin(page: Page): Promise<void> {
  await signIn(page, OWNER.username, OWNER.password);
  await page.waitForURL('**/admin');
  await expect(page.getByRole('tablist')).toBeVisible();
}

/** Types a search and waits for the queue's debounced request to be answered. */
async function searchQueue(page: Page, queue: 'quotes' | 'callbacks', text: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes(`/api/admin/${queue}?`) && r.url().includes(`search=${encodeURIComponent(text)}`));
  await page.getByPlaceholder('Search users, policies, or logs...').fill(text);
  await answered;
}

async function insertQuote(lastName: string): Promise<string> {
  const reference = `QR-${unique('').toUpperCase().slice(-8)}`;
  const now = Date.now();
  const details = { step1: { coverType: 'temporary', vehicleRegistration: 'AB12CDE' }, step2: { firstName: 'Quinn', lastName, durationDays: 3 } };
  await db().execute({
    sql: `insert into quote_requests (reference, status, first_name, last_name, email, phone, postcode, details, fingerprint, created_at, updated_at)
          values (?, 'new', 'Quinn', ?, ?, '07700900123', 'SW1A 1AA', ?, ?, ?, ?)`,
    args: [reference, lastName, `${lastName.toLowerCase()}@example.test`, JSON.stringify(details), `fp-${reference}`, now, now],
  });
  return reference;
}

async function auditHas(request: APIRequestContext, text: string): Promise<boolean> {
  const res = await request.get(`/api/admin/logs?limit=10&offset=0&search=${encodeURIComponent(text)}`, { headers: await ownerHeaders(request) });
  expect(res.status()).toBe(200);
  const logs = (await res.json()) as { action: string; username: string | null }[];
  return logs.some((l) => l.action.includes(text) && l.username === OWNER.username);
}

test('quote requests: listed, searched, opened with their details, status saved and logged', async ({ page, request }) => {
  const lastName = unique('Quote');
  const reference = await insertQuote(lastName);
  await openAdmin(page);
  await page.getByRole('tab', { name: 'Quote requests' }).click();
  await expect(page).toHaveURL(/tab=quotes/);
  await expect(page.getByRole('heading', { name: 'Quote requests' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Created (UK time)' })).toBeVisible();

  await searchQueue(page, 'quotes', lastName);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText(`Quinn ${lastName}`);
  await expect(row).toContainText('new');

  await row.getByRole('button', { name: `Open ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Quote request ${reference}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('SW1A 1AA')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Quote details' })).toBeVisible();
  await expect(dialog.getByText('Vehicle registration')).toBeVisible();
  await expect(dialog.getByText('AB12CDE')).toBeVisible();
  await expect(dialog.getByText('Duration days')).toBeVisible();
  expect(await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze().then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))).toEqual([]);

  await dialog.getByLabel('Status').selectOption('contacted');
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/admin/quotes/'));
  await dialog.getByRole('button', { name: 'Save status' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Status updated' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('contacted');

  const rs = await db().execute({ sql: 'select status from quote_requests where reference = ?', args: [reference] });
  expect(rs.rows[0]?.['status']).toBe('contacted');
  expect(await auditHas(request, `Quote request ${reference}: status new -> contacted`)).toBe(true);
});

test('callback requests: listed, searched, opened, status saved and logged; a failed save shows the banner', async ({ page, request }) => {
  const name = unique('Callback');
  const email = `${name.toLowerCase()}@example.test`;
  const res = await request.post('/api/callbacks', { data: { name, email, phone: '07700 900456', reasonForContact: 'quotes' } });
  expect(res.status(), await res.text()).toBe(201);
  const { reference } = (await res.json()) as { reference: string };

  await openAdmin(page);
  await page.getByRole('tab', { name: 'Callback requests' }).click();
  await expect(page).toHaveURL(/tab=callbacks/);
  await expect(page.getByText(/\d+ total requests/)).toBeVisible();
  await searchQueue(page, 'callbacks', name);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row).toContainText('new');

  await row.getByRole('button', { name: `Open ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Callback request ${reference}` });
  await expect(dialog.getByText('Reason for contact')).toBeVisible();
  await expect(dialog.getByText('quotes', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Status')).toHaveValue('new');

  // A refused save keeps the dialog open with the action-failure banner.
  await page.route('**/api/admin/callbacks/*', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Something went wrong on our side.' }) }) : route.continue(),
  );
  await dialog.getByLabel('Status').selectOption('contacted');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Update Status Failed' })).toContainText('Something went wrong on our side.');
  await page.unroute('**/api/admin/callbacks/*');

  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status updated' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('contacted');

  // The Logs tab shows the entry too.
  await page.getByRole('tab', { name: 'Logs' }).click();
  await page.getByPlaceholder('Search users, policies, or logs...').fill(reference);
  await expect(page.getByText(`Callback request ${reference}: status new -> contacted`)).toBeVisible();
  expect(await auditHas(request, `Callback request ${reference}: status new -> contacted`)).toBe(true);
});

test('a queue is paged by 10 with Page X of Y', async ({ page }) => {
  const lastName = unique('Paged');
  for (let i = 0; i < 11; i++) await insertQuote(lastName);
  await openAdmin(page);
  await page.getByRole('tab', { name: 'Quote requests' }).click();
  await searchQueue(page, 'quotes', lastName);
  await expect(page.getByText('11 total requests')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  const scan = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
});
