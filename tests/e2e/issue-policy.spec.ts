// From quote request to cover in the console (docs/product.md#from-quote-to-cover): 'Send quote' records the
// price and e-mails it; 'Issue policy' opens the policy form filled in from the request, staff add the licence
// number, and the console says which account got the policy and whether it was invited; both actions are then
// disabled with the reason. The whole day from the visitor's side is the dashboard's browser test.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, openAdmin, search, tab, ukDate } from './admin-helpers';
import { confirmAddress, createAccount, db, latestLinkTo, unique } from './fixtures';
import { mailWithSubject, requestQuote, type SentQuote } from './quote-flow';

test.use({ serviceWorkers: 'block' });

/** Opens a quote request's dialog from the queue and answers it. */
async function openRequest(page: Page, lastName: string, quote: SentQuote) {
  await tab(page, 'Quote requests').click();
  await search(page, 'admin.quotes.list', lastName);
  const row = page.getByRole('row').filter({ hasText: quote.reference });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Open ${quote.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Quote request ${quote.reference}` });
  await expect(dialog).toBeVisible();
  return { row, dialog, actions: dialog.getByRole('region', { name: 'Quote and policy' }) };
}

/** '2026-11-23' as the policy form's date input holds it, and three days on. */
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('send a quote, then issue the policy to a new customer, who is invited', async ({ page }) => {
  const lastName = unique('Issue');
  const email = `${lastName.toLowerCase()}@example.test`;
  const quote = await requestQuote(page.request, { firstName: 'Iris', lastName, email });
  await openAdmin(page);
  const { dialog, actions } = await openRequest(page, lastName, quote);
  await expect(actions.getByText('No quote sent yet.')).toBeVisible();

  // Send quote: the field messages, then the price e-mailed.
  await actions.getByRole('button', { name: 'Send quote' }).click();
  const offer = page.getByRole('dialog', { name: `Send quote ${quote.reference}` });
  await expect(offer.getByLabel(/Valid for \(hours\)/)).toHaveValue('24');
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await offer.getByRole('button', { name: 'Send quote' }).click();
  await expect(offer.getByText('Enter the price in pounds')).toBeVisible();
  await offer.getByLabel(/^Price/).fill('64.50');
  await offer.getByRole('button', { name: 'Send quote' }).click();
  await expect(offer).toHaveCount(0);
  await expect(actions.getByRole('status')).toHaveText(`Quote of £64.50 sent to ${email}.`);
  await expect(actions.getByText(/^Quote sent: £64\.50, valid until /)).toBeVisible();
  const offerMail = await mailWithSubject(email, `Kerbside Cover: your quote ${quote.reference}, £64.50`);
  expect(offerMail.text).toContain('Price: £64.50 (insurance premium tax included)');

  // Issue policy: the form filled in from the request.
  await actions.getByRole('button', { name: 'Issue policy' }).click();
  const issue = page.getByRole('dialog', { name: `Issue policy from ${quote.reference}` });
  await expect(issue.getByLabel(/^User/)).toHaveCount(0);
  await expect(issue.getByLabel(/^Holder name/)).toHaveValue(`Iris ${lastName}`);
  await expect(issue.getByLabel(/^Driver name/)).toHaveValue(`Iris ${lastName}`);
  await expect(issue.getByLabel(/^Vehicle/)).toHaveValue('Car AB12 CDE');
  await expect(issue.getByLabel(/^Registration/)).toHaveValue('AB12 CDE');
  await expect(issue.getByLabel(/^Product/)).toHaveValue('temporary');
  await expect(issue.getByLabel(/^Premium/)).toHaveValue('64.50');
  await expect(issue.getByLabel(/^Start date/)).toHaveValue(quote.startDate);
  await expect(issue.getByLabel(/^Start time/)).toHaveValue('09:00 AM');
  await expect(issue.getByLabel(/^End date/)).toHaveValue(plusDays(quote.startDate, 3));
  await expect(issue.getByLabel(/^End time/)).toHaveValue('09:00 AM');
  await expect(issue.getByLabel(/^Status/)).toHaveValue('active');
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await issue.getByRole('button', { name: 'Issue policy' }).click();
  await expect(issue.getByText('Licence number is required')).toBeVisible();
  await issue.getByLabel(/^Licence number/).fill('IRIS0001E2E');
  const issued = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/trpc/admin.quotes.issuePolicy');
  await issue.getByRole('button', { name: 'Issue policy' }).click();
  expect((await issued).status()).toBe(200);
  await expect(issue).toHaveCount(0);

  const policyNumber = String((await db().execute({ sql: 'select p.policy_number n from quote_requests q join policies p on p.id = q.policy_id where q.id = ?', args: [quote.id] })).rows[0]!['n']);
  const username = `iris.${lastName.toLowerCase()}`;
  await expect(actions.getByRole('status')).toHaveText(
    `Policy ${policyNumber} issued to a new account, ${username} (${email}). An invitation to set a password was e-mailed, with the policy documents.`,
  );
  // The request is now closed with its policy: both actions say why they are off.
  await expect(actions.getByText(`Policy ${policyNumber} was issued from this request.`)).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Send quote' })).toBeDisabled();
  await expect(actions.getByRole('button', { name: 'Issue policy' })).toBeDisabled();

  // The e-mails: an invitation and the documents with the certificate.
  await mailWithSubject(email, 'Set your password for Kerbside Cover');
  expect((await latestLinkTo(email, '/welcome')).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const documents = await mailWithSubject(email, `Kerbside Cover: your policy documents, ${policyNumber}`);
  expect(JSON.parse(documents.attachments ?? '[]')).toEqual([expect.objectContaining({ filename: `${policyNumber}_certificate.pdf`, contentType: 'application/pdf' })]);

  // Closed in the queue, and the policy and account are listed at once.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await tab(page, 'Policies').click();
  await search(page, 'admin.policies.list', policyNumber);
  await expect(page.getByRole('row').filter({ hasText: policyNumber })).toContainText(username);
  await tab(page, 'Users').click();
  await search(page, 'admin.users.list', email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(username);
});

test('an existing account that confirmed its address, matched by e-mail in any case, gets the policy and no invitation', async ({ page }) => {
  const username = unique('held');
  const email = `${username}@example.test`;
  await createAccount(page.request, { username, password: 'e2e-existing-password', email });
  await confirmAddress(page.request, { username, password: 'e2e-existing-password', email });
  const lastName = unique('Existing');
  const quote = await requestQuote(page.request, { firstName: 'Ezra', lastName, email: email.toUpperCase() });
  await openAdmin(page);
  const { actions } = await openRequest(page, lastName, quote);
  await actions.getByRole('button', { name: 'Issue policy' }).click();
  const issue = page.getByRole('dialog', { name: `Issue policy from ${quote.reference}` });
  await expect(issue.getByLabel(/^Premium/)).toHaveValue('');
  await issue.getByLabel(/^Licence number/).fill('EZRA0001E2E');
  await issue.getByLabel(/^Start date/).fill(ukDate(2));
  await issue.getByRole('button', { name: 'Issue policy' }).click();
  await expect(issue).toHaveCount(0);
  await expect(actions.getByRole('status')).toContainText(`issued to the existing account ${username} (${email}). No invitation was needed; the policy documents were e-mailed.`);
  const subjects = (await db().execute({ sql: 'select subject from mail_outbox where lower(to_address) = lower(?)', args: [email] })).rows.map((r) => String(r['subject']));
  expect(subjects.some((s) => s.startsWith('Kerbside Cover: your policy documents, '))).toBe(true);
  // The one invitation is the one staff's making the account sent (docs/product.md#welcome): issuing sent none.
  expect(subjects.filter((s) => s === 'Set your password for Kerbside Cover')).toHaveLength(1);
});

test('a request closed by hand offers neither action, and says so', async ({ page }) => {
  const lastName = unique('Closed');
  const quote = await requestQuote(page.request, { firstName: 'Cleo', lastName, email: `${lastName.toLowerCase()}@example.test` });
  await db().execute({ sql: "update quote_requests set status = 'closed' where id = ?", args: [quote.id] });
  await openAdmin(page);
  const { actions } = await openRequest(page, lastName, quote);
  await expect(actions.getByText('This request is closed.')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Send quote' })).toBeDisabled();
  await expect(actions.getByRole('button', { name: 'Issue policy' })).toBeDisabled();
});
