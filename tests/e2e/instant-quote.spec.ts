// "Get Instant Quote" as a customer lives it (docs/product.md#instant-prices, #paying-online): the wizard priced at
// once on the example rates, the price on step 3, Buy now without leaving the page (an account made there, the
// address proved with the six-digit code from the e-mail), the Statement of Fact, the card paid on the card
// provider's page (the e2e server's stand-in), back on /purchase/done until the policy is Active, the certificate,
// and that certificate again with no network. Then the other two answers (referred, declined), the price page's
// accessibility and its reflow at 320 px.
import { expect, test, type Page } from '@playwright/test';
import { validPersonal, validVehicle } from '../fixtures/quote';
import { axeViolations, fillFields, latestCodeTo, sceneAddress, unique, waitForServiceWorker } from './fixtures';

// The card provider sends the customer back to the server's public address (http://localhost:<port> on the e2e
// server: src-server/main.ts), so the journey runs there, where the session it signed in with is kept.
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4310}` });

test.beforeEach(({ page }) => {
  // No browser alert anywhere in the product (docs/product.md#errors-and-messages).
  page.on('dialog', (d) => {
    throw new Error(`unexpected browser dialog: ${d.message()}`);
  });
});

/** Tomorrow's UK date as the wizard's day, month and year. */
function ukTomorrow(): { day: string; month: string; year: string } {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + 86_400_000).split('-') as [string, string, string];
  return { day: String(Number(day)), month: String(Number(month)), year };
}

/** Steps 1 and 2 from the home page's "Get Instant Quote", for 3 days of temporary cover from 09:00 tomorrow. */
async function askForQuote(page: Page, email: string, vehicle: Record<string, string> = {}): Promise<string> {
  // The browser's own requests would share 127.0.0.1's hourly limit of quote requests with every other spec.
  await page.setExtraHTTPHeaders(sceneAddress());
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Instant Quote' }).first().click();
  await expect(page).toHaveURL(/\/request-quote-step1$/);
  await fillFields(page, { ...validPersonal, lastName: unique('Instant'), email });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);
  const start = ukTomorrow();
  await fillFields(page, { ...validVehicle, policyStartDay: start.day, policyStartMonth: start.month, policyStartYear: start.year, policyStartTime: '09:00', ...vehicle });
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page).toHaveURL(/\/request-quote-step3\?reference=QR-/);
  return new URL(page.url()).searchParams.get('reference')!;
}

/** The page is no wider than its viewport: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('from "Get Instant Quote" to an Active policy and its certificate, kept for use offline', async ({ page, context }) => {
  test.setTimeout(120_000);
  const email = `${unique('buyer')}@example.test`.toLowerCase();
  const reference = await askForQuote(page, email);

  // Step 3: the price, the tax inside it, what it covers, until when it stands.
  await expect(page.getByRole('heading', { level: 1, name: 'Your price' })).toBeFocused();
  const price = (await page.getByTestId('instant-price').textContent())!;
  expect(price).toMatch(/^£\d+\.\d{2}$/);
  await expect(page.getByText(/^includes £\d+\.\d{2} Insurance Premium Tax at 12%$/)).toBeVisible();
  await expect(page.getByText('Temporary car cover', { exact: true })).toBeVisible();
  await expect(page.getByText('AB12 CDE', { exact: true })).toBeVisible();
  await expect(page.getByText('3 days', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Price valid until \d{2}:\d{2} \((29|30) min left\)$/)).toBeVisible();

  // A reload keeps it (the tab's stored state).
  await page.reload();
  await expect(page.getByTestId('instant-price')).toHaveText(price);

  // Buy now: an account made here, its e-mail the request's.
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to buy' })).toBeFocused();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  const username = unique('buyer').toLowerCase();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('instant-buyer-password');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The address proved on the same page with the code from the e-mail.
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`reference=${reference}`));
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('That code is not right or has expired')).toBeVisible();
  await page.getByLabel('6-digit code').fill(await latestCodeTo(email));
  await page.getByRole('button', { name: 'Confirm' }).click();

  // The Statement of Fact, confirmed, then the card.
  await expect(page.getByRole('heading', { name: 'Check your answers' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Buy this cover' }).getByRole('definition').filter({ hasText: /^AB12 CDE$/ })).toBeVisible();
  const pay = page.getByRole('button', { name: `Pay ${price} by card` });
  await pay.click();
  await expect(page.getByText('Confirm that your answers are true and complete')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I confirm that the answers above are true and complete' }).check();
  await pay.click();

  // The card provider's page (the stand-in), then back.
  await page.waitForURL(/\/pay\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/purchase\/done\?policy=KC-/);
  const policyNumber = new URL(page.url()).searchParams.get('policy')!;
  await expect(page.getByRole('heading', { level: 1, name: "You're covered" })).toBeVisible({ timeout: 30_000 });
  const card = page.getByRole('article', { name: policyNumber });
  // In force (status Active); cover asked from tomorrow shows 'Starts soon' on its card until then.
  await expect(page.getByText(`Payment received and policy ${policyNumber} is Active.`, { exact: false })).toBeVisible();
  await expect(card.getByText('Status: Starts soon')).toBeVisible();
  await expect(card.getByRole('button', { name: 'View Certificate' })).toBeVisible();

  // Kept on the device as the dashboard keeps it: the dashboard opens with no network and shows the certificate.
  await waitForServiceWorker(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('article', { name: policyNumber }).getByRole('button', { name: 'View Certificate' })).toBeVisible();
  await expect
    .poll(
      () =>
        page.evaluate(async (n) => {
          for (const name of await caches.keys()) {
            for (const r of await (await caches.open(name)).keys()) if (r.url.includes('/offline/') && r.url.includes(n) && r.url.includes('certificate')) return true;
          }
          return false;
        }, policyNumber),
      { timeout: 15_000 },
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Offline – last updated /)).toBeVisible();
  const offline = page.getByRole('article', { name: policyNumber });
  await expect(offline.getByRole('button', { name: 'View Certificate' })).toBeVisible();
  await context.setOffline(false);
});

test('a declined answer says why in plain words, with the phone number to call', async ({ page }) => {
  await askForQuote(page, `${unique('declined')}@example.test`.toLowerCase(), { vehicleModified: 'yes' });
  await expect(page.getByRole('heading', { level: 1, name: 'We cannot offer cover online for this' })).toBeFocused();
  await expect(page.getByText(/modified/i).first()).toBeVisible();
  const call = page.getByRole('main').getByRole('link', { name: '020 7946 0000' });
  await expect(call).toHaveAttribute('href', 'tel:+442079460000');
  await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
});

test('a referred answer says a specialist will look at it, and when we contact them', async ({ page }) => {
  const reference = await askForQuote(page, `${unique('referred')}@example.test`.toLowerCase(), { drivingConvictions: 'Yes' });
  await expect(page.getByRole('heading', { level: 1, name: 'A specialist will look at this' })).toBeFocused();
  await expect(page.getByText(reference)).toBeVisible();
  await expect(page.getByText(/We contact you within 24 hours/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
});

test('the price page has no accessibility violations and, at 320 px, never scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await askForQuote(page, `${unique('narrow')}@example.test`.toLowerCase());
  await expect(page.getByRole('heading', { level: 1, name: 'Your price' })).toBeVisible();
  await expectNoSidewaysScroll(page, 320);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeFocused();
  await expectNoSidewaysScroll(page, 320);
  expect(await axeViolations(page)).toEqual([]);
});
