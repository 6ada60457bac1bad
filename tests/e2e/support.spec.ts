// /support in the browser (docs/product.md#support, #callback-requests, #errors-and-messages):
// the contact cards, the Request Callback form's validation, focus and errors, the honeypot, and a real
// request stored by the server. All requests come from 127.0.0.1, which may send 5 callback requests an
// hour: only one test here is stored (refused input is not counted).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { brand } from '../../src-server/contract/brand';
import { hoursOn, isOpenAt, noHolidays } from '../../src-server/contract/opening-hours';
import { epochToUkLocal, ukLocalToEpoch } from '../../src-server/contract/time';
import { bankHolidays } from '../../src-server/platform/bank-holidays';
import { db, failProcedure, latestMailTo, unique, appLive } from './fixtures';

const RECEIVED = 'Your callback request has been received. Our team will contact you within 24 hours.';
const TEL = 'tel:+442079460000';

/** A callback time the form offers: `time` on the first day the office is open at least `days` from now, in UK time. */
function openDateTime(days: number, time = '10:30'): string {
  for (let d = days; ; d++) {
    const { date } = epochToUkLocal(Date.now() + d * 86_400_000);
    if (hoursOn(date, bankHolidays)) return `${date}T${time}`;
  }
}

const callbackTime = (page: Page) => page.locator('select[name="callbackDate"]');

const form = (page: Page) => page.locator('form', { has: page.getByRole('button', { name: 'Request Callback' }) });

async function fillRequired(page: Page, email: string) {
  await page.getByLabel('Name').fill('Rosa Diaz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+44 7700 900456');
  await page.getByLabel('Reason for contact').selectOption({ label: 'Payments' });
}

test('four contact cards with their e-mail and phone links (the claims card the 24/7 claims line), and the opening hours', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  const claimsTel = `tel:+44${brand.phones.claims.replace(/\D/g, '').slice(1)}`;
  const cards = [
    ['Claims', brand.emails.claims, brand.phones.claims, claimsTel],
    ['Policy questions', brand.emails.policies, brand.phones.support, TEL],
    ['Payment support', brand.emails.payments, brand.phones.support, TEL],
    ['Quote assistance', brand.emails.quotes, brand.phones.support, TEL],
  ] as const;
  for (const [title, email, phone, tel] of cards) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(card.getByRole('link', { name: phone })).toHaveAttribute('href', tel);
  }
  await expect(page.getByText(brand.openingHours)).toBeVisible();
  await expect(page).toHaveTitle(`Contact us | ${brand.name}`);
});

test('empty required fields show their messages, tied to the fields, and focus goes to the first', async ({ page }) => {
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/trpc/callbacks.request')) sent += 1;
  });
  await page.goto('/support');
  await page.getByRole('button', { name: 'Request Callback' }).click();

  const name = page.locator('input[name="name"]');
  await expect(name).toBeFocused();
  for (const [field, message] of [
    ['input[name="name"]', 'Name is required'],
    ['input[name="email"]', 'Email is required'],
    ['input[name="phone"]', 'Phone number is required'],
    ['select[name="reasonForContact"]', 'Choose a reason for contact'],
  ] as const) {
    const control = page.locator(field);
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    // The message is the control's description, so a screen reader reads it with the field.
    await expect(control).toHaveAccessibleDescription(new RegExp(message));
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Optional fields are not flagged.
  await expect(callbackTime(page)).not.toHaveAttribute('aria-invalid', 'true');

  // Fixing the first moves focus on to the next invalid one; a bad phone number says why.
  await name.fill('Rosa Diaz');
  await page.locator('input[name="phone"]').fill('12345');
  await page.getByRole('button', { name: 'Request Callback' }).click();
  await expect(page.locator('input[name="email"]')).toBeFocused();
  await expect(page.getByText('Enter a UK phone number, such as 07700 900123 or +44 20 7946 0000')).toBeVisible();
  expect(sent).toBe(0);
});

test('the callback time offers only the times we are open, by day, and names the hours', async ({ page }) => {
  await page.goto('/support');
  await appLive(page);
  const select = callbackTime(page);
  await expect(select).toHaveAccessibleDescription(/UK time, when we are open: Monday to Friday 8am to 8pm, Saturday 9am to 5pm UK time; closed Sundays and bank holidays/);
  const values = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(values[0]).toBe('');
  const times = values.slice(1);
  // A week of half hours: at least the five weekdays' worth, each an open time, none on a Sunday or before now.
  expect(times.length).toBeGreaterThan(5 * 20);
  for (const v of times) {
    const [date, time] = v.split('T') as [string, string];
    const at = ukLocalToEpoch(date, time);
    expect(isOpenAt(at, noHolidays), v).toBe(true);
    expect(at).toBeGreaterThan(Date.now() - 60_000);
  }
  expect(await select.locator('optgroup').count()).toBeGreaterThanOrEqual(5);
});

test('the server’s field errors land on the field: a past callback time', async ({ page }) => {
  // The browser's clock three days behind: the times it offers start three days ago, and the server refuses them.
  await page.clock.setSystemTime(Date.now() - 3 * 86_400_000);
  await page.goto('/support');
  await appLive(page);
  await fillRequired(page, `${unique('past')}@example.test`);
  await callbackTime(page).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Request Callback' }).click();
  const date = callbackTime(page);
  await expect(date).toBeFocused();
  await expect(date).toHaveAccessibleDescription(/Choose a callback time that has not passed yet/);
  await expect(page.getByText(RECEIVED)).toHaveCount(0);
});

test('a request is stored and the thank-you view takes focus', async ({ page }) => {
  const email = `${unique('callback')}@example.test`;
  const when = openDateTime(2);
  await page.goto('/support');
  await appLive(page);
  await fillRequired(page, email);
  await callbackTime(page).selectOption(when);
  await page.locator('select[name="insuranceType"]').selectOption('learner');

  // Hold the answer back a moment to see the busy state.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/trpc/callbacks.request*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Request Callback' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();

  const message = page.getByText(RECEIVED, { exact: true });
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();
  await expect(page.locator('form')).toHaveCount(0);
  const reference = (await page.getByText(/^CB-[0-9A-Z]{8}$/).textContent())!;

  const rs = await db().execute({ sql: 'select * from callback_requests where email = ?', args: [email] });
  expect(rs.rows).toHaveLength(1);
  expect(rs.rows[0]).toMatchObject({
    reference,
    status: 'new',
    name: 'Rosa Diaz',
    phone: '07700900456',
    reason_for_contact: 'payments',
    insurance_type: 'learner',
    callback_date: when,
    // Due at the preferred time.
    due_at: ukLocalToEpoch(...(when.split('T') as [string, string])),
  });
  const mail = await latestMailTo(email);
  expect(mail.text).toContain(reference);
  expect(mail.text).toContain('We will contact you within 24 hours');
});

test('the honeypot is off-screen, out of the tab order and out of the accessibility tree', async ({ page }) => {
  await page.goto('/support');
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveCount(1);
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  // Rendered (bots that skip display:none still see it) but nowhere a person looks.
  expect(await honeypot.evaluate((el) => getComputedStyle(el).display)).not.toBe('none');
  const box = await honeypot.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);

  // Tab goes from the last real field straight to the button, past the honeypot (tabindex -1), with the app live.
  await appLive(page);
  await page.locator('select[name="insuranceType"]').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Request Callback' })).toBeFocused();

  // Not exposed: no role finds it, and the form's accessibility tree does not mention it.
  await expect(page.getByRole('textbox', { name: /website/i })).toHaveCount(0);
  const names = await form(page)
    .getByRole('textbox')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name));
  expect(names).toEqual(['name', 'email', 'phone']);
  expect(await form(page).ariaSnapshot()).not.toMatch(/website/i);
});

test('a server error shows in the page, focused, and the form keeps what was typed', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await failProcedure(page, 'callbacks.request', { message: 'Something went wrong on our side. Please try again.' });
  await page.goto('/support');
  const email = `${unique('fail')}@example.test`;
  await fillRequired(page, email);
  const when = openDateTime(3, '15:30');
  await appLive(page);
  await callbackTime(page).selectOption(when);
  await page.getByRole('button', { name: 'Request Callback' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Something went wrong on our side. Please try again.');
  await expect(alert).toContainText(brand.phones.support);
  await expect(page.locator('div:has(> [role="alert"])')).toBeFocused();
  await expect(page.getByLabel('Name')).toHaveValue('Rosa Diaz');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Phone number')).toHaveValue('+44 7700 900456');
  await expect(page.getByLabel('Reason for contact')).toHaveValue('payments');
  await expect(callbackTime(page)).toHaveValue(when);
  await expect(page.getByRole('button', { name: 'Request Callback' })).toBeEnabled();
  expect(dialogs).toEqual([]);

  // A network failure says so too.
  await page.unrouteAll({ behavior: 'wait' });
  await page.route('**/trpc/callbacks.request*', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Request Callback' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not reach our server');
});

test('the page has no WCAG 2.2 AA violations, also with errors showing', async ({ page }) => {
  await page.goto('/support');
  // The page renders after load: scan once it is there (axe fails on a missing 'main').
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await appLive(page);
  const scan = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).include('main').analyze();
  expect((await scan()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Request Callback' }).click();
  await expect(page.locator('input[name="name"]')).toBeFocused();
  expect((await scan()).violations).toEqual([]);
});
