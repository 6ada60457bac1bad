// The Claims queue in the console (docs/product.md#staff-queues, #reporting-a-claim): claims a customer reported
// through the API are listed in due order (someone hurt first), opened with every answer and their photos (a
// thumbnail, full size on click, Escape handing focus back), moved to 'passed-to-insurer' with a note, and counted
// by Pending Claims and 'Requests waiting' on the overview and on the one view of the customer.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, openAdmin, ownerHeaders, search, tab } from './admin-helpers';
import { apiToken, coverFor, createAccount, db, sceneAddress, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

const PASSWORD = 'e2e-claims-password';
const HOUR = 3_600_000;

/** A customer holding a policy in force now. */
async function customerWithCover(request: APIRequestContext) {
  const username = unique('claimant');
  const email = `${username.toLowerCase()}@example.test`;
  const id = await createAccount(request, { username, password: PASSWORD, email });
  const now = Date.now();
  const policy = await coverFor(request, id, { startAt: now - HOUR, endAt: now + 48 * HOUR });
  return { id, username, email, policyNumber: policy.policyNumber, token: await apiToken(request, username, PASSWORD) };
}

/** A small real picture, as the phone sends it: base64 without a data: prefix. */
async function pngBase64(): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

async function reportClaim(request: APIRequestContext, customer: Awaited<ReturnType<typeof customerWithCover>>, answers: Record<string, unknown>): Promise<string> {
  const res = await request.post('/api/user/claims', {
    headers: { authorization: `Bearer ${customer.token}`, ...sceneAddress() },
    data: {
      clientId: randomUUID(),
      policyNumber: customer.policyNumber,
      kind: 'accident',
      occurredAt: new Date(Date.now() - 30 * 60_000).toISOString(),
      location: 'A38 northbound, near Bromsgrove',
      description: 'Hit from behind at the lights.',
      phone: '07700 900123',
      photos: [{ data: await pngBase64() }],
      injuries: false,
      ...answers,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

async function pendingClaims(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/admin/stats', { headers: await ownerHeaders(request) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { pendingClaims: number }).pendingClaims;
}

test('staff work a claim: due order by injuries, its answers and photos, status and a note; Pending Claims counts it', async ({ page, request }) => {
  const before = await pendingClaims(request);
  const customer = await customerWithCover(request);
  // The claim without injuries is reported first; the one with someone hurt is due sooner all the same.
  const unhurt = await reportClaim(request, customer, { kind: 'windscreen', description: 'A stone cracked the windscreen.' });
  const hurt = await reportClaim(request, customer, {
    coordinates: { latitude: 52.33541, longitude: -2.05932, accuracy: 12 },
    injuries: true,
    injuryDetails: 'Passenger with a sore neck',
    otherVehicles: [{ registration: 'WK68 TNX', driverName: 'Sam Driver', insurer: 'Acme Insurance' }],
    policeReference: 'WMP-123456',
  });

  await page.setViewportSize({ width: 1366, height: 900 });
  await openAdmin(page);
  await expect(page.getByTestId('stat-pending-claims')).toHaveText(String(before + 2));
  await tab(page, 'Claims').click();
  await expect(page).toHaveURL(/\/admin\/claims$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Claims', exact: true })).toBeVisible();
  await search(page, 'admin.claims.list', customer.email);

  // Due order. Someone hurt is due within an hour of opening time, the other by the day's closing: only in the last
  // opening hour of a day (the hour running on to the next opening) does the later claim without injuries come first.
  const due = await db().execute({ sql: 'select reference, due_at from claims where reference in (?, ?)', args: [hurt, unhurt] });
  const dueOf = (reference: string) => Number(due.rows.find((r) => r['reference'] === reference)?.['due_at']);
  const firstDue = dueOf(hurt) <= dueOf(unhurt) ? hurt : unhurt;
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(firstDue);
  await expect(rows.nth(1)).toContainText(firstDue === hurt ? unhurt : hurt);
  const row = rows.filter({ hasText: hurt });
  await expect(row).toContainText('Someone hurt');
  await expect(row).toContainText(customer.policyNumber);
  await expect(row).toContainText('Accident');
  await expect(row.getByRole('link', { name: '07700 900123' })).toHaveAttribute('href', 'tel:07700900123');
  await expect(rows.filter({ hasText: unhurt })).toContainText('Windscreen');
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Open ${hurt}` }).click();
  const dialog = page.getByRole('dialog', { name: `Claim ${hurt}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Passenger with a sore neck')).toBeVisible();
  await expect(dialog.getByText('WMP-123456')).toBeVisible();
  await expect(dialog.getByText(/Registration: WK68 TNX; Driver's name: Sam Driver; Insurer: Acme Insurance/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Show on a map/ })).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=52.33541&mlon=-2.05932#map=17/52.33541/-2.05932');

  // The thumbnail is the server's JPEG, shown from a blob: URL.
  const thumbnail = dialog.getByRole('button', { name: 'Photo 1 of 1' });
  const thumbImage = thumbnail.getByRole('img', { name: 'Photo 1 of 1' });
  await expect(thumbImage).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => thumbImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'Photo 1 of 1' })).toHaveAttribute('src', /^blob:/);
  expect(await viewer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(thumbnail).toBeFocused();

  await dialog.getByRole('textbox', { name: 'Add a note' }).fill('Rang the customer; passenger seen by paramedics.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByRole('list', { name: 'Notes, newest first' })).toContainText('Rang the customer; passenger seen by paramedics.');

  await dialog.getByLabel('Status', { exact: true }).selectOption('passed-to-insurer');
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/trpc/admin.claims.update');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Claim updated' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('table').locator('tbody tr').filter({ hasText: hurt })).toContainText('With the insurer');

  const rs = await db().execute({ sql: 'select status from claims where reference = ?', args: [hurt] });
  expect(rs.rows[0]?.['status']).toBe('passed-to-insurer');

  // With the insurer is not closed: both claims still count; the claim still owed its first call waits as new.
  await tab(page, 'Overview').click();
  await expect(page.getByTestId('stat-pending-claims')).toHaveText(String(before + 2));
  await expect(page.getByTestId('claims-new')).toHaveText(/^[1-9]\d* new claims?$/);
  await expect(page.getByTestId('claims-new')).toHaveAttribute('href', '/admin/claims?status=new');

  // The one view of the customer lists both claims, where each stands.
  await page.goto(`/admin/users/${customer.id}`);
  const claims = page.getByRole('region', { name: 'Claims' });
  await expect(claims.getByRole('listitem').filter({ hasText: hurt })).toContainText('With the insurer');
  await expect(claims.getByRole('listitem').filter({ hasText: hurt })).toContainText('Someone hurt');
  await expect(claims.getByRole('listitem').filter({ hasText: unhurt })).toContainText('Windscreen');
  expect(await axeViolations(page)).toEqual([]);
});
