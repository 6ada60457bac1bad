// /admin in the browser (SPEC.md §2 "/admin", §5, §8, §9; DECISIONS.md "Admin console", roles): stats, tabs in
// the URL, debounced server-side search, paging, the user and policy modals (validation, focus trap, Escape),
// delete confirmation, the load-failure banner with Try again, role limits for a non-owner admin, the guard
// for customers, the code-split admin chunk and an accessibility scan.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, createAccount, OWNER, signIn, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

const PASSWORD = 'e2e-admin-password';

async function ownerHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request, OWNER.username, OWNER.password)}` };
}

async function createPolicy(request: APIRequestContext, holderName: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await request.post('/api/admin/policies', {
    headers: await ownerHeaders(request),
    data: {
      holderName,
      carModel: 'Ford Fiesta',
      driverName: holderName,
      licenseNumber: 'SMITH801015JJ9AB',
      startDate: '2026-07-01',
      startTime: '09:00',
      endDate: '2026-07-02',
      endTime: '23:59',
      status: 'active',
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function openAdmin(page: Page, username = OWNER.username, password = OWNER.password): Promise<void> {
  await signIn(page, username, password);
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('tablist')).toBeVisible();
}

/** Types a search and waits for the debounced request to be answered. */
async function search(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/users?') && r.url().includes(`search=${encodeURIComponent(text)}`));
  await page.getByPlaceholder('Search users, policies, or logs...').fill(text);
  await answered;
}

test('stats cards show the server numbers', async ({ page, request }) => {
  await createPolicy(request, unique('Stat'));
  await openAdmin(page);
  const stats = (await (await request.get('/api/admin/stats', { headers: await ownerHeaders(request) })).json()) as Record<string, number>;
  await expect(page.getByTestId('stat-total-users')).toHaveText(String(stats['totalUsers']));
  await expect(page.getByTestId('stat-total-policies')).toHaveText(String(stats['totalPolicies']));
  await expect(page.getByTestId('stat-active-policies')).toHaveText(String(stats['activePolicies']));
  await expect(page.getByTestId('stat-pending-claims')).toHaveText('0');
});

test('tabs are kept in the URL and work with the keyboard', async ({ page }) => {
  await openAdmin(page);
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/tab=users/);
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Users' }).press('ArrowRight');
  await expect(page).toHaveURL(/tab=policies/);
  await expect(page.getByRole('tab', { name: 'Policies' })).toBeFocused();
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByText(/\d+ total entries/)).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).not.toHaveURL(/tab=/);
  await expect(page.getByRole('button', { name: 'Add New User' })).toBeVisible();
});

test('search filters users and policies on the server, debounced', async ({ page, request }) => {
  const name = unique('Srch');
  await createAccount(request, { username: name, password: PASSWORD });
  await createPolicy(request, `${name} Holder`);
  await openAdmin(page);
  await page.getByRole('tab', { name: 'Users' }).click();
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/users?')) requests.push(r.url());
  });
  await page.getByPlaceholder('Search users, policies, or logs...').pressSequentially(name, { delay: 20 });
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  // Debounced: one search request for the whole word, not one per key.
  expect(requests.filter((u) => u.includes('search=')).length).toBeLessThanOrEqual(2);
  await page.getByRole('tab', { name: 'Policies' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: `${name} Holder` })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByPlaceholder('Search users, policies, or logs...')).toHaveValue('');
});

test('users are paged by 10 with Previous and Next', async ({ page, request }) => {
  const prefix = unique('pg');
  for (let i = 0; i < 11; i++) await createAccount(request, { username: `${prefix}u${i}`, password: PASSWORD });
  await openAdmin(page);
  await page.getByRole('tab', { name: 'Users' }).click();
  await search(page, prefix);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await search(page, `${prefix}u10`);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByText(/Page \d of/)).toHaveCount(0);
});

test('add, edit and delete a user through the modal', async ({ page }) => {
  const name = unique('mod');
  await openAdmin(page);
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name="username"]').fill(name);
  await dialog.locator('input[name="email"]').fill(`${name}@example.test`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Password is required for new users')).toBeVisible();
  await dialog.locator('input[name="password"]').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'User created successfully' })).toBeVisible();
  // The notice goes after 3 seconds.
  await expect(page.getByText('User created successfully')).toBeHidden({ timeout: 6000 });

  await search(page, name);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.locator('input[name="email"]')).toHaveValue(`${name}@example.test`);
  await expect(edit.locator('input[name="password"]')).toHaveValue('');
  await edit.locator('input[name="email"]').fill(`${name}.new@example.test`);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: `${name}.new@example.test` })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this user? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(1);
});

test('add, edit and delete a policy with the form defaults', async ({ page }) => {
  const holder = unique('Holder');
  await openAdmin(page);
  await page.getByRole('tab', { name: 'Policies' }).click();
  await page.getByRole('button', { name: 'Add Policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Policy' });
  await expect(dialog.locator('input[name="startTime"]')).toHaveValue('09:00 AM');
  await expect(dialog.locator('input[name="endTime"]')).toHaveValue('11:59 PM');
  await expect(dialog.locator('select[name="status"]')).toHaveValue('active');
  await expect(dialog.locator('select[name="userId"]')).toHaveValue('');
  await dialog.locator('input[name="holderName"]').fill(holder);
  await dialog.locator('input[name="carModel"]').fill('Kia Picanto');
  await dialog.locator('input[name="driverName"]').fill(holder);
  await dialog.locator('input[name="licenseNumber"]').fill('JONES801015JJ9AB');
  await dialog.locator('input[name="startDate"]').fill('2026-08-01');
  await dialog.locator('input[name="endDate"]').fill('2026-08-03');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Policy created successfully')).toBeVisible();

  await search(page, holder);
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText('2026-08-01 09:00 AM');
  await expect(row).toContainText('2026-08-03 11:59 PM');
  await expect(row).toContainText('N/A');
  await expect(row).toContainText('active');

  await row.getByRole('button', { name: /^Edit policy/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Policy' });
  await expect(edit.locator('input[name="holderName"]')).toHaveValue(holder);
  await expect(edit.locator('input[name="startTime"]')).toHaveValue('09:00 AM');
  await edit.locator('input[name="carModel"]').fill('Toyota Yaris');
  await edit.locator('select[name="status"]').selectOption('pending');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Policy updated successfully')).toBeVisible();
  await expect(row).toContainText('Toyota Yaris');
  await expect(row).toContainText('pending');

  await row.getByRole('button', { name: /^Delete policy/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this policy? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Policy deleted successfully')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(1);
});

test('the modal traps focus, closes on Escape and Cancel and gives focus back', async ({ page }) => {
  await openAdmin(page);
  const opener = page.getByRole('button', { name: 'Add New User' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.locator('input[name="username"]')).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  const create = page.getByRole('button', { name: 'Create Policy' });
  await create.click();
  await page.getByRole('dialog', { name: 'Add Policy' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(create).toBeFocused();
});

test('a failed load shows the error banner and Try again recovers', async ({ page }) => {
  let failures = 0;
  await page.route('**/api/admin/stats', async (route) => {
    if (failures === 0) {
      failures += 1;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Stats are unavailable' }) });
    } else {
      await route.continue();
    }
  });
  await signIn(page, OWNER.username, OWNER.password);
  await page.waitForURL('**/admin');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Stats are unavailable');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByTestId('stat-pending-claims')).toHaveText('0');
});

test('a non-owner admin sees the owner controls disabled', async ({ page, request }) => {
  const admin = unique('adm');
  await createAccount(request, { username: admin, password: PASSWORD, isAdmin: true });
  await openAdmin(page, admin, PASSWORD);
  await page.getByRole('tab', { name: 'Users' }).click();
  await search(page, OWNER.username);
  await expect(page.getByRole('button', { name: `Edit ${OWNER.username}`, exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Delete ${OWNER.username}`, exact: true })).toBeDisabled();
  await expect(page.getByText('Only an owner can change admins and owners').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog.locator('input[name="isAdmin"]')).toBeDisabled();
  await expect(dialog.locator('input[name="isOwner"]')).toBeDisabled();
  await expect(dialog.getByText('Only an owner can change roles')).toBeVisible();
});

test('a customer opening /admin lands on /dashboard', async ({ page, request }) => {
  const customer = unique('cust');
  await createAccount(request, { username: customer, password: PASSWORD });
  await signIn(page, customer, PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the home page never downloads the admin chunk', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((u) => /\/assets\/admin[-.]/.test(u))).toEqual([]);
  // The admin page does load it.
  await openAdmin(page);
  expect(scripts.some((u) => /\/assets\/admin[-.]/.test(u))).toBe(true);
});

test('the admin console has no serious accessibility violations', async ({ page }) => {
  // Five full-page axe scans (each several seconds on a 2-core machine): more than the default 30 s budget.
  test.setTimeout(90_000);
  await openAdmin(page);
  const scan = async () => {
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  expect(await scan()).toEqual([]);
  for (const tab of ['Users', 'Policies', 'Logs']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('table').or(page.getByText(/total entries/))).toBeVisible();
    expect(await scan(), tab).toEqual([]);
  }
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Add New User' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await scan(), 'user modal').toEqual([]);
});

test('Generate Report downloads the CSV, or shows the action-failure banner', async ({ page }) => {
  await openAdmin(page);
  const download = page.waitForEvent('download', { timeout: 5000 }).catch(() => null);
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const outcome = page.getByRole('status').filter({ hasText: 'Report generated successfully' }).or(page.getByRole('alert').filter({ hasText: 'Generate Report Failed' }));
  await expect(outcome).toBeVisible();
  if (await page.getByText('Report generated successfully').isVisible()) {
    const file = await download;
    expect(file?.suggestedFilename()).toMatch(/\.csv$/);
  }
});

test('a refused change shows the action-failure banner with the server error', async ({ page, request }) => {
  const taken = unique('dup');
  await createAccount(request, { username: taken, password: PASSWORD });
  await openAdmin(page);
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.locator('input[name="username"]').fill(taken);
  await dialog.locator('input[name="email"]').fill(`${taken}.other@example.test`);
  await dialog.locator('input[name="password"]').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create' }).click();
  const alert = dialog.getByRole('alert').filter({ hasText: 'Create User Failed' });
  await expect(alert).toBeVisible();
  await expect(alert.locator('p').nth(1)).not.toBeEmpty();
  await expect(dialog).toBeVisible();
});
