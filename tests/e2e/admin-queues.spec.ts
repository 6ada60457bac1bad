// The staff queues of the console (docs/product.md#staff-queues): quote and callback requests listed at
// /admin/quotes and /admin/callbacks by when the 24-hour promise falls due, with 'Due in' / 'Overdue by', the
// assignee and a status filter kept in the URL; opened in a compact dialog (each fact once, tap-to-call and
// mailto links), assigned, moved on and annotated, every change written to the audit log; and the overview's
// new and overdue counts linking to the filtered queues.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, openAdmin, ownerHeaders, search, searchBox, tab } from './admin-helpers';
import { createAccount, db, failProcedure, OWNER, sceneAddress, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

const HOUR = 3_600_000;

/** Types a search and waits for the queue's debounced request to be answered. */
const searchQueue = (page: Page, queue: 'quotes' | 'callbacks', text: string) => search(page, `admin.${queue}.list`, text);

/**
 * A quote request as the wizard stores it, made `agoMs` before now, due (`due_at`) 24 hours after it came in (as the
 * requests from before due-by-need were backfilled; the rule itself is tested on the server) unless `dueAt` is given.
 */
async function insertQuote(lastName: string, agoMs = 0, dueAt?: number, startAt = Date.UTC(2026, 6, 10, 8, 0)): Promise<{ reference: string; id: number }> {
  const reference = `QR-${unique('').toUpperCase().slice(-8)}`;
  const at = Date.now() - agoMs;
  const details = {
    product: 'learner',
    firstName: 'Quinn',
    lastName,
    email: `${lastName.toLowerCase()}@example.test`,
    phone: '07700 900123',
    dateOfBirth: '1990-03-12',
    address: '1 High Street, London',
    postcode: 'SW1A 1AA',
    vehicleType: 'car',
    regNumber: 'AB12 CDE',
    policyStartDay: 10,
    policyStartMonth: 7,
    policyStartYear: 2026,
    policyStartTime: '09:00',
    durationValue: 3,
    durationUnit: 'weeks',
  };
  const rs = await db().execute({
    sql: `insert into quote_requests (reference, status, first_name, last_name, email, phone, postcode, details, fingerprint, product, requested_start_at, duration_value, duration_unit, due_at, created_at, updated_at)
          values (?, 'new', 'Quinn', ?, ?, '07700 900123', 'SW1A 1AA', ?, ?, 'learner', ?, 3, 'weeks', ?, ?, ?) returning id`,
    args: [reference, lastName, details.email, JSON.stringify(details), `fp-${reference}`, startAt, dueAt ?? at + 24 * HOUR, at, at],
  });
  return { reference, id: Number(rs.rows[0]!['id']) };
}

async function auditHas(request: APIRequestContext, text: string, username = OWNER.username): Promise<boolean> {
  const res = await request.get(`/api/admin/logs?limit=10&offset=0&search=${encodeURIComponent(text)}`, { headers: await ownerHeaders(request) });
  expect(res.status()).toBe(200);
  const logs = (await res.json()) as { action: string; username: string | null }[];
  return logs.some((l) => l.action.includes(text) && l.username === username);
}

/** Whole years from 12 March 1990 to today in the UK. */
function ageToday(): number {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()).split('-').map(Number) as [number, number, number];
  return y - 1990 - (m < 3 || (m === 3 && d < 12) ? 1 : 0);
}

test('quote requests: listed, searched, opened compactly with each fact once, status saved and logged', async ({ page, request }) => {
  const lastName = unique('Quote');
  const { reference } = await insertQuote(lastName);
  await openAdmin(page);
  await tab(page, 'Quote requests').click();
  await expect(page).toHaveURL(/\/admin\/quotes$/);
  await expect(tab(page, 'Quote requests')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Quote requests' })).toBeVisible();
  for (const column of ['Product', 'Cover starts (UK time)', 'Created (UK time)', 'Due', 'Assigned to']) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();

  await searchQueue(page, 'quotes', lastName);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText(`Quinn ${lastName}`);
  await expect(row).toContainText('new');
  await expect(row).toContainText(/Due in 2[34] h/);
  await expect(row).toContainText('Learner driver cover');
  await expect(row).toContainText('10 Jul 2026');
  await expect(row).toContainText('Nobody');
  await expect(row.getByRole('link', { name: '07700 900123' })).toHaveAttribute('href', 'tel:07700900123');

  await row.getByRole('button', { name: `Open ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Quote request ${reference}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`12 Mar 1990 (age ${ageToday()})`)).toBeVisible();
  await expect(dialog.getByText('Learner driver cover')).toBeVisible();
  await expect(dialog.getByText('Fri 10 Jul 2026, 09:00 AM BST')).toBeVisible();
  await expect(dialog.getByText('3 weeks')).toBeVisible();
  await expect(dialog.getByRole('link', { name: '07700 900123' })).toHaveAttribute('href', 'tel:07700900123');
  await expect(dialog.getByRole('link', { name: `${lastName.toLowerCase()}@example.test` })).toHaveAttribute('href', `mailto:${lastName.toLowerCase()}@example.test`);
  // Each fact once: the postcode, the name and the start are not repeated among the other answers.
  await expect(dialog.getByText('SW1A 1AA', { exact: true })).toHaveCount(1);
  await expect(dialog.getByText('Policy start day')).toHaveCount(0);
  await expect(dialog.getByText('Cover length unit')).toHaveCount(0);
  await expect(dialog.getByText('Registration number')).toBeVisible();
  await expect(dialog.getByText('AB12 CDE')).toBeVisible();
  await expect(dialog.getByText('No notes yet.')).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  await dialog.getByLabel('Status', { exact: true }).selectOption('contacted');
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/trpc/admin.quotes.update');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Request updated' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('contacted');
  // The opened request is read again, not shown from before the change.
  await row.getByRole('button', { name: `Open ${reference}` }).click();
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('contacted');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const rs = await db().execute({ sql: 'select status from quote_requests where reference = ?', args: [reference] });
  expect(rs.rows[0]?.['status']).toBe('contacted');
  expect(await auditHas(request, `Quote request ${reference}: status new -> contacted`)).toBe(true);
});

test('callback requests: listed, searched, opened, status saved and logged; a failed save shows the banner', async ({ page, request }) => {
  const name = unique('Callback');
  const email = `${name.toLowerCase()}@example.test`;
  const res = await request.post('/api/callbacks', { headers: sceneAddress(), data: { name, email, phone: '07700 900456', reasonForContact: 'quotes' } });
  expect(res.status(), await res.text()).toBe(201);
  const { reference } = (await res.json()) as { reference: string };

  await openAdmin(page);
  await tab(page, 'Callback requests').click();
  await expect(page).toHaveURL(/\/admin\/callbacks$/);
  await expect(page.getByText(/\d+ total requests/)).toBeVisible();
  await searchQueue(page, 'callbacks', name);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await expect(row).toContainText('new');

  await row.getByRole('button', { name: `Open ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Callback request ${reference}` });
  await expect(dialog.getByText('Reason for contact')).toBeVisible();
  await expect(dialog.getByText('Quotes', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Any time')).toBeVisible();
  await expect(dialog.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('new');

  // A refused save keeps the dialog open with the action-failure banner.
  await failProcedure(page, 'admin.callbacks.update', { message: 'Something went wrong on our side.' });
  await dialog.getByLabel('Status', { exact: true }).selectOption('contacted');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Update Request Failed' })).toContainText('Something went wrong on our side.');

  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Request updated' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('contacted');

  // The Logs tab shows the entry too (the search term goes along).
  await tab(page, 'Logs').click();
  await searchBox(page).fill(reference);
  await expect(page.getByText(`Callback request ${reference}: status new -> contacted`)).toBeVisible();
  expect(await auditHas(request, `Callback request ${reference}: status new -> contacted`)).toBe(true);
});

test('a queue is paged by 10 with Page X of Y', async ({ page }) => {
  const lastName = unique('Paged');
  for (let i = 0; i < 11; i++) await insertQuote(lastName);
  await openAdmin(page);
  await tab(page, 'Quote requests').click();
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

test('unsaved changes or an unsent note ask "Discard changes?" before the request closes', async ({ page }) => {
  const lastName = unique('Unsaved');
  const { reference } = await insertQuote(lastName);
  await openAdmin(page);
  await tab(page, 'Quote requests').click();
  await searchQueue(page, 'quotes', lastName);
  const open = page.getByRole('button', { name: `Open ${reference}` });
  const dialog = page.getByRole('dialog', { name: `Quote request ${reference}` });
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  const status = dialog.getByLabel('Status', { exact: true });

  // Nothing chosen: Escape closes at once.
  await open.click();
  await expect(status).toHaveValue('new');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(ask).toHaveCount(0);

  await open.click();
  await status.focus();
  await status.selectOption('quoted');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  expect(await axeViolations(page, '[role="alertdialog"]')).toEqual([]);
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(status).toHaveValue('quoted');
  await expect(status).toBeFocused();
  // Back to the stored status: no change, nothing to ask.
  await status.selectOption('new');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(ask).toHaveCount(0);

  // A note typed and not added counts as a change too.
  await open.click();
  await dialog.getByLabel('Add a note').fill('Half a thought');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Add a note')).toHaveValue('Half a thought');
  await dialog.getByLabel('Add a note').fill('');

  await dialog.getByLabel('Assigned to').selectOption({ label: OWNER.username });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  const rs = await db().execute({ sql: 'select status, assignee_id from quote_requests where reference = ?', args: [reference] });
  expect(rs.rows[0]).toMatchObject({ status: 'new', assignee_id: null });
});

test("a staff member's day: the overview's counts lead to the overdue queue, they take a request, note the call and filter by status", async ({ page, request }) => {
  const staff = unique('queuestaff').toLowerCase();
  const password = 'queue-staff-password-1';
  const staffId = await createAccount(request, { username: staff, password, isAdmin: true });
  const lastName = unique('Day');
  const late = await insertQuote(lastName, 30 * HOUR);
  const fresh = await insertQuote(lastName, HOUR);
  const cbRes = await request.post('/api/callbacks', { headers: sceneAddress(), data: { name: `${lastName} Caller`, email: `${lastName.toLowerCase()}.cb@example.test`, phone: '07700 900789', reasonForContact: 'policies' } });
  expect(cbRes.status()).toBe(201);

  const apiCounts = async () => {
    const res = await request.get('/api/admin/stats/queues', { headers: await ownerHeaders(request) });
    expect(res.status()).toBe(200);
    return (await res.json()) as { quotes: { new: number; overdue: number }; callbacks: { new: number; overdue: number } };
  };
  const counts = await apiCounts();
  expect(counts.quotes.overdue).toBeGreaterThanOrEqual(1);

  // The overview: how many are new and overdue in each queue, each a link to that queue filtered so.
  await openAdmin(page, staff, password);
  await expect(page.getByRole('heading', { name: 'Requests waiting' })).toBeVisible();
  const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  await expect(page.getByTestId('quotes-new')).toHaveText(plural(counts.quotes.new, 'new quote request'));
  await expect(page.getByTestId('quotes-overdue')).toHaveText(plural(counts.quotes.overdue, 'overdue quote request'));
  await expect(page.getByTestId('callbacks-new')).toHaveText(plural(counts.callbacks.new, 'new callback request'));
  await expect(page.getByTestId('callbacks-overdue')).toHaveText(plural(counts.callbacks.overdue, 'overdue callback request'));
  expect(await axeViolations(page)).toEqual([]);

  await page.getByTestId('quotes-overdue').click();
  await expect(page).toHaveURL(/\/admin\/quotes\?status=overdue$/);
  await expect(page.getByLabel('Show')).toHaveValue('overdue');
  await searchQueue(page, 'quotes', lastName);
  await expect(page).toHaveURL(/status=overdue/);
  const lateRow = page.getByRole('row').filter({ hasText: late.reference });
  await expect(lateRow).toContainText(/Overdue by 6 h/);
  await expect(page.getByRole('row').filter({ hasText: fresh.reference })).toHaveCount(0);

  // All requests: the overdue one first, then the one still due, saying how long is left.
  await page.getByLabel('Show').selectOption('');
  await expect(page).not.toHaveURL(/status=/);
  const freshRow = page.getByRole('row').filter({ hasText: fresh.reference });
  await expect(freshRow).toContainText(/Due in 2[23] h/);
  await expect(page.getByRole('row').nth(1)).toContainText(late.reference);
  await expect(page.getByRole('row').nth(2)).toContainText(fresh.reference);
  expect(await axeViolations(page)).toEqual([]);

  // They take the overdue one.
  await lateRow.getByRole('button', { name: `Open ${late.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Quote request ${late.reference}` });
  await expect(dialog.getByLabel('The request')).toContainText(/Overdue by 6 h/);
  await dialog.getByLabel('Assigned to').selectOption({ label: staff });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Request updated' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(lateRow).toContainText(staff);
  expect((await db().execute({ sql: 'select assignee_id from quote_requests where id = ?', args: [late.id] })).rows[0]?.['assignee_id']).toBe(staffId);
  expect(await auditHas(request, `Quote request ${late.reference}: assignee none -> ${staff}`, staff)).toBe(true);

  // They note the call: line breaks kept, who and when shown, newest first.
  await lateRow.getByRole('button', { name: `Open ${late.reference}` }).click();
  await expect(dialog.getByLabel('Assigned to')).toHaveValue(String(staffId));
  const noteBox = dialog.getByLabel('Add a note');
  await noteBox.fill('Called, no answer.\nTry again at 3pm.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note added' })).toBeVisible();
  await expect(noteBox).toHaveValue('');
  const notes = dialog.getByRole('list', { name: 'Notes, newest first' }).getByRole('listitem');
  await expect(notes).toHaveCount(1);
  await expect(notes.first()).toContainText(staff);
  await expect(notes.first()).toContainText('Called, no answer.\nTry again at 3pm.', { useInnerText: true });
  await noteBox.fill('Spoke to Quinn: wants cover from Friday.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toContainText('wants cover from Friday');
  // A control character is refused by the field, before anything is sent.
  await noteBox.fill('bell\u0007');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByText('Note must not contain control characters (line breaks are fine)')).toBeVisible();
  await noteBox.fill('');
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByLabel('Status', { exact: true }).selectOption('contacted');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);
  const stored = await db().execute({ sql: "select author_username, text from request_notes where request_kind = 'quote' and request_id = ? order by id", args: [late.id] });
  expect(stored.rows.map((r) => [r['author_username'], r['text']])).toEqual([
    [staff, 'Called, no answer.\nTry again at 3pm.'],
    [staff, 'Spoke to Quinn: wants cover from Friday.'],
  ]);

  // The status filter narrows to one status, in the URL; Back returns to the previous filter.
  await page.getByLabel('Show').selectOption('contacted');
  await expect(page).toHaveURL(/status=contacted/);
  await expect(page.getByRole('row').filter({ hasText: late.reference })).toContainText('contacted');
  await expect(page.getByRole('row').filter({ hasText: fresh.reference })).toHaveCount(0);
  await page.getByLabel('Show').selectOption('new');
  await expect(page.getByRole('row').filter({ hasText: fresh.reference })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: late.reference })).toHaveCount(0);
  await page.goBack();
  await expect(page.getByLabel('Show')).toHaveValue('contacted');

  // The overview counts follow: one overdue quote request fewer is new (it was contacted).
  await tab(page, 'Overview').click();
  const after = await apiCounts();
  await expect(page.getByTestId('quotes-new')).toHaveText(plural(after.quotes.new, 'new quote request'));
  await expect(page.getByTestId('quotes-overdue')).toHaveText(plural(after.quotes.overdue, 'overdue quote request'));
  expect(after.quotes.new).toBe(counts.quotes.new - 1);
});

test('quote requests by need: cover starting soon first, narrowed to "cover starts within", quotes in view with the time left on the price', async ({ page, request }) => {
  const lastName = unique('Need');
  const now = Date.now();
  // Made earlier, for cover next week: due 24 hours on. Made now, for cover in 2 hours: due an hour before it starts.
  const nextWeek = await insertQuote(lastName, HOUR, now + 23 * HOUR, now + 7 * 24 * HOUR);
  const soon = await insertQuote(lastName, 0, now + HOUR, now + 2 * HOUR);
  const quoted = await insertQuote(lastName, 2 * HOUR, undefined, now + 3 * 24 * HOUR);
  const priced = await request.post(`/api/admin/quotes/${quoted.id}/offer`, { headers: await ownerHeaders(request), data: { premium: '80.00', validHours: 2 } });
  expect(priced.status(), await priced.text()).toBe(200);

  await openAdmin(page);
  await expect(page.getByTestId('quotes-quoted')).toContainText(/quotes? awaiting an answer, \d+ lapsing within 2 hours or lapsed/);
  await tab(page, 'Quote requests').click();
  await searchQueue(page, 'quotes', lastName);
  // The quote lapsing in 2 hours is due now (chased two hours before), ahead of the one due in an hour; next week last.
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(quoted.reference);
  await expect(rows.nth(1)).toContainText(/Price valid 1 h 5\d min/);
  await expect(rows.nth(2)).toContainText(soon.reference);
  await expect(rows.nth(2)).toContainText(/Due in (59 min|1 h)/);
  await expect(rows.nth(3)).toContainText(nextWeek.reference);

  await page.getByLabel('Cover starts').selectOption({ label: 'Within 6 hours' });
  await expect(page).toHaveURL(/startsWithin=6/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(soon.reference);
  expect(await axeViolations(page)).toEqual([]);
});
