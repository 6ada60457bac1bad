// The owner's Rates page in the console (docs/product.md#rates): the versions newest first with the seeded example
// marked as one, a version downloaded as JSON and uploaded again, a new version made from the live one (JSON that is
// not JSON caught on the device; the server's messages listed by path, the summary focused), live at once; and no
// Rates tab for an admin who is not an owner.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, openAdmin, ownerHeaders, tabStrip } from './admin-helpers';
import { createAccount, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

interface Version {
  id: number;
  name: string;
  status: string;
  example: boolean;
  rates: { multiplier: string; base: { temporary: { upToHours: number; pence: number }[] } } & Record<string, unknown>;
}

const versionItem = (page: Page, name: string) => page.getByRole('list', { name: 'Rate versions, newest first' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

let restore: Version['rates'] | null = null;

// Other specs price requests on this server: the rates live before this one changed them are made live again.
test.afterAll(async ({ request }) => {
  if (!restore) return;
  const res = await request.post('/api/admin/rates', { headers: await ownerHeaders(request), data: { name: 'Restored after admin-rates.spec', rates: restore } });
  expect(res.status(), await res.text()).toBe(201);
});

test('the owner sees the example, and makes a new version live from it', async ({ page }) => {
  await openAdmin(page);
  await tabStrip(page).getByRole('link', { name: 'Rates', exact: true }).click();
  await page.waitForURL('**/admin/rates');
  await expect(page.getByRole('heading', { name: 'Rates', level: 2 })).toBeVisible();

  // The seeded example: marked, with the line saying it must be replaced.
  const example = page.getByRole('list', { name: 'Rate versions, newest first' }).getByRole('listitem').filter({ hasText: 'Example' }).last();
  await expect(example.getByText('Example', { exact: true })).toBeVisible();
  await expect(example.getByText("These are example rates, not an insurer's: replace them with the insurer's rates before selling.")).toBeVisible();
  await expect(example.getByText('Created')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The live version downloaded: the JSON GET gives.
  const live = page.getByRole('list', { name: 'Rate versions, newest first' }).getByRole('listitem').filter({ has: page.getByText('Live', { exact: true }) });
  await expect(live).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  await live.getByRole('button', { name: /^Download JSON/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^rate-version-\d+\.json$/);
  const downloaded = JSON.parse(await readFile((await download.path())!, 'utf8')) as Version;
  expect(downloaded.status).toBe('live');
  restore = downloaded.rates;

  await live.getByRole('button', { name: /^New version from this one/ }).click();
  const dialog = page.getByRole('dialog', { name: `New version from version ${downloaded.id}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  const rates = dialog.getByLabel('Rates (JSON)');
  expect(JSON.parse(await rates.inputValue())).toEqual(downloaded.rates);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  const name = unique('E2E rates up ');
  await dialog.getByLabel('Name').fill(name);

  // Not JSON: caught here, beside the box, nothing sent.
  await rates.fill('{ "multiplier": "1.1", ');
  await dialog.getByRole('button', { name: 'Save version' }).click();
  await expect(dialog.getByText(/^The rates are not valid JSON: /)).toBeVisible();
  await expect(rates).toBeFocused();

  // JSON the server refuses: each message named by its path, in a summary that takes focus.
  const notRising = structuredClone(downloaded.rates);
  notRising.base.temporary[1]!.upToHours = notRising.base.temporary[0]!.upToHours;
  await rates.fill(JSON.stringify(notRising, null, 2));
  await dialog.getByRole('button', { name: 'Save version' }).click();
  const summary = dialog.getByRole('group', { name: /^The version was not saved/ });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem').filter({ hasText: 'rates.base.temporary.1.upToHours: Rows must be in rising upToHours' })).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  // The downloaded version uploaded as a file fills the box with its rates; the multiplier then changed and saved.
  await dialog.getByLabel('Upload JSON file').setInputFiles({ name: 'version.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(downloaded)) });
  await expect(dialog.getByText('Rates filled in from version.json.')).toBeVisible();
  expect(JSON.parse(await rates.inputValue())).toEqual(downloaded.rates);
  await rates.fill(JSON.stringify({ ...downloaded.rates, multiplier: '1.1' }, null, 2));
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/trpc/admin.rates.create');
  await dialog.getByRole('button', { name: 'Save version' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /^Rate version \d+ saved: live now$/ })).toBeVisible();

  // The new version is live and first; the one it replaced is past.
  const made = versionItem(page, name);
  await expect(made.getByText('Live', { exact: true })).toBeVisible();
  await expect(made.getByText('by owner,')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rate versions, newest first' }).getByRole('listitem').first().getByRole('heading')).toHaveText(name);
  await expect(versionItem(page, downloaded.name).first().getByText('Past', { exact: true })).toBeVisible();

  // At 320 px the page reflows: no sideways scroll, the form too.
  await page.setViewportSize({ width: 320, height: 640 });
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(await sideways()).toBe(false);
  await made.getByRole('button', { name: /^New version from this one/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await sideways()).toBe(false);
});

test('an admin who is not an owner has no Rates tab, and is sent back from its address', async ({ page, request }) => {
  const admin = { username: unique('ratesadmin'), password: 'rates-admin-password-1' };
  await createAccount(request, { ...admin, isAdmin: true });
  await openAdmin(page, admin.username, admin.password);
  await expect(tabStrip(page).getByRole('link', { name: 'Quote requests' })).toBeVisible();
  await expect(tabStrip(page).getByRole('link', { name: 'Rates' })).toHaveCount(0);
  await page.goto('/admin/rates');
  await page.waitForURL((url) => url.pathname === '/admin');
  await expect(tabStrip(page)).toBeVisible();
});
