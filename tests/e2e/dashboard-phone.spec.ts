// The dashboard on a phone (docs/product.md#dashboard, #accepting-a-quote, #reporting-a-claim): a claim reported with
// no signal joins 'Your claims' once the outbox sends it, without a reload; 'Accept quote' opens at its top with the
// price in view and its confirmation the next stop for the keyboard; the policy card's certificate is on the first
// screen, at 390x844 and at 320x568.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { claimMessages } from '../../src-server/contract/claim';
import { apiToken, customerWithCover, ownerHeaders, signIn, unique } from './fixtures';
import { requestQuote } from './quote-flow';

const PASSWORD = 'e2e-phone-password';
const HOUR = 3_600_000;
const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
] as const;

// The outbox's own sending is what is tested: no service worker between the page and the server.
test.use({ serviceWorkers: 'block' });

/** A customer with a confirmed address and one policy in force (what a customer who bought cover has). */
const coveredCustomer = (request: APIRequestContext) =>
  customerWithCover(request, { prefix: 'phone', password: PASSWORD, confirmed: true, startAt: Date.now() - 24 * HOUR, endAt: Date.now() + 48 * HOUR, premium: '£64.50' });

/** Marks the page, so a reload (which drops the mark) shows. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test('a claim reported offline joins "Your claims" once the outbox sends it, without a reload', async ({ page, context, request }) => {
  const c = await coveredCustomer(request);
  await page.setViewportSize(PHONES[1]);
  await signIn(page, c.username, PASSWORD);
  await page.waitForURL('**/dashboard');
  const claims = page.getByRole('region', { name: 'Your claims' });
  await expect(claims.getByText('You have no claims.', { exact: false })).toBeVisible();
  await markPage(page);
  // The report's screen once with signal, so its code is in the page (the service worker keeps it for a phone).
  await claims.getByRole('link', { name: 'Report a claim' }).click();
  const form = page.getByRole('form', { name: 'Claim report' });
  await expect(form.getByLabel('Policy')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My policies' }).click();
  await page.waitForURL('**/dashboard');

  // No signal: the report from the dashboard's own link, kept on the phone.
  await context.setOffline(true);
  await claims.getByRole('link', { name: 'Report a claim' }).click();
  await form.getByLabel('Policy').selectOption(c.policy.policyNumber);
  await form.getByRole('group', { name: 'What happened' }).getByLabel('Theft').check();
  await form.getByLabel('Where it happened').fill('Station Road car park, Didcot');
  await form.getByRole('textbox', { name: 'Describe what happened' }).fill('The car was taken overnight.');
  await form.getByLabel('Your phone number').fill('07700 900123');
  await form.getByRole('group', { name: 'Was anyone hurt?' }).getByLabel('No').check();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(claimMessages.saved, { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'See your claims' }).click();
  await page.waitForURL('**/dashboard');
  await expect(claims.getByRole('list', { name: 'Claim reports on this phone' })).toContainText('Waiting for signal');

  // Signal again: the outbox sends it, and the list is the server's, with the new claim.
  await context.setOffline(false);
  const list = claims.getByRole('list', { name: 'Claims' });
  await expect(list.getByText(/^CL-[A-Z0-9]{8}$/)).toHaveCount(1, { timeout: 10_000 });
  await expect(list).toContainText('Theft');
  await expect(list).toContainText('Received');
  await expect(claims.getByText('Waiting for signal')).toHaveCount(0);
  await expect(claims.getByText('You have no claims.', { exact: false })).toHaveCount(0);
  const mine = (await (await request.get('/api/user/claims', { headers: { authorization: `Bearer ${await apiToken(request, c.username, PASSWORD)}` } })).json()) as Array<{ reference: string }>;
  expect(mine).toHaveLength(1);
  await expect(list.getByText(mine[0]!.reference)).toBeVisible();
  expect(await stillSamePage(page)).toBe(true);
});

/** Whether `target` is wholly on screen: inside the window and, in a dialog, inside the dialog's own visible box. */
async function inView(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const d = el.closest('dialog')?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
    return r.height > 0 && r.top >= Math.max(0, d.top) && r.bottom <= Math.min(window.innerHeight, d.bottom);
  });
}

for (const phone of PHONES) {
  test(`at ${phone.width}x${phone.height}, "Accept quote" opens at its top with the price in view; the confirmation is next by keyboard`, async ({ page, request }) => {
    const c = await coveredCustomer(request);
    const quote = await requestQuote(request, { firstName: 'Rhian', lastName: unique('Phone'), email: c.email });
    const offer = await request.post(`/api/admin/quotes/${quote.id}/offer`, { headers: await ownerHeaders(request), data: { premium: '72.00', validHours: 6 } });
    expect(offer.status(), await offer.text()).toBe(200);
    await page.setViewportSize(phone);
    await signIn(page, c.username, PASSWORD);
    await page.waitForURL('**/dashboard');
    const open = page.getByRole('region', { name: 'Your quote requests' }).getByRole('button', { name: `Accept quote ${quote.reference}` });
    await open.click();

    const dialog = page.getByRole('dialog', { name: `Accept quote ${quote.reference}` });
    const heading = dialog.getByRole('heading', { name: `Accept quote ${quote.reference}` });
    await expect(heading).toBeFocused();
    expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
    const price = dialog.getByText('Price: £72.00');
    expect(await inView(heading)).toBe(true);
    expect(await inView(price)).toBe(true);
    // The whole Statement of Fact is below, in the dialog's own scroll; the confirmation is the next stop for the keyboard.
    await page.keyboard.press('Tab');
    const confirm = dialog.getByRole('checkbox', { name: 'I confirm that the answers above are true and complete' });
    await expect(confirm).toBeFocused();
    expect(await inView(confirm)).toBe(true);
    await page.keyboard.press('Space');
    await expect(confirm).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
  });
}

for (const phone of PHONES) {
  test(`at ${phone.width}x${phone.height}, the certificate's View and Download are on the first screen of the dashboard`, async ({ page, request }) => {
    const c = await coveredCustomer(request);
    await page.setViewportSize(phone);
    await signIn(page, c.username, PASSWORD);
    await page.waitForURL('**/dashboard');
    const card = page.getByRole('article', { name: c.policy.policyNumber });
    const view = card.getByRole('button', { name: 'View Certificate' });
    const download = card.getByRole('button', { name: 'Download Certificate' });
    await expect(view).toBeVisible();
    await expect(download).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`dashboard-${phone.width}.png`) });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const button of [view, download]) {
      const box = (await button.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
    }

    // They are the certificate's own: the file the Policy Documents list gives.
    const file = page.waitForEvent('download');
    await download.click();
    expect((await file).suggestedFilename()).toBe(`${c.policy.policyNumber}_certificate.pdf`);
  });
}
