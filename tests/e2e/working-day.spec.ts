// The broker's working day, end to end in the browser (docs/product.md#quote-wizard, #staff-queues,
// #from-quote-to-cover): a visitor asks for a learner quote; staff open it in the queue, add a note, send a
// quote of £64.50 and issue the policy without retyping; the invitation link sets a password; the customer
// signs in with their e-mail address and sees the policy, its certificate and where their request stands.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { validLearner, validLearnerVehicle, validPersonal } from '../fixtures/quote';
import { listAnswered, tab } from './admin-helpers';
import { db, fillFields, latestLinkTo, OWNER, signIn, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });
// Three people's screens in one test: more time than one page needs.
test.setTimeout(120_000);

/** Tomorrow's UK date, as the wizard's day / month / year selects take it. */
function ukTomorrow(): { day: string; month: string; year: string; iso: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.now() + 86_400_000))
      .map((p) => [p.type, p.value]),
  );
  return { day: String(Number(parts['day'])), month: String(Number(parts['month'])), year: parts['year']!, iso: `${parts['year']}-${parts['month']}-${parts['day']}` };
}

/** A date of birth making the driver about 30 today. */
const bornThirtyYearsAgo = () => `${new Date().getFullYear() - 30}-03-14`;

async function mailTo(to: string, subjectLike: string): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 50; i++) {
    const rs = await db().execute({ sql: 'select subject, text_body from mail_outbox where to_address = ? and subject like ? order by id desc limit 1', args: [to, subjectLike] });
    const row = rs.rows[0];
    if (row) return { subject: String(row['subject']), text: String(row['text_body']) };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} like ${subjectLike}`);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  page.on('dialog', (d) => {
    throw new Error(`unexpected browser dialog: ${d.message()}`);
  });
  return page;
}

test('a quote request becomes an offer, a policy, an account and documents without retyping', async ({ browser }) => {
  const lastName = unique('Daye');
  const email = `${lastName.toLowerCase()}@example.test`;
  const start = ukTomorrow();

  // 1. The visitor asks for two weeks of learner cover from 09:00 tomorrow; a driving conviction refers it to staff
  // (docs/product.md#instant-prices), whose day this is.
  const visitor = await newPage(browser);
  await visitor.goto('/request-quote-step1');
  await fillFields(visitor, { ...validPersonal, ...validLearner, firstName: 'Amelia', lastName, email, dateOfBirth: bornThirtyYearsAgo() });
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor).toHaveURL(/step2$/);
  await fillFields(visitor, {
    ...validLearnerVehicle,
    drivingConvictions: 'Yes',
    regNumber: 'LD24 XYZ',
    policyStartDay: start.day,
    policyStartMonth: start.month,
    policyStartYear: start.year,
    policyStartTime: '09:00',
    durationValue: '2',
    durationUnit: 'weeks',
  });
  await visitor.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(visitor).toHaveURL(/\/request-quote-step3\?reference=QR-/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'A specialist will look at this' })).toBeVisible();
  const reference = new URL(visitor.url()).searchParams.get('reference')!;
  await visitor.context().close();

  // 2. Staff find it in the queue, add a note, send a quote and issue the policy.
  const staff = await newPage(browser);
  await signIn(staff, OWNER.username, OWNER.password);
  await staff.waitForURL('**/admin');
  await tab(staff, 'Quote requests').click();
  const answered = listAnswered(staff, 'admin.quotes.list', reference);
  await staff.getByPlaceholder('Search users, policies, or logs...').fill(reference);
  await answered;
  await staff.getByRole('button', { name: `Open ${reference}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Quote request ${reference}` });
  await expect(dialog).toContainText('Learner driver cover');
  await expect(dialog).toContainText('2 weeks');

  await dialog.getByLabel('Add a note').fill('Called Amelia: wants two weeks to practise before her test.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByRole('list', { name: 'Notes, newest first' })).toContainText('wants two weeks to practise');

  await dialog.getByRole('button', { name: 'Send quote' }).click();
  const offer = staff.getByRole('dialog', { name: `Send quote ${reference}` });
  await offer.getByLabel('Price').fill('64.50');
  await offer.getByRole('button', { name: 'Send quote' }).click();
  await expect(dialog).toContainText(`Quote of £64.50 sent to ${email}.`);
  expect((await mailTo(email, '%quote%')).text).toContain('£64.50');

  // The visitor has no account yet: they accept on the phone, and staff record it (docs/product.md#accepting-a-quote).
  await expect(dialog).toContainText('Not accepted yet.');
  await expect(dialog.getByRole('button', { name: 'Issue policy' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /the customer agreed that the answers in this request/ }).check();
  await dialog.getByRole('button', { name: 'Record acceptance (by phone)' }).click();
  await expect(dialog).toContainText('Acceptance recorded.');
  await expect(dialog).toContainText(`Accepted by phone, recorded by ${OWNER.username}`);

  await dialog.getByRole('button', { name: 'Issue policy' }).click();
  const issue = staff.getByRole('dialog', { name: `Issue policy from ${reference}` });
  // Filled in from the request, the real vehicle and the licence number included: staff check it.
  await expect(issue.locator('input[name="holderName"]')).toHaveValue(`Amelia ${lastName}`);
  await expect(issue.locator('input[name="carModel"]')).toHaveValue('Ford Fiesta 1.0 Zetec');
  await expect(issue.locator('input[name="licenseNumber"]')).toHaveValue(validPersonal.licenceNumber);
  await expect(issue.locator('input[name="registration"]')).toHaveValue('LD24 XYZ');
  await expect(issue.locator('[name="product"]')).toHaveValue('learner');
  await expect(issue.locator('input[name="startDate"]')).toHaveValue(start.iso);
  await issue.locator('input[name="licenseNumber"]').fill('DAYEA901019AB9CD');
  await issue.getByRole('button', { name: 'Issue policy' }).click();
  await expect(dialog).toContainText(/Policy KC-[0-9A-Z]{10} issued to a new account/);
  const policyNumber = /Policy (KC-[0-9A-Z]{10})/.exec((await dialog.textContent()) ?? '')![1]!;
  await expect(dialog.getByRole('button', { name: 'Issue policy' })).toBeDisabled();
  const stored = await db().execute({ sql: 'select status from quote_requests where reference = ?', args: [reference] });
  expect(stored.rows[0]!['status']).toBe('closed');

  // Pending until paid: staff take the card on the phone and record the payment in the policy's dialog.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await tab(staff, 'Policies').click();
  const listed = listAnswered(staff, 'admin.policies.list', policyNumber);
  await staff.getByPlaceholder('Search users, policies, or logs...').fill(policyNumber);
  await listed;
  const row = staff.getByRole('row').filter({ hasText: policyNumber });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Edit policy ${policyNumber}` }).click();
  const edit = staff.getByRole('dialog', { name: 'Edit Policy' });
  const payments = edit.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('£0.00 paid of £64.50: £64.50 to pay');
  await expect(payments).toContainText('We never take card numbers here');
  await payments.locator('input[name="amount"]').fill('£0');
  await payments.getByRole('button', { name: 'Record payment' }).click();
  await expect(payments).toContainText('Enter an amount above £0.00');
  await payments.locator('input[name="amount"]').fill('64.50');
  await payments.locator('select[name="method"]').selectOption('card-by-phone');
  await payments.locator('input[name="reference"]').fill('TERM-0042');
  await payments.getByRole('button', { name: 'Record payment' }).click();
  await expect(payments).toContainText(`Paid in full: policy ${policyNumber} is now Active`);
  await expect(payments).toContainText('(ref TERM-0042)');
  await expect(row).toContainText(/Active|Starts/);
  await staff.context().close();

  // 3. The customer: the invitation sets a password once and signs them in.
  await mailTo(email, 'Set your password%');
  const link = await latestLinkTo(email, '/welcome');
  const documents = await mailTo(email, '%policy documents%');
  expect(documents.subject).toContain(policyNumber);
  expect((await mailTo(email, '%cover is confirmed%')).subject).toContain(policyNumber);

  const customer = await newPage(browser);
  await customer.goto(link.pathname + link.search);
  await customer.getByLabel('New password', { exact: true }).fill('amelia-drives-2026');
  await customer.getByLabel('Confirm new password').fill('amelia-drives-2026');
  await customer.getByRole('button', { name: /password/i }).click();
  await expect(customer).toHaveURL(/\/dashboard$/);
  await expect(customer.getByRole('article')).toContainText(policyNumber);

  // 4. Signed out and in again with the e-mail address, any case: the policy, its certificate, the request.
  await customer.getByRole('button', { name: 'Logout' }).click();
  await expect(customer).toHaveURL(/\/login$/);
  await signIn(customer, email.toUpperCase(), 'amelia-drives-2026');
  await expect(customer).toHaveURL(/\/dashboard$/);
  const card = customer.getByRole('article');
  await expect(card).toContainText(policyNumber);
  await expect(card).toContainText('LD24 XYZ');
  await expect(card.getByText('Status:').locator('..')).toHaveText('Status: Starts soon');
  const documentsSection = customer.getByRole('region', { name: 'Policy Documents' });
  const download = customer.waitForEvent('download');
  await documentsSection.getByRole('button', { name: 'Download Certificate' }).click();
  expect((await download).suggestedFilename()).toBe(`${policyNumber}_certificate.pdf`);
  const requests = customer.getByRole('region', { name: 'Your quote requests' });
  await expect(requests).toContainText(reference);
  await expect(requests).toContainText(`Policy ${policyNumber} issued`);

  // The invitation was single use.
  await customer.goto(link.pathname + link.search);
  await customer.getByLabel('New password', { exact: true }).fill('someone-else-2026');
  await customer.getByLabel('Confirm new password').fill('someone-else-2026');
  await customer.getByRole('button', { name: /password/i }).click();
  await expect(customer.getByRole('alert')).toBeVisible();
});
