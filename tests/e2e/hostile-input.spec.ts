// Hostile text in every stored free-text field stays inert (issue: the admin console, the dashboard,
// e-mails and the certificate PDF). Markup and script go in through the real API; the pages must show
// them as text, run none of them and grow no elements from them.
import { expect, test, type Page } from '@playwright/test';
import { validQuote } from '../fixtures/quote';
import { expandedPdf, readingOrder, withoutStrings } from '../server/pdf-reader';
import { tab } from './admin-helpers';
import { adminPolicy, apiToken, createAccount, db, latestMailTo, OWNER, sceneAddress, signIn, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

// Each one, if it ran, would set window.__xss.
const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const LINK = 'javascript:window.__xss=1//';

declare global {
  interface Window {
    __xss?: number;
  }
}

async function expectInert(page: Page): Promise<void> {
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('main svg[onload], main script')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
}

test('markup stored in policies, quotes, callbacks and logs shows as text in the console and the dashboard', async ({ page, request, browser }) => {
  const tag = unique('Hostile');
  const password = 'hostile-password-1';
  const username = tag.toLowerCase();
  const userId = await createAccount(request, { username, password });
  const owner = await apiToken(request, OWNER.username, OWNER.password);
  const auth = { authorization: `Bearer ${owner}` };

  const { policyNumber } = await adminPolicy(
    request,
    {
      userId,
      holderName: `${IMG} ${tag}`,
      carModel: SCRIPT,
      driverName: SVG,
      licenseNumber: LINK,
      registration: 'AB12 CDE',
      startDate: '2026-01-01',
      startTime: '09:00',
      endDate: '2036-01-01',
      endTime: '23:59',
      status: 'active',
    },
    auth,
  );

  const quoteEmail = `${username}@example.test`;
  const quote = await request.post('/api/quotes', {
    headers: sceneAddress(),
    data: { ...validQuote, firstName: IMG, lastName: tag, address: SVG, email: quoteEmail, policyStartYear: String(new Date().getFullYear() + 1) },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const { reference: quoteRef } = (await quote.json()) as { reference: string };
  const callback = await request.post('/api/callbacks', { headers: sceneAddress(), data: { name: `${SCRIPT} ${tag}`, email: `cb-${quoteEmail}`, phone: '07700 900123', reasonForContact: 'other' } });
  expect(callback.status(), await callback.text()).toBe(201);
  const { reference: callbackRef } = (await callback.json()) as { reference: string };
  expect((await request.post('/api/admin/logs', { headers: auth, data: { action: `${IMG} ${tag}`, level: 'warning' } })).status()).toBe(201);

  // The console: every tab that shows them.
  await signIn(page, OWNER.username, OWNER.password);
  await page.waitForURL('**/admin');
  // The rows assert the answer arrived (they wait for it).
  const search = (text: string) => page.getByPlaceholder('Search users, policies, or logs...').fill(text);
  await tab(page, 'Policies').click();
  await search(tag);
  const row = page.getByRole('row').filter({ hasText: policyNumber });
  await expect(row).toContainText(IMG);
  await expect(row).toContainText(SCRIPT);
  await expectInert(page);

  await tab(page, 'Logs').click();
  await search(tag);
  await expect(page.getByRole('listitem').filter({ hasText: tag }).first()).toContainText(IMG);
  await expectInert(page);

  await tab(page, 'Quote requests').click();
  await search(quoteRef);
  await page.getByRole('button', { name: `Open ${quoteRef}` }).click();
  const quoteDialog = page.getByRole('dialog', { name: `Quote request ${quoteRef}` });
  await expect(quoteDialog).toContainText(IMG);
  await expect(quoteDialog).toContainText(SVG);
  await expectInert(page);
  await quoteDialog.getByRole('button', { name: 'Cancel' }).click();

  await tab(page, 'Callback requests').click();
  await search(callbackRef);
  await page.getByRole('button', { name: `Open ${callbackRef}` }).click();
  await expect(page.getByRole('dialog', { name: `Callback request ${callbackRef}` })).toContainText(SCRIPT);
  await expectInert(page);

  // The customer's dashboard: the policy card.
  const customer = await browser.newContext({ serviceWorkers: 'block' });
  const dash = await customer.newPage();
  await signIn(dash, username, password);
  await dash.waitForURL('**/dashboard');
  await expect(dash.getByText(SCRIPT).first()).toBeVisible();
  await expect(dash.getByText(`${IMG} ${tag}`).first()).toBeVisible();
  await expectInert(dash);
  await customer.close();

  // E-mail is plain text only, never HTML; the confirmation carries no name at all (docs/product.md#e-mails).
  const mail = await latestMailTo(quoteEmail);
  expect(mail.text).toContain('Hello,');
  expect(mail.text).not.toContain(IMG);
  const columns = await db().execute("select name from pragma_table_info('mail_outbox')");
  expect(columns.rows.map((r) => String(r['name']))).not.toContain('html_body');

  // The certificate: the hostile strings are text in the PDF, with no script or action objects.
  const token = await apiToken(request, username, password);
  const pdf = await request.get(`/api/policies/${policyNumber}/certificate`, { headers: { authorization: `Bearer ${token}` } });
  expect(pdf.status()).toBe(200);
  const bytes = new Uint8Array(await pdf.body());
  const text = readingOrder(bytes);
  for (const shown of [IMG, SCRIPT, SVG, LINK]) expect(text).toContain(shown);
  // Outside the text strings, no action or script anywhere: in the objects or in the page's drawing code.
  // (jsPDF's /OpenAction is a destination, [page /FitH], opening the page at width: never an action dictionary.)
  const code = withoutStrings(expandedPdf(bytes));
  for (const marker of [/\/JavaScript\b/, /\/JS\b/, /\/OpenAction\s*<</, /\/Launch\b/, /\/URI\b/, /\/AA\b/]) expect(code).not.toMatch(marker);
  expect(code).toMatch(/\/OpenAction \[\d+ 0 R \/FitH null\]/);
});
