// Cover that tells the truth, in the browser (docs/product.md#policies-and-certificates, #certificates):
// the public /verify page a certificate's QR code opens (no sign-in, large type, initials only), what it
// says as staff change the status, and the customer's dashboard for pending and cancelled cover.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminPolicy, apiToken, createAccount, db, ownerHeaders, signIn, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

const PASSWORD = 'e2e-verify-password';

/** YYYY-MM-DD in UK time, `days` from today. */
function ukDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + days * 86_400_000));
}

interface Made {
  id: number;
  policyNumber: string;
  code: string;
  username: string;
}

const policyBody = (userId: number, over: Record<string, unknown> = {}) => ({
  userId,
  holderName: 'Amira Khan',
  driverName: 'Amira Khan',
  licenseNumber: 'KHANA801015A99AB',
  carModel: 'Toyota Yaris',
  registration: 'LR21 ABC',
  startDate: ukDate(-1),
  startTime: '09:00',
  endDate: ukDate(6),
  endTime: '18:00',
  status: 'active',
  product: 'learner',
  premium: '89.50',
  ...over,
});

async function customerWithPolicy(request: APIRequestContext, over: Record<string, unknown> = {}): Promise<Made> {
  const username = unique('ver');
  const userId = await createAccount(request, { username, password: PASSWORD });
  const { id, policyNumber } = await adminPolicy(request, policyBody(userId, over));
  const rs = await db().execute({ sql: 'select verify_code from policies where id = ?', args: [id] });
  return { id, policyNumber, code: String(rs.rows[0]!['verify_code']), username };
}

async function setStatus(request: APIRequestContext, made: Made, userId: number | null, status: string) {
  const res = await request.put(`/api/admin/policies/${made.id}`, { headers: await ownerHeaders(request), data: policyBody(userId ?? 0, { userId, status, ...(status === 'cancelled' ? { reason: 'At the customer\'s request' } : {}) }) });
  expect(res.status(), await res.text()).toBe(200);
}

test('a learner policy: the QR page says "Covered now" with initials only; cancelled, "Not covered"', async ({ page, request }) => {
  const made = await customerWithPolicy(request);
  const api = await request.get(`/api/verify/${made.code}`);
  expect(api.status()).toBe(200);
  expect(await api.json()).toMatchObject({ status: 'covered', registration: 'LR21 ABC', vehicle: 'Toyota Yaris', product: 'learner', holderInitials: expect.any(String) });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/verify/${made.code}`);
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveText('Covered now');
  // Large enough to read through a car window.
  expect(Number.parseFloat(await verdict.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(36);
  await expect(page.getByText('LR21 ABC')).toBeVisible();
  await expect(page.getByText('Learner driver cover')).toBeVisible();
  // Nothing personal beyond the initials: no full name, licence or policy number.
  const text = (await page.locator('main').textContent()) ?? '';
  for (const secret of ['Amira', 'Khan', 'KHANA801015A99AB', made.policyNumber]) expect(text).not.toContain(secret);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  const userId = Number((await db().execute({ sql: 'select user_id from policies where id = ?', args: [made.id] })).rows[0]!['user_id']);
  await setStatus(request, made, userId, 'cancelled');
  expect(((await (await request.get(`/api/verify/${made.code}`)).json()) as { status: string }).status).toBe('not-covered');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(verdict).toHaveText('Not covered');
});

test('cover to come says when it starts; an unknown code says none was found', async ({ page, request }) => {
  const made = await customerWithPolicy(request, { startDate: ukDate(3), endDate: ukDate(5), product: 'temporary' });
  await page.goto(`/verify/${made.code.toLowerCase()}`);
  await expect(page.getByTestId('verdict')).toHaveText(/^Cover starts \w{3} \d{1,2} \w{3} \d{4}, 09:00 (GMT|BST)$/);

  await page.goto('/verify/0000000000000000000Z');
  await expect(page.getByRole('alert')).toContainText('No certificate found for this code');
});

test('the code can be typed by hand at /verify, in any case and with spaces', async ({ page, request }) => {
  const made = await customerWithPolicy(request);
  await page.goto('/verify');
  await page.locator('input[name="code"]').fill(`${made.code.slice(0, 10).toLowerCase()} ${made.code.slice(10)}`);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${made.code}$`));
  await expect(page.getByTestId('verdict')).toHaveText('Covered now');
});

test('the dashboard: pending cover awaits confirmation with no certificate (its other documents only); the certificate answers 409', async ({ page, request }) => {
  const made = await customerWithPolicy(request, { status: 'pending' });
  const token = await apiToken(request, made.username, PASSWORD);
  const certificate = await request.get(`/api/policies/${made.policyNumber}/certificate`, { headers: { authorization: `Bearer ${token}` } });
  expect(certificate.status()).toBe(409);
  expect(await certificate.json()).toEqual({ error: 'Cover not confirmed yet' });

  await signIn(page, made.username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByRole('article');
  await expect(card.getByText('Status:').locator('..')).toHaveText('Status: Awaiting confirmation');
  await expect(card).not.toContainText('Active');
  await expect(card).toContainText('You are not covered to drive until we have');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const documents = page.getByRole('region', { name: 'Policy Documents' });
  await expect(documents).toContainText('the certificate is issued once your cover is confirmed');
  // No certificate; the schedule (which says it is not in force), the Statement of Fact and the summary are there.
  await expect(documents.getByRole('button', { name: /Certificate/ })).toHaveCount(0);
  await expect(documents.getByRole('button', { name: /^View / })).toHaveText(['View Policy Schedule', 'View Statement of Fact', 'View Product Summary']);
});

test('the dashboard: cancelled cover is under Expired at once and its certificate is kept as a record', async ({ page, request }) => {
  const made = await customerWithPolicy(request);
  const userId = Number((await db().execute({ sql: 'select user_id from policies where id = ?', args: [made.id] })).rows[0]!['user_id']);
  await setStatus(request, made, userId, 'cancelled');
  await signIn(page, made.username, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('No active policies found.')).toBeVisible();
  await page.getByRole('tab', { name: 'Expired (1)' }).click();
  await expect(page.getByTestId('countdown-label')).toHaveText('Cancelled');
  await expect(page.getByTestId('countdown')).toContainText('Cover ended early');
  await expect(page.getByRole('region', { name: 'Policy Documents' })).toContainText('Cancelled: the certificate is kept as a record and is not valid.');
});
