// From quote request to cover in the console (docs/product.md#from-quote-to-cover): 'Send quote' records the
// price and e-mails it; 'Issue policy' waits for an acceptance (recorded by phone, or given by the customer in their
// dashboard with the Statement of Fact), then opens the policy form filled in from the request, staff add the licence
// number, and the console says which account got the policy and whether it was invited; both actions are then
// disabled with the reason. The policy is pending until staff record the payment that covers it, which makes it
// Active (docs/product.md#payments). The whole day from the visitor's side is the working day's browser test.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, openAdmin, search, tab } from './admin-helpers';
import { confirmAddress, createAccount, db, latestLinkTo, ownerHeaders, signIn, unique } from './fixtures';
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
  // A driving conviction refers the request to staff (docs/product.md#instant-prices): no price is sent yet.
  const quote = await requestQuote(page.request, { firstName: 'Iris', lastName, email }, { drivingConvictions: 'Yes' });
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

  // Not accepted yet: Issue policy waits, and says why; the customer accepts on the phone.
  await expect(actions.getByText('Not accepted yet.')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Issue policy' })).toBeDisabled();
  await expect(actions.getByText(/^The customer has not accepted this quote yet/)).toBeVisible();
  await actions.getByRole('checkbox', { name: /the customer agreed that the answers in this request/ }).check();
  await actions.getByRole('button', { name: 'Record acceptance (by phone)' }).click();
  await expect(actions.getByText(/^Accepted by phone, recorded by /)).toBeVisible();

  // Issue policy: the form filled in from the request.
  await actions.getByRole('button', { name: 'Issue policy' }).click();
  const issue = page.getByRole('dialog', { name: `Issue policy from ${quote.reference}` });
  await expect(issue.getByLabel(/^User/)).toHaveCount(0);
  await expect(issue.getByLabel(/^Holder name/)).toHaveValue(`Iris ${lastName}`);
  await expect(issue.getByLabel(/^Driver name/)).toHaveValue(`Iris ${lastName}`);
  // The vehicle as the wizard asked it (make and model), not its type and registration.
  await expect(issue.getByLabel(/^Vehicle/)).toHaveValue('Ford Fiesta 1.0 Zetec');
  await expect(issue.getByLabel(/^Registration/)).toHaveValue('AB12 CDE');
  await expect(issue.getByLabel(/^Product/)).toHaveValue('temporary');
  await expect(issue.getByLabel(/^Premium/)).toHaveValue('64.50');
  await expect(issue.getByLabel(/^Start date/)).toHaveValue(quote.startDate);
  await expect(issue.getByLabel(/^Start time/)).toHaveValue('09:00 AM');
  await expect(issue.getByLabel(/^End date/)).toHaveValue(plusDays(quote.startDate, 3));
  await expect(issue.getByLabel(/^End time/)).toHaveValue('09:00 AM');
  // No status to choose: pending until paid.
  await expect(issue.getByLabel(/^Status/)).toHaveCount(0);
  await expect(issue.getByText('Pending, until payments cover the premium')).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  // The licence number the customer gave is filled in; staff may correct it, never leave it empty.
  const licence = issue.getByLabel(/^Licence number/);
  await expect(licence).not.toHaveValue('');
  await licence.fill('');
  await issue.getByRole('button', { name: 'Issue policy' }).click();
  await expect(issue.getByText('Licence number is required')).toBeVisible();
  await licence.fill('IRIS0001E2E');
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

  // The e-mails: an invitation and the documents of pending cover: no certificate until it is paid.
  await mailWithSubject(email, 'Set your password for Kerbside Cover');
  expect((await latestLinkTo(email, '/welcome')).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const documents = await mailWithSubject(email, `Kerbside Cover: your policy documents, ${policyNumber}`);
  expect(JSON.parse(documents.attachments ?? '[]')).toEqual(
    ['schedule', 'statement-of-fact', 'summary'].map((kind) => expect.objectContaining({ filename: `${policyNumber}_${kind}.pdf`, contentType: 'application/pdf' })),
  );
  expect(documents.text).toContain('Your cover is awaiting confirmation');

  // Closed in the queue, and the policy and account are listed at once.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await tab(page, 'Policies').click();
  await search(page, 'admin.policies.list', policyNumber);
  await expect(page.getByRole('row').filter({ hasText: policyNumber })).toContainText(username);
  await expect(page.getByRole('row').filter({ hasText: policyNumber })).toContainText('Pending');
  await tab(page, 'Users').click();
  await search(page, 'admin.users.list', email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(username);
});

test('the customer accepts in their dashboard; staff issue the policy and record the payment that makes it Active', async ({ browser, page, request }) => {
  const username = unique('held');
  const email = `${username}@example.test`;
  const password = 'e2e-existing-password';
  await createAccount(request, { username, password, email });
  await confirmAddress(request, { username, password, email });
  const lastName = unique('Accepts');
  const quote = await requestQuote(request, { firstName: 'Ezra', lastName, email: email.toUpperCase() });
  const offer = await request.post(`/api/admin/quotes/${quote.id}/offer`, { headers: await ownerHeaders(request), data: { premium: '72.00', validHours: 6 } });
  expect(offer.status(), await offer.text()).toBe(200);

  // The customer: the price with the time left on it, and 'Accept quote'.
  const customerContext = await browser.newContext({ serviceWorkers: 'block' });
  const customer = await customerContext.newPage();
  await signIn(customer, username, password);
  await expect(customer).toHaveURL(/\/dashboard$/);
  const requests = customer.getByRole('region', { name: 'Your quote requests' });
  await expect(requests).toContainText(/Quote: £72\.00\. Price valid for (5 h 5\d min|6 h)/);
  await requests.getByRole('button', { name: `Accept quote ${quote.reference}` }).click();
  const dialog = customer.getByRole('dialog', { name: `Accept quote ${quote.reference}` });
  await expect(dialog).toContainText('Price: £72.00');
  const facts = dialog.getByRole('definition');
  await expect(dialog.getByRole('heading', { name: 'Statement of Fact' })).toBeVisible();
  await expect(facts.filter({ hasText: lastName })).toHaveCount(1);
  await expect(dialog).toContainText('AB12 CDE');
  expect(await axeViolations(customer, 'dialog')).toEqual([]);
  // The confirmation is needed.
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Confirm that your answers are true and complete');
  await dialog.locator('input[name="confirm"]').check();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toContainText('Thank you: you have accepted this quote.');
  await expect(dialog).toContainText('We will call you to take payment by phone');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(requests).toContainText('You accepted this quote of £72.00');
  await expect(requests.getByRole('button', { name: `Accept quote ${quote.reference}` })).toHaveCount(0);

  // Staff: accepted online; issue (the existing account, no invitation), then the payment in the policy's dialog.
  await openAdmin(page);
  const { dialog: requestDialog, actions } = await openRequest(page, lastName, quote);
  await expect(actions.getByText(`Accepted online by ${username}`, { exact: false })).toBeVisible();
  await actions.getByRole('button', { name: 'Issue policy' }).click();
  const issue = page.getByRole('dialog', { name: `Issue policy from ${quote.reference}` });
  await expect(issue.getByLabel(/^Premium/)).toHaveValue('72.00');
  await issue.getByLabel(/^Licence number/).fill('EZRA0001E2E');
  await issue.getByRole('button', { name: 'Issue policy' }).click();
  await expect(issue).toHaveCount(0);
  await expect(actions.getByRole('status')).toContainText(`issued to the existing account ${username} (${email}). No invitation was needed; the policy documents were e-mailed.`);
  const subjects = (await db().execute({ sql: 'select subject from mail_outbox where lower(to_address) = lower(?)', args: [email] })).rows.map((r) => String(r['subject']));
  expect(subjects.some((s) => s.startsWith('Kerbside Cover: your policy documents, '))).toBe(true);
  // The one invitation is the one staff's making the account sent (docs/product.md#welcome): issuing sent none.
  expect(subjects.filter((s) => s === 'Set your password for Kerbside Cover')).toHaveLength(1);
  const policyNumber = String((await db().execute({ sql: 'select p.policy_number n from quote_requests q join policies p on p.id = q.policy_id where q.id = ?', args: [quote.id] })).rows[0]!['n']);
  await requestDialog.getByRole('button', { name: 'Close' }).first().click();

  await tab(page, 'Policies').click();
  await search(page, 'admin.policies.list', policyNumber);
  const row = page.getByRole('row').filter({ hasText: policyNumber });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Edit policy ${policyNumber}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Policy' });
  // The edit form cannot make it Active before it is paid.
  await edit.locator('select[name="status"]').selectOption('active');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toContainText('This policy was issued from a quote and becomes active only once payments cover its premium');
  await edit.locator('select[name="status"]').selectOption('pending');
  const payments = edit.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('We never take card numbers here');
  await payments.locator('input[name="amount"]').fill('£100,000.01');
  await payments.getByRole('button', { name: 'Record payment' }).click();
  await expect(payments).toContainText('Enter an amount up to £100,000');
  await payments.locator('input[name="amount"]').fill('40');
  await payments.locator('input[name="reference"]').fill('TERM-1');
  await payments.getByRole('button', { name: 'Record payment' }).click();
  await expect(payments).toContainText('£40.00 paid of £72.00: £32.00 to pay');
  await expect(row).toContainText('Pending');
  await payments.locator('input[name="amount"]').fill('32');
  await payments.locator('select[name="method"]').selectOption('bank-transfer');
  await payments.getByRole('button', { name: 'Record payment' }).click();
  await expect(payments).toContainText(`Paid in full: policy ${policyNumber} is now Active`);
  await expect(payments.getByRole('list', { name: 'Payments, newest first' }).getByRole('listitem')).toHaveCount(2);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  // The list behind the dialog is refreshed: the policy is in force (starting tomorrow).
  await expect(row).not.toContainText('Pending');
  const confirmation = await mailWithSubject(email, `Kerbside Cover: your cover is confirmed, ${policyNumber}`);
  expect(JSON.parse(confirmation.attachments ?? '[]')).toEqual(
    ['certificate', 'schedule', 'statement-of-fact', 'summary'].map((kind) => expect.objectContaining({ filename: `${policyNumber}_${kind}.pdf` })),
  );
  await customerContext.close();
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
