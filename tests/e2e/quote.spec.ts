// The quote wizard end to end (docs/product.md#quote-wizard): step 2 without
// step 1 redirects; step 1 asks the product first and shows its age message in the same round as every other
// field's; step 2 asks the start time and the cover length within the product's limits; one session-storage
// key; Back keeps what was typed; a failed submit keeps it and says so in the page; a good submit keeps it with
// the answer beside it, shows step 3 with the reference and the instant price (docs/product.md#step-3-your-price),
// stores the request with its product, start and length, queues the e-mail, and staff find it in the admin console.
// The purchase from step 3, and the referred and declined answers, are instant-quote.spec.ts's.
import { expect, test, type Page } from '@playwright/test';
import { validLearner, validPersonal, validVehicle } from '../fixtures/quote';
import { tab, listAnswered } from './admin-helpers';
import { axeViolations, db, failProcedure, fillFields, latestMailTo, OWNER, signIn, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

const DRAFT_KEY = 'kerbside.quoteRequest';
const NEXT_YEAR = String(new Date().getFullYear() + 1);

test.beforeEach(({ page }) => {
  // No browser alert anywhere in the product (docs/product.md#errors-and-messages): any dialog fails the test.
  page.on('dialog', (d) => {
    throw new Error(`unexpected browser dialog: ${d.message()}`);
  });
});

/** Types or chooses each value by field name (selects by value). */
const fillStep1 = fillFields;
const fillStep2 = fillFields;

/** The UK wall clock now: { date: 'YYYY-MM-DD', time: 'HH:MM' } (the wizard's rules read UK time). */
function ukNow(): { date: string; time: string; year: string; month: string; day: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts['year']}-${parts['month']}-${parts['day']}`, time: `${parts['hour']}:${parts['minute']}`, year: parts['year']!, month: String(Number(parts['month'])), day: String(Number(parts['day'])) };
}

/** A date of birth that makes the driver `years` old today (UK date). */
function bornYearsAgo(years: number): string {
  const { date } = ukNow();
  return `${Number(date.slice(0, 4)) - years}${date.slice(4)}`.replace(/-02-29$/, '-02-28');
}

const vehicle = { ...validVehicle, policyStartDay: '15', policyStartMonth: '1', policyStartYear: NEXT_YEAR };

async function draft(page: Page): Promise<{ keys: string[]; value: { personal?: Record<string, string>; vehicle?: Record<string, string>; submitted?: { reference: string } } | null }> {
  return page.evaluate((key) => {
    const keys = Object.keys(sessionStorage);
    const text = sessionStorage.getItem(key);
    return { keys, value: text ? (JSON.parse(text) as never) : null };
  }, DRAFT_KEY);
}

test('step 2 and step 3 without a request go back to step 1', async ({ page }) => {
  await page.goto('/request-quote-step2');
  await expect(page).toHaveURL(/\/request-quote-step1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Details' })).toBeVisible();
  await page.goto('/request-quote-step3');
  await expect(page).toHaveURL(/\/request-quote-step1$/);
});

test('step 1 shows a clear message per field, checks the postcode, and saves under one key', async ({ page }) => {
  await page.goto('/request-quote-step1');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const message of [
    'Choose which cover you want',
    'First name is required',
    'Last name is required',
    'Email is required',
    'Phone number is required',
    'Date of birth is required',
    'Address is required',
    'Postcode is required',
    'Choose the type of driving licence you hold',
    'Enter your driving licence number',
    'Enter how many whole years you have held this licence, from 0 to 80',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // The product comes first, and is where the person is taken to fix the form.
  await expect(page.locator('[name="product"]')).toBeFocused();
  expect(await page.locator('[name="product"] option').allTextContents()).toEqual(['Select...', 'Temporary car cover', 'Learner driver cover', 'Business use cover']);
  await expect(page.getByLabel('Which cover do you want?')).toHaveValue('');
  await expect(page.locator('[name="dateOfBirth"]')).toHaveAttribute('type', 'date');
  await expect(page.locator('[name="phone"]')).toHaveAttribute('type', 'tel');
  expect(await axeViolations(page)).toEqual([]);

  await fillStep1(page, { ...validPersonal, postcode: '12345', email: 'not-an-email' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a full UK postcode, such as SW1A 1AA')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.locator('[name="email"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/step1$/);

  await fillStep1(page, validPersonal);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/request-quote-step2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Vehicle' })).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  const saved = await draft(page);
  expect(saved.keys).toEqual([DRAFT_KEY]);
  expect(saved.value?.personal).toMatchObject(validPersonal);
});

test('one submit of step 1 shows the product’s age message beside the other fields’ messages', async ({ page }) => {
  await page.goto('/request-quote-step1');
  // A learner of 66, with two other fields wrong and one left blank.
  await fillStep1(page, { ...validPersonal, product: 'learner', dateOfBirth: bornYearsAgo(66), firstName: '', postcode: '12345', email: 'not-an-email' });
  await page.getByRole('button', { name: 'Continue' }).click();
  const ageMessage = page.getByText('Learner driver cover is for drivers aged 17 to 50', { exact: true });
  await expect(ageMessage).toBeVisible();
  await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter a full UK postcode, such as SW1A 1AA')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.locator('[name="dateOfBirth"]')).toHaveAttribute('aria-invalid', 'true');
  // The message is tied to the date of birth for screen readers.
  const describedBy = (await page.locator('[name="dateOfBirth"]').getAttribute('aria-describedby')) ?? '';
  expect(await ageMessage.getAttribute('id')).not.toBeNull();
  expect(describedBy.split(' ')).toContain(await ageMessage.getAttribute('id'));
  await expect(page).toHaveURL(/step1$/);

  // The same person may ask for temporary cover (18 to 75): with the other fields fixed, on to step 2.
  await fillStep1(page, { ...validPersonal, product: 'temporary', dateOfBirth: bornYearsAgo(66) });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);
});

test('step 1 asks for the driving licence, and a learner’s supervising driver, with a message under each wrong field', async ({ page }) => {
  await page.goto('/request-quote-step1');
  expect(await page.locator('[name="licenceType"] option').allTextContents()).toEqual(['Select...', 'Full UK', 'Provisional UK', 'EU', 'International']);
  // Nothing about a supervisor or a business until the product asks for it.
  await expect(page.locator('[name="supervisorAge"]')).toHaveCount(0);
  await expect(page.locator('[name="occupation"]')).toHaveCount(0);

  // A learner whose licence number has the wrong shape, supervised by someone of 19 with a licence for 2 years.
  await fillStep1(page, { ...validPersonal, ...validLearner, dateOfBirth: bornYearsAgo(18), licenceNumber: 'FLETC95517', supervisorAge: '19', supervisorLicenceYears: '2' });
  await page.getByRole('button', { name: 'Continue' }).click();
  const expectMessage = async (name: string, text: string | RegExp) => {
    const message = page.getByText(text);
    await expect(message).toBeVisible();
    await expect(page.locator(`[name="${name}"]`)).toHaveAttribute('aria-invalid', 'true');
    // Under its field, tied to it for screen readers.
    const describedBy = (await page.locator(`[name="${name}"]`).getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await message.getAttribute('id'));
  };
  await expectMessage('licenceNumber', /^Enter the 16-character number from section 5 of your UK photocard licence/);
  await expectMessage('supervisorAge', 'The supervising driver must be 21 or over');
  await expectMessage('supervisorLicenceYears', 'The supervising driver must have held a full licence for 3 years or more');
  await expect(page.locator('[name="licenceNumber"]')).toBeFocused();
  await expect(page).toHaveURL(/step1$/);
  expect(await axeViolations(page)).toEqual([]);

  // The labels name each field, and the keyboard reaches them in the order they are read.
  await expect(page.getByLabel('Supervising driver’s full name')).toHaveValue(validLearner.supervisorName);
  await page.locator('[name="licenceYears"]').focus();
  for (const name of ['supervisorName', 'supervisorAge', 'supervisorLicenceYears']) {
    await page.keyboard.press('Tab');
    await expect(page.locator(`[name="${name}"]`)).toBeFocused();
  }

  // Fixed (a UK number may be typed in lower case with spaces): on to step 2, the draft keeping every answer.
  await fillStep1(page, { licenceNumber: 'fletc 955170 a9 9ab', supervisorAge: '21', supervisorLicenceYears: '3' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);
  expect((await draft(page)).value?.personal).toMatchObject({ product: 'learner', licenceType: 'Provisional UK', supervisorName: 'Dan Fletcher', supervisorAge: '21' });

  // Step 2 asks the make, with common makes offered as it is typed, and the model.
  await expect(page.locator('[name="vehicleMake"]')).toHaveAttribute('list', 'vehicle-makes');
  expect(await page.locator('#vehicle-makes option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(expect.arrayContaining(['Ford', 'Vauxhall', 'Volkswagen']));
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page.getByText('Enter the vehicle’s make, such as Ford')).toBeVisible();
  await expect(page.getByText('Enter the vehicle’s model, such as Fiesta 1.0 Zetec')).toBeVisible();

  // Business cover asks for the work instead.
  await page.goto('/request-quote-step1');
  await page.locator('[name="product"]').selectOption('business');
  await expect(page.locator('[name="supervisorAge"]')).toHaveCount(0);
  await fillStep1(page, { occupation: '', businessName: '', businessNature: '' });
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const message of ['Enter your occupation', 'Enter the name of the business', 'Say what the business does']) await expect(page.getByText(message, { exact: true })).toBeVisible();
});

test('learner cover chosen and Continue pressed at once: the supervisor’s messages come with the others', async ({ page }) => {
  await page.goto('/request-quote-step1');
  await page.locator('[name="product"]').selectOption('learner');
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const message of ['First name is required', 'Enter your driving licence number', 'Enter the supervising driver’s full name', 'Enter the supervising driver’s age in whole years']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/step1$/);
});

test('step 2 asks when cover starts and for how long, within the product’s limits, from now on in UK time', async ({ page }) => {
  await page.goto('/request-quote-step1');
  await fillStep1(page, validPersonal);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);

  await expect(page.locator('[name="policyStartTime"]')).toHaveAttribute('type', 'time');
  await expect(page.getByLabel('Policy start time')).toBeVisible();
  await expect(page.locator('[name="durationValue"]')).toHaveAttribute('type', 'number');
  expect(await page.locator('[name="durationUnit"] option').allTextContents()).toEqual(['Select...', 'Hours', 'Days', 'Weeks', 'Months']);
  // The product chosen on step 1 says what it allows.
  await expect(page.getByText('Temporary car cover runs from 1 hour to 30 days.', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page.getByText('Enter the time cover should start')).toBeVisible();
  await expect(page.getByText('Enter how long you need cover for')).toBeVisible();
  await expect(page.getByText('Choose hours, days, weeks or months')).toBeVisible();

  // Too long for temporary cover, beside a step 2 field still missing.
  await fillStep2(page, { ...vehicle, regNumber: '', durationValue: '31', durationUnit: 'days' });
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page.getByText('Temporary car cover runs from 1 hour to 30 days', { exact: true })).toBeVisible();
  await expect(page.getByText('Registration number is required')).toBeVisible();
  await expect(page.locator('[name="durationValue"]')).toHaveAttribute('aria-invalid', 'true');

  // A start earlier today has passed (UK time); a minute past midnight cannot be tested at midnight itself.
  let now = ukNow();
  if (now.time === '00:00') {
    await page.waitForTimeout(61_000);
    now = ukNow();
  }
  await fillStep2(page, { ...vehicle, policyStartDay: now.day, policyStartMonth: now.month, policyStartYear: now.year, policyStartTime: '00:00', durationValue: '30' });
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page.getByText('Choose a start time that has not passed yet')).toBeVisible();
  await expect(page.getByText('Temporary car cover runs from 1 hour to 30 days', { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/step2$/);
  expect(await axeViolations(page)).toEqual([]);
});

test('step 2 offers the documented option lists exactly, with no invalid default, and refuses an impossible date', async ({ page }) => {
  await page.goto('/request-quote-step1');
  await fillStep1(page, validPersonal);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);
  // The options are read at once, so wait for the form to be drawn first.
  await expect(page.locator('[name="security"]')).toBeVisible();

  const options = (name: string) => page.locator(`[name="${name}"] option`).allTextContents();
  expect(await options('security')).toEqual(['Select...', 'None', 'Alarm & Immobiliser', 'Immobiliser', 'Tracker']);
  expect(await options('keptOvernight')).toEqual(['Select...', 'Garage', 'Street', 'Driveway', 'Secure parking']);
  await expect(page.locator('[name="keptOvernight"]')).toHaveValue('');
  expect(await options('annualMileage')).toEqual(['Select...', 'Under 5,000', '5,000 - 10,000', '10,000 - 15,000', '15,000 - 20,000', 'Over 20,000']);
  expect(await options('noClaimsBonusYears')).toContain('9 years +');
  const year = new Date().getFullYear();
  expect(await options('policyStartYear')).toEqual(['Select...', ...Array.from({ length: 10 }, (_, i) => String(year + i))]);
  expect(await options('policyStartDay')).toHaveLength(32);
  for (const money of ['value', 'bestQuotedPremium']) {
    await expect(page.locator(`[name="${money}"]`)).toHaveAttribute('type', 'number');
    await expect(page.locator(`[name="${money}"]`)).toHaveAttribute('min', '0');
    await expect(page.locator(`[name="${money}"]`)).toHaveAttribute('step', '0.01');
  }

  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page.getByText('Choose where the vehicle is kept overnight')).toBeVisible();
  await expect(page.getByText('Vehicle value is required')).toBeVisible();
  await expect(page.getByText('Registration number is required')).toBeVisible();
  await expect(page.getByText('Choose the day cover should start')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await fillStep2(page, { ...vehicle, policyStartDay: '31', policyStartMonth: '2' });
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page.getByText('That date does not exist: check the day and month')).toBeVisible();
  await expect(page).toHaveURL(/step2$/);
});

test('a learner’s step 2 asks no no-claims questions, and the request is stored without them', async ({ page }) => {
  const lastName = unique('Learner');
  await page.goto('/request-quote-step1');
  await fillStep1(page, { ...validPersonal, ...validLearner, lastName, email: `${lastName.toLowerCase()}@example.test`, dateOfBirth: bornYearsAgo(17) });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);
  // The cover questions show, the no-claims ones do not: a learner on a provisional licence has earned no bonus.
  await expect(page.getByLabel('Cover type')).toBeVisible();
  await expect(page.getByText('Learner driver cover runs from 1 day to 5 months.', { exact: true })).toBeVisible();
  for (const name of ['noClaimsBonusYears', 'noClaimsBonusProtected']) await expect(page.locator(`[name="${name}"]`)).toHaveCount(0);
  await expect(page.getByText(/no claims bonus/i)).toHaveCount(0);

  const { noClaimsBonusYears: _y, noClaimsBonusProtected: _p, ...learnerVehicle } = vehicle;
  await fillStep2(page, learnerVehicle);
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page).toHaveURL(/\/request-quote-step3\?reference=QR-/);
  const reference = new URL(page.url()).searchParams.get('reference')!;
  const rs = await db().execute({ sql: 'select product, details from quote_requests where reference = ?', args: [reference] });
  expect(rs.rows[0]!['product']).toBe('learner');
  const details = JSON.parse(String(rs.rows[0]!['details'])) as Record<string, unknown>;
  expect(details).toMatchObject({ lastName, supervisorName: validLearner.supervisorName, coverType: vehicle.coverType });
  expect(details).not.toHaveProperty('noClaimsBonusYears');
  expect(details).not.toHaveProperty('noClaimsBonusProtected');

  // Temporary cover asks them.
  await page.goto('/request-quote-step1');
  await fillStep1(page, { ...validPersonal, lastName });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Years of no claims bonus')).toBeVisible();
  await expect(page.getByLabel('Is your no claims bonus protected?')).toBeVisible();
});

test('Back keeps step 1 and what was typed on step 2', async ({ page }) => {
  await page.goto('/request-quote-step1');
  await fillStep1(page, validPersonal);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);
  await fillStep2(page, { regNumber: 'KX42 ABC', coverType: 'Third Party' });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/step1$/);
  for (const [name, value] of Object.entries(validPersonal)) await expect(page.locator(`[name="${name}"]`)).toHaveValue(value);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('[name="regNumber"]')).toHaveValue('KX42 ABC');
  await expect(page.locator('[name="coverType"]')).toHaveValue('Third Party');
  // A reload keeps it too (the same tab's session storage).
  await page.reload();
  await expect(page.locator('[name="regNumber"]')).toHaveValue('KX42 ABC');
});

test('a failed submit keeps the data and says so in the page; a good one shows step 3 and reaches staff', async ({ page, browser }) => {
  const lastName = unique('Wizard');
  const email = `${lastName.toLowerCase()}@example.test`;
  await page.goto('/request-quote-step1');
  await fillStep1(page, { ...validPersonal, lastName, email });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step2$/);
  await fillStep2(page, vehicle);

  await failProcedure(page, 'quotes.submit', { message: 'Internal server error' });
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your quote request was not sent' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Your answers are kept.');
  await expect(page).toHaveURL(/step2$/);
  await expect(page.locator('[name="regNumber"]')).toHaveValue(vehicle.regNumber);
  expect((await draft(page)).value?.personal?.['lastName']).toBe(lastName);
  expect((await draft(page)).value?.vehicle?.['usage']).toBe(vehicle.usage);

  // The network gone entirely: the same, in other words.
  await page.route('**/trpc/quotes.submit*', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(alert).toContainText('We could not reach our server');
  await page.unroute('**/trpc/quotes.submit*');

  await page.getByRole('button', { name: 'Submit quote request' }).click();
  await expect(page).toHaveURL(/\/request-quote-step3\?reference=QR-/);
  // The example rates price these answers at once (docs/product.md#instant-prices).
  const heading = page.getByRole('heading', { level: 1, name: 'Your price' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const reference = new URL(page.url()).searchParams.get('reference')!;
  await expect(page.getByText(reference)).toBeVisible();
  await expect(page.getByText(/^includes £\d+\.\d{2} Insurance Premium Tax at 12%$/)).toBeVisible();
  await expect(page.getByText(/^Price valid until \d{2}:\d{2}/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy now' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/\bSMS\b|\btext (you|message)/i);
  // The answers stay with the answer beside them: a reload shows the price again, and Back and on prices again.
  const kept = await draft(page);
  expect(kept.keys).toEqual([DRAFT_KEY]);
  expect(kept.value?.submitted?.reference).toBe(reference);
  expect(kept.value?.personal?.['lastName']).toBe(lastName);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your price' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const rs = await db().execute({
    sql: 'select status, postcode, details, product, requested_start_at, duration_value, duration_unit from quote_requests where reference = ?',
    args: [reference],
  });
  expect(rs.rows).toHaveLength(1);
  // 09:00 on 15 January, UK time (GMT): 09:00 UTC.
  expect(rs.rows[0]).toMatchObject({ status: 'quoted', postcode: 'LS1 4DY', product: 'temporary', requested_start_at: Date.UTC(Number(NEXT_YEAR), 0, 15, 9, 0), duration_value: 3, duration_unit: 'days' });
  expect(JSON.parse(String(rs.rows[0]!['details']))).toMatchObject({ lastName, regNumber: 'AB12 CDE', policyStartYear: Number(NEXT_YEAR), product: 'temporary', policyStartTime: '09:00', durationValue: 3, durationUnit: 'days' });
  const mail = (await latestMailTo(email)).text;
  expect(mail).toContain(`Your reference: ${reference}`);
  expect(mail).toContain('Product: Temporary car cover');
  expect(mail).toMatch(new RegExp(`Cover to start: \\w{3} 15 Jan ${NEXT_YEAR}, 09:00 GMT`));
  expect(mail).toContain('Cover length: 3 days');
  expect(mail).toMatch(/Your price: £\d+\.\d{2}, including £\d+\.\d{2} insurance premium tax at 12%\./);
  expect(mail).toContain('3. We e-mail you your quote, and your policy documents once your policy is set up.');
  expect(mail).not.toMatch(/\bSMS\b/);

  // Staff see it in the console's Quote requests tab (a separate browser context: staff are elsewhere).
  const staff = await browser.newContext({ serviceWorkers: 'block' });
  const admin = await staff.newPage();
  await signIn(admin, OWNER.username, OWNER.password);
  await admin.waitForURL('**/admin');
  await tab(admin, 'Quote requests').click();
  const answered = listAnswered(admin, 'admin.quotes.list', reference);
  await admin.getByPlaceholder('Search users, policies, or logs...').fill(reference);
  await answered;
  const row = admin.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText(`Amelia ${lastName}`);
  await expect(row).toContainText('quoted');
  await row.getByRole('button', { name: `Open ${reference}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Quote request ${reference}` });
  await expect(dialog.getByText('AB12 CDE')).toBeVisible();
  // Under the wizard's own labels.
  await expect(dialog.getByText('Registration number', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Where is the vehicle kept overnight?', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Social Domestic and Pleasure plus Commute', { exact: true })).toBeVisible();
  // What was asked for: the product, the start (UK time, naming the clock, in the console's 12-hour style) and the cover length.
  await expect(dialog.getByText('Temporary car cover', { exact: true })).toBeVisible();
  await expect(dialog.getByText(new RegExp(`15 Jan ${NEXT_YEAR}, 09:00 AM GMT`))).toBeVisible();
  await expect(dialog.getByText('3 days', { exact: true })).toBeVisible();
  // The wizard's answers on insuring: the licence and the make and model.
  const answers = dialog.getByRole('definition');
  await expect(dialog.getByText('Driving licence number', { exact: true })).toBeVisible();
  await expect(answers.filter({ hasText: /^FLETC955170A99AB$/ })).toBeVisible();
  await expect(answers.filter({ hasText: /^Full UK$/ })).toBeVisible();
  await expect(dialog.getByText('Vehicle make', { exact: true })).toBeVisible();
  await expect(answers.filter({ hasText: /^Fiesta 1\.0 Zetec$/ })).toBeVisible();
  await staff.close();
});

test('a double click submits once', async ({ page }) => {
  const lastName = unique('Double');
  await page.goto('/request-quote-step1');
  await fillStep1(page, { ...validPersonal, lastName, email: `${lastName.toLowerCase()}@example.test` });
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillStep2(page, vehicle);
  await page.getByRole('button', { name: 'Submit quote request' }).dblclick();
  await expect(page).toHaveURL(/step3/);
  const rs = await db().execute({ sql: 'select count(*) n from quote_requests where last_name = ?', args: [lastName] });
  expect(Number(rs.rows[0]!['n'])).toBe(1);
});
