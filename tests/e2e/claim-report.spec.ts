// The claim report at the roadside (docs/product.md#reporting-a-claim): with the network off, a signed-in customer
// fills a claim with two photos and sends it; the page says it is saved on the phone; with the network back it
// reaches the server once (even sent again), its photos re-encoded, staff see it in the queue and in Pending Claims,
// and the customer gets the e-mail. What is typed survives the app being closed; sign-out warns before it removes
// an unsent report; signed out, the page offers the claims line and a sign-in that comes back. Past the day's limits
// the form says so with the claims line to call, and keeps the report.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { brand } from '../../src-server/contract/brand';
import { claimMessages } from '../../src-server/contract/claim';
import { apiToken, axeViolations, customerWithCover, latestMailTo, OWNER, signIn, waitForServiceWorker } from './fixtures';

const PASSWORD = 'e2e-claim-password';
const HOUR = 3_600_000;
const claimsTel = `tel:+44${brand.phones.claims.replace(/\D/g, '').slice(1)}`;

/** A customer with a confirmed address and one policy in force. */
const coveredCustomer = (request: APIRequestContext) =>
  customerWithCover(request, { prefix: 'claim', password: PASSWORD, confirmed: true, startAt: Date.now() - 24 * HOUR, endAt: Date.now() + 48 * HOUR });

/** A camera-sized PNG of one colour: the phone shrinks it to 1600 px JPEG before keeping it. */
const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** No serious or critical WCAG 2.2 AA violation on the page as it stands. */
async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), label).toEqual([]);
}

/** The reports this phone keeps (IndexedDB), as the page stored them. */
const phoneReports = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Array<{ clientId: string; state: string; answers: { description: string }; photos: unknown[] }>>((resolve, reject) => {
        const open = indexedDB.open('kerbside-claims');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('reports')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('reports').objectStore('reports').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as never);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );

async function fillClaim(page: Page, policyNumber: string, description: string) {
  const form = page.getByRole('form', { name: 'Claim report' });
  await form.getByLabel('Policy').selectOption(policyNumber);
  await form.getByRole('group', { name: 'What happened' }).getByLabel('Accident').check();
  await form.getByLabel('Where it happened').fill('A40 eastbound, Wheatley junction');
  await form.getByRole('textbox', { name: 'Describe what happened' }).fill(description);
  await form.getByLabel('Your phone number').fill('07700 900123');
  await form.getByRole('button', { name: 'Add another vehicle' }).click();
  const vehicle = form.getByRole('group', { name: 'Other vehicle 1' });
  await expect(vehicle.getByLabel('Registration')).toBeFocused();
  await vehicle.getByLabel('Registration').fill('AB12 CDE');
  await vehicle.getByLabel('Insurer').fill('Example Mutual');
  await form.getByRole('group', { name: 'Was anyone hurt?' }).getByLabel('No').check();
  return form;
}

test.describe('reporting a claim', () => {
  test('offline: two photos, Send says it is saved; back online it is sent once, re-encoded, queued for staff and e-mailed', async ({ page, context, request }) => {
    const c = await coveredCustomer(request);
    const owner = await apiToken(request, OWNER.username, OWNER.password);
    const staff = { authorization: `Bearer ${owner}` };
    const statsBefore = (await (await request.get('/api/admin/stats', { headers: staff })).json()) as { pendingClaims: number };

    await page.setViewportSize({ width: 320, height: 700 });
    await signIn(page, c.username, PASSWORD);
    await page.waitForURL('**/dashboard');
    await waitForServiceWorker(page);
    await page.goto('/make-a-claim');
    // The claims line first, then the report.
    await expect(page.getByRole('link', { name: `Call the 24/7 claims line: ${brand.phones.claims}` })).toHaveAttribute('href', claimsTel);
    const form = page.getByRole('form', { name: 'Claim report' });
    await expect(form.getByLabel('Policy').locator('option', { hasText: c.policy.policyNumber })).toHaveCount(1);

    // The page's own POSTs, to send the same report again afterwards.
    const bodies: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/user/claims' && req.postData()) bodies.push(req.postData()!);
    });

    await context.setOffline(true);
    await fillClaim(page, c.policy.policyNumber, 'Hit from behind while waiting at the lights.');
    await form.getByLabel('Add photos').setInputFiles([
      { name: 'scene.png', mimeType: 'image/png', buffer: await png(200, 30, 30) },
      { name: 'damage.png', mimeType: 'image/png', buffer: await png(30, 30, 200) },
    ]);
    await expect(form.getByRole('img', { name: /^Photo \d$/ })).toHaveCount(2);
    await expect(form.getByText('2 of 10 added.')).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(claimMessages.saved, { exact: true })).toBeVisible();
    await expect.poll(async () => (await phoneReports(page)).map((r) => r.state)).toEqual(['queued']);
    const [kept] = await phoneReports(page);
    expect(kept!.photos).toHaveLength(2);

    await context.setOffline(false);
    const sent = page.getByText(/^Sent - claim reference CL-[A-Z0-9]{8}$/);
    await expect(sent).toBeVisible({ timeout: 20_000 });
    const reference = (await sent.textContent())!.replace('Sent - claim reference ', '');
    // The phone's copy is gone once the server has it.
    await expect.poll(async () => (await phoneReports(page)).length).toBe(0);

    const customer = { authorization: `Bearer ${await apiToken(request, c.username, PASSWORD)}` };
    const mine = async () => (await (await request.get('/api/user/claims', { headers: customer })).json()) as Array<{ reference: string; clientId: string; photoCount: number }>;
    // One claim, however often the outbox sent it.
    await expect.poll(async () => (await mine()).map((x) => x.reference)).toEqual([reference]);
    expect((await mine())[0]).toMatchObject({ clientId: kept!.clientId, photoCount: 2 });

    // Sent again (a retry, a second tap): the claim already stored, still one.
    const body = bodies.at(-1);
    expect(body).toBeDefined();
    const again = await request.post('/api/user/claims', { headers: { ...customer, 'content-type': 'application/json' }, data: body! });
    expect(again.status(), await again.text()).toBeLessThan(300);
    expect(((await again.json()) as { reference: string }).reference).toBe(reference);
    expect((await mine()).map((x) => x.reference)).toEqual([reference]);

    // Staff: in the queue, its photos re-encoded as JPEG, counted in Pending Claims.
    const queue = (await (await request.get('/api/admin/claims', { headers: staff })).json()) as Array<{ id: number; reference: string; photoCount: number }>;
    const inQueue = queue.find((x) => x.reference === reference);
    expect(inQueue).toMatchObject({ photoCount: 2 });
    const photo = await request.get(`/api/admin/claims/${inQueue!.id}/photos/1`, { headers: staff });
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/jpeg');
    const meta = await sharp(await photo.body()).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
    const statsAfter = (await (await request.get('/api/admin/stats', { headers: staff })).json()) as { pendingClaims: number };
    expect(statsAfter.pendingClaims).toBe(statsBefore.pendingClaims + 1);

    // The customer's e-mail names the reference.
    const mail = await latestMailTo(c.email);
    expect(`${mail.subject}\n${mail.text}`).toContain(reference);

    // The dashboard lists it, with where it stands.
    await page.goto('/dashboard');
    const claims = page.getByRole('region', { name: 'Your claims' });
    await expect(claims.getByText(reference)).toBeVisible();
    await expect(claims.getByText('Received')).toBeVisible();
  });

  test('what is typed survives the app being closed; sign-out warns before removing an unsent report', async ({ page, context, request }) => {
    const c = await coveredCustomer(request);
    await signIn(page, c.username, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto('/make-a-claim');
    const form = await fillClaim(page, c.policy.policyNumber, 'Wing mirror knocked off while parked.');
    await form.getByLabel('Add photos').setInputFiles([{ name: 'mirror.png', mimeType: 'image/png', buffer: await png(30, 160, 30) }]);
    await expect(form.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    await expect.poll(async () => (await phoneReports(page))[0]?.answers.description).toBe('Wing mirror knocked off while parked.');
    await expect.poll(async () => (await phoneReports(page))[0]?.photos.length).toBe(1);

    // Closed and opened again.
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto('/make-a-claim');
    const again = reopened.getByRole('form', { name: 'Claim report' });
    await expect(again.getByRole('textbox', { name: 'Describe what happened' })).toHaveValue('Wing mirror knocked off while parked.');
    await expect(again.getByLabel('Policy')).toHaveValue(c.policy.policyNumber);
    await expect(again.getByRole('group', { name: 'Other vehicle 1' }).getByLabel('Registration')).toHaveValue('AB12 CDE');
    await expect(again.getByRole('img', { name: 'Photo 1' })).toBeVisible();

    // A field left wrong: the schema's message beside it, focus on it.
    await again.getByLabel('Your phone number').fill('12');
    await again.getByRole('button', { name: 'Send' }).click();
    await expect(again.getByLabel('Your phone number')).toBeFocused();
    await expect(again.getByText(claimMessages.phoneInvalid)).toBeVisible();
    await expectNoSeriousViolations(reopened, 'the claim report with an error');

    // Sign-out warns; staying keeps it.
    await reopened.getByRole('button', { name: 'Logout' }).click();
    const warning = reopened.getByRole('alertdialog', { name: 'Sign out?' });
    await expect(warning).toContainText('You have 1 claim report not sent yet. Signing out removes it from this phone.');
    await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await expectNoSeriousViolations(reopened, 'the sign-out warning');
    await reopened.keyboard.press('Escape');
    await expect(warning).toHaveCount(0);
    expect(await phoneReports(reopened)).toHaveLength(1);
    await reopened.getByRole('button', { name: 'Logout' }).click();
    await reopened.getByRole('button', { name: 'Sign out and remove it' }).click();
    await reopened.waitForURL('**/login');
    await expect.poll(async () => (await phoneReports(reopened)).length).toBe(0);
  });

  test('past the day’s limit for the policy: the form says so with the claims line to call, and keeps what was typed', async ({ page, request }) => {
    // The form, the dashboard and the form again.
    test.setTimeout(60_000);
    const c = await coveredCustomer(request);
    const customer = { authorization: `Bearer ${await apiToken(request, c.username, PASSWORD)}` };
    // The policy's three reports of the day, sent from another phone.
    for (let i = 0; i < 3; i++) {
      const sent = await request.post('/api/user/claims', {
        headers: customer,
        data: {
          clientId: crypto.randomUUID(),
          policyNumber: c.policy.policyNumber,
          kind: 'windscreen',
          occurredAt: new Date(Date.now() - HOUR).toISOString(),
          location: 'M40 junction 8',
          description: 'A stone cracked the windscreen.',
          phone: '07700 900123',
          injuries: false,
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }

    await page.setViewportSize({ width: 320, height: 700 });
    await signIn(page, c.username, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto('/make-a-claim');
    const form = await fillClaim(page, c.policy.policyNumber, 'Reversed into in the car park.');
    await form.getByRole('button', { name: 'Send' }).click();

    const refusal = form.getByRole('alert').filter({ hasText: 'The report was not sent' });
    await expect(refusal).toContainText(claimMessages.reportsPerPolicy);
    await expect(refusal.getByRole('link', { name: `Call the 24/7 claims line: ${brand.phones.claims}` })).toHaveAttribute('href', claimsTel);
    // Nothing to correct: what was typed stays, on the page and on the phone, marked and not sent again by itself.
    await expect(form.getByRole('textbox', { name: 'Describe what happened' })).toHaveValue('Reversed into in the car park.');
    await expect.poll(async () => (await phoneReports(page)).map((r) => [r.state, r.answers.description])).toEqual([['refused', 'Reversed into in the car park.']]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoSeriousViolations(page, 'the claim report refused for the limit');

    // The dashboard says why it was not sent, with the line to call.
    await page.goto('/dashboard');
    const onPhone = page.getByRole('list', { name: 'Claim reports on this phone' });
    await expect(onPhone).toContainText(`Not sent: ${claimMessages.reportsPerPolicy}`);
    await expect(onPhone.getByRole('link', { name: `Call the 24/7 claims line: ${brand.phones.claims}` })).toHaveAttribute('href', claimsTel);

    // Opened again, the form shows it with the reason.
    await page.goto('/make-a-claim');
    await expect(page.getByRole('form', { name: 'Claim report' }).getByRole('alert')).toContainText(claimMessages.reportsPerPolicy);
    await expect(page.getByRole('textbox', { name: 'Describe what happened' })).toHaveValue('Reversed into in the car park.');
    const mine = (await (await request.get('/api/user/claims', { headers: customer })).json()) as unknown[];
    expect(mine).toHaveLength(3);
  });

  test('signed out: the claims line first, and a sign-in that comes back to the report', async ({ page, request }) => {
    const c = await coveredCustomer(request);
    await page.goto('/make-a-claim');
    await expect(page.getByRole('heading', { level: 1, name: 'Report a claim' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Call the 24/7 claims line: ${brand.phones.claims}` })).toHaveAttribute('href', claimsTel);
    await page.getByRole('link', { name: 'Sign in to report a claim' }).click();
    await page.waitForURL(/\/login\?next=%2Fmake-a-claim$/);
    await page.locator('input[name="username"]').fill(c.username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/make-a-claim');
    await expect(page.getByRole('form', { name: 'Claim report' })).toBeVisible();
  });
});
