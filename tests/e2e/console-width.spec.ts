// The console for all-day use (docs/product.md#admin-console): on a 1366 px and a 1920 px screen it takes the width
// (the public site keeps its reading width), no table hides an action (every row's buttons lie wholly inside the
// table's visible box and the window, and nothing covers them), the opened request (and claim) is a wide panel with
// its facts, actions and notes side by side, and at 320 px the page still reflows with no sideways scrolling.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { epochToUkLocal } from '../../src-server/contract/time';
import { axeViolations, openAdmin, search, tab } from './admin-helpers';
import { adminPolicy, apiToken, createAccount, sceneAddress, unique } from './fixtures';
import { requestQuote } from './quote-flow';

test.use({ serviceWorkers: 'block' });

const SCREENS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

const TABLE_TABS = [{ name: 'Users' }, { name: 'Policies' }, { name: 'Quote requests' }, { name: 'Callback requests' }, { name: 'Claims' }] as const;

type TableTab = (typeof TABLE_TABS)[number]['name'];

/** Opens a tab and waits for its own table (its heading names it), not the last tab's still on screen. */
async function openTableTab(page: Page, name: TableTab): Promise<void> {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
}

/** Rows as wide as real ones get: long names and e-mail addresses push the Actions column right. */
async function createWideRows(request: APIRequestContext, tag: string): Promise<void> {
  const longName = `${tag}-Featherstonehaugh-Cholmondeley-Marjoribanks`;
  const longEmail = `${tag.toLowerCase()}.a.very.long.mailbox.name.for.testing@subdomain.example.test`;
  const userId = await createAccount(request, { username: `${tag}user`, password: 'e2e-width-password', email: longEmail });
  await adminPolicy(request, {
    holderName: longName,
    carModel: 'Volkswagen Golf Estate 2.0 TDI Match Edition',
    driverName: longName,
    licenseNumber: 'SMITH801015JJ9AB',
    startDate: '2026-07-01',
    startTime: '09:00',
    endDate: '2026-07-02',
    endTime: '23:59',
    status: 'active',
  });
  await requestQuote(request, { firstName: `${tag}-Alexandrina`, lastName: 'Featherstonehaugh-Cholmondeley', email: longEmail });
  const callback = await request.post('/api/callbacks', { headers: sceneAddress(), data: { name: longName, email: longEmail, phone: '07700900456', reasonForContact: 'quotes' } });
  expect(callback.status(), await callback.text()).toBe(201);
  await reportWideClaim(request, userId, `${tag}user`, longName);
}

/** A claim on cover in force now, with someone hurt: the Claims tab's row with its widest cells. */
async function reportWideClaim(request: APIRequestContext, userId: number, username: string, longName: string): Promise<void> {
  const start = epochToUkLocal(Date.now() - 3_600_000);
  const end = epochToUkLocal(Date.now() + 48 * 3_600_000);
  const { policyNumber } = await adminPolicy(request, {
    userId,
    holderName: longName,
    carModel: 'Volkswagen Golf Estate 2.0 TDI Match Edition',
    driverName: longName,
    licenseNumber: 'SMITH801015JJ9AB',
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    status: 'active',
  });
  const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 0, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  const claim = await request.post('/api/user/claims', {
    headers: { authorization: `Bearer ${await apiToken(request, username, 'e2e-width-password')}`, ...sceneAddress() },
    data: {
      clientId: randomUUID(),
      policyNumber,
      kind: 'vandalism',
      occurredAt: new Date(Date.now() - 600_000).toISOString(),
      location: 'The multi-storey car park behind the Featherstonehaugh-Cholmondeley shopping centre',
      description: 'Both wing mirrors broken and the paint scratched along the driver side.',
      phone: '020 7946 0018',
      photos: [{ data: photo.toString('base64') }],
      injuries: true,
      injuryDetails: 'The driver cut a hand clearing the glass',
    },
  });
  expect(claim.status(), await claim.text()).toBe(201);
}

/**
 * Each action button of each row in the open tab's table that is not wholly visible: outside the box its scroll
 * container shows, outside the window, or covered where a click would land. Answers their descriptions.
 */
async function hiddenActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const table = document.querySelector('table');
    if (!table) return ['no table'];
    const box = table.parentElement!.getBoundingClientRect();
    const hidden: string[] = [];
    const buttons = [...table.querySelectorAll<HTMLButtonElement>('tbody button')];
    if (buttons.length === 0) return ['no row actions'];
    for (const b of buttons) {
      // Only the window scrolls (vertically), never the table's own container: a button must show without it.
      const before = b.getBoundingClientRect();
      window.scrollTo(0, window.scrollY + before.top - window.innerHeight / 2);
      const r = b.getBoundingClientRect();
      const name = b.getAttribute('aria-label') ?? b.textContent ?? '';
      const inside = r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.left >= 0 && r.right <= document.documentElement.clientWidth;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!inside || !(hit && b.contains(hit))) hidden.push(`${name} [${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(box.left)}-${Math.round(box.right)}]`);
    }
    return hidden;
  });
}

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

for (const screen of SCREENS) {
  test(`at ${screen.width} px the console takes the width and no table hides an action`, async ({ page, request }) => {
    const tag = unique('Wide');
    await createWideRows(request, tag);
    await page.setViewportSize(screen);
    await openAdmin(page);

    // The frame grows past the public site's 1024 px: to the window less its margins, at most 1792 px.
    const main = await page.locator('main').boundingBox();
    expect(main!.width).toBeGreaterThan(Math.min(screen.width - 40, 1792) - 1);

    // The wide rows first (the search term stays in the URL from tab to tab)…
    await tab(page, 'Users').click();
    await search(page, 'admin.users.list', tag);
    for (const { name } of TABLE_TABS) {
      await openTableTab(page, name);
      await expect(page.getByRole('table').getByText(new RegExp(tag)).first()).toBeVisible();
      expect(await hiddenActions(page), `${name}, rows of ${tag}`).toEqual([]);
      expect(await pageScrollsSideways(page), name).toBe(false);
    }
    // …then each tab's first page as it opens, whatever other tests left in it.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/q=/);
    for (const { name } of TABLE_TABS) {
      await openTableTab(page, name);
      await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
      expect(await hiddenActions(page), `${name}, first page`).toEqual([]);
      expect(await pageScrollsSideways(page), name).toBe(false);
    }

    await tab(page, 'Logs').click();
    await expect(page.getByText(/\d+\+? total entries/)).toBeVisible();
    expect(await pageScrollsSideways(page), 'Logs').toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('the public site keeps its reading width beside the wide console', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/support');
  const main = await page.locator('main').boundingBox();
  expect(main!.width).toBeLessThanOrEqual(1024);
});

test('the opened request is a wide panel: facts, actions and notes side by side from 1280 px, stacked below', async ({ page, request }) => {
  const tag = unique('Panel');
  await requestQuote(request, { firstName: tag, lastName: 'Panel', email: `${tag.toLowerCase()}@example.test` });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openAdmin(page);
  await tab(page, 'Quote requests').click();
  await search(page, 'admin.quotes.list', tag);
  await page.getByRole('button', { name: /^Open QR-/ }).first().click();
  const dialog = page.getByRole('dialog');
  const facts = dialog.getByRole('heading', { name: 'Quote and policy' });
  await expect(facts).toBeVisible();

  const parts = async () => {
    const factsBox = (await dialog.locator('dl').first().boundingBox())!;
    const actionsBox = (await dialog.getByRole('region', { name: 'Quote and policy' }).boundingBox())!;
    const workBox = (await dialog.getByRole('form', { name: 'Status and assignee' }).boundingBox())!;
    return { factsBox, actionsBox, workBox };
  };
  const wide = await parts();
  expect((await dialog.boundingBox())!.width).toBeGreaterThan(1200);
  // Three columns, left to right, starting level with one another.
  expect(wide.actionsBox.x).toBeGreaterThanOrEqual(wide.factsBox.x + wide.factsBox.width);
  expect(wide.workBox.x).toBeGreaterThanOrEqual(wide.actionsBox.x + wide.actionsBox.width);
  expect(Math.abs(wide.actionsBox.y - wide.workBox.y)).toBeLessThan(60);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  // Narrower, the same parts stack in that order and the dialog fits the window.
  await page.setViewportSize({ width: 1024, height: 768 });
  const narrow = await parts();
  expect(narrow.actionsBox.y).toBeGreaterThan(narrow.factsBox.y + narrow.factsBox.height - 1);
  expect(narrow.workBox.y).toBeGreaterThan(narrow.actionsBox.y + narrow.actionsBox.height - 1);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await pageScrollsSideways(page)).toBe(false);
});

test('the opened claim is a wide panel too: answers, photos and work side by side from 1280 px, stacked below', async ({ page, request }) => {
  const tag = unique('ClaimPanel');
  const userId = await createAccount(request, { username: `${tag}user`, password: 'e2e-width-password', email: `${tag.toLowerCase()}@example.test` });
  await reportWideClaim(request, userId, `${tag}user`, `${tag} Holder`);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openAdmin(page);
  await tab(page, 'Claims').click();
  await search(page, 'admin.claims.list', tag);
  await page.getByRole('button', { name: /^Open CL-/ }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Claim CL-/ });
  await expect(dialog.getByRole('img', { name: 'Photo 1 of 1' })).toBeVisible();

  const parts = async () => ({
    facts: (await dialog.getByLabel('The claim').boundingBox())!,
    photos: (await dialog.getByRole('region', { name: 'Photos' }).boundingBox())!,
    work: (await dialog.getByRole('form', { name: 'Status and assignee' }).boundingBox())!,
  });
  const wide = await parts();
  expect(wide.photos.x).toBeGreaterThanOrEqual(wide.facts.x + wide.facts.width);
  expect(wide.work.x).toBeGreaterThanOrEqual(wide.photos.x + wide.photos.width);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  await page.setViewportSize({ width: 1024, height: 768 });
  const narrow = await parts();
  expect(narrow.photos.y).toBeGreaterThan(narrow.facts.y + narrow.facts.height - 1);
  expect(narrow.work.y).toBeGreaterThan(narrow.photos.y + narrow.photos.height - 1);
  // The photo full size fits a phone's width too.
  await page.setViewportSize({ width: 320, height: 640 });
  await dialog.getByRole('button', { name: 'Photo 1 of 1' }).click();
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 1' }).getByRole('img', { name: 'Photo 1 of 1' })).toBeVisible();
  expect(await pageScrollsSideways(page)).toBe(false);
});

test('at 320 px the console reflows: only a table scrolls sideways, inside its own box', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openAdmin(page);
  for (const { name } of TABLE_TABS) {
    await openTableTab(page, name);
    expect(await pageScrollsSideways(page), name).toBe(false);
  }
});
