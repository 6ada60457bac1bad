// "Extend" in two taps (docs/product.md#extending-cover): a customer whose cover was bought online opens its card on
// the dashboard, asks for two more days, sees the price and the new end, pays on the card provider's page (the e2e
// server's stand-in) and comes back to cover that ends two days later.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { validQuote } from '../fixtures/quote';
import { apiToken, newCustomer, sceneAddress, signIn } from './fixtures';

// The card page sends the customer back to the server's public address (http://localhost:<port>).
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4310}` });

const PASSWORD = 'extend-customer-password';

/** Tomorrow's UK date as the wizard's day, month and year. */
function ukTomorrow(): { policyStartDay: string; policyStartMonth: string; policyStartYear: string } {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + 86_400_000).split('-') as [string, string, string];
  return { policyStartDay: String(Number(day)), policyStartMonth: String(Number(month)), policyStartYear: year };
}

/** A confirmed customer whose request was priced, bought and paid online: their policy, in force from tomorrow. */
async function boughtOnline(request: APIRequestContext): Promise<{ username: string; policyNumber: string }> {
  const customer = await newCustomer(request, 'extender', PASSWORD, { confirmed: true });
  const asked = await request.post('/api/quotes', { data: { ...validQuote, email: customer.email, ...ukTomorrow() }, headers: sceneAddress() });
  expect(asked.status()).toBe(201);
  const { reference } = (await asked.json()) as { reference: string };
  const token = await apiToken(request, customer.username, PASSWORD);
  const bought = await request.post(`/api/user/quotes/${reference}/buy`, { data: { confirm: true }, headers: { authorization: `Bearer ${token}` } });
  expect(bought.status()).toBe(200);
  const { checkoutUrl, policyNumber } = (await bought.json()) as { checkoutUrl: string; policyNumber: string };
  const paid = await request.post(`${checkoutUrl}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return { username: customer.username, policyNumber };
}

test('a live policy is extended from its card: priced, paid online, the end moved', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { username, policyNumber } = await boughtOnline(request);
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);
  const card = page.getByRole('article', { name: policyNumber });
  const endsBefore = (await card.getByRole('definition').filter({ has: page.locator('time') }).nth(1).textContent())!;

  await card.getByRole('button', { name: `Extend: ${policyNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Extend ${policyNumber}` });
  await expect(dialog.getByLabel('More time')).toBeFocused();
  await dialog.getByLabel('More time').fill('2');
  await dialog.getByLabel('Unit').selectOption('days');
  await dialog.getByRole('button', { name: 'Get price' }).click();
  await expect(dialog.getByText(/^£\d+\.\d{2}$/)).toBeVisible();
  await expect(dialog.getByText(/Includes £\d+\.\d{2} Insurance Premium Tax at 12%\./)).toBeVisible();
  await dialog.getByRole('button', { name: /^Pay £\d+\.\d{2} by card$/ }).click();

  await page.waitForURL(/\/pay\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/purchase\/done\?policy=KC-.*&extension=\d+/);
  await page.goto('/dashboard');
  const endsAfter = page.getByRole('article', { name: policyNumber }).getByRole('definition').filter({ has: page.locator('time') }).nth(1);
  await expect(endsAfter).not.toHaveText(endsBefore);
  // Three days from 09:00 tomorrow, then two more: five days after tomorrow's 09:00.
  const end = new Date(Date.now() + 6 * 86_400_000);
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric' }).format(end);
  await expect(endsAfter).toContainText(`${day} `);
  await expect(endsAfter).toContainText('09:00');
});
