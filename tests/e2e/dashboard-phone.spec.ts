// The dashboard on a phone (docs/product.md#dashboard, #accepting-a-quote, #reporting-a-claim): a claim reported with
// no signal joins 'Your claims' once the outbox sends it, without a reload.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { claimMessages } from '../../src-server/contract/claim';
import { apiToken, confirmAddress, coverFor, createAccount, signIn, unique } from './fixtures';

const PASSWORD = 'e2e-phone-password';
const HOUR = 3_600_000;
const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
] as const;

// The outbox's own sending is what is tested: no service worker between the page and the server (its Background Sync
// would be a second way for the report to arrive).
test.use({ serviceWorkers: 'block' });

/** A customer with a confirmed address and one policy in force (what a customer who bought cover has). */
async function customerWithCover(request: APIRequestContext) {
  const username = unique('phone');
  const email = `${username.toLowerCase()}@example.test`;
  const id = await createAccount(request, { username, password: PASSWORD, email });
  await confirmAddress(request, { username, password: PASSWORD, email });
  const now = Date.now();
  const policy = await coverFor(request, id, { startAt: now - 24 * HOUR, endAt: now + 48 * HOUR, premium: '£64.50' });
  return { id, username, email, policyNumber: policy.policyNumber };
}

/** Marks the page, so a reload (which drops the mark) shows. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test('a claim reported offline joins "Your claims" once the outbox sends it, without a reload', async ({ page, context, request }) => {
  const c = await customerWithCover(request);
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
  await form.getByLabel('Policy').selectOption(c.policyNumber);
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
