// /admin in the browser (docs/product.md#admin-console): stats, one route per tab with the page and search term
// in the URL, debounced server-side search that fetches only the open tab's list, paging, the user and policy
// modals (validation, server field messages, focus trap, Escape), delete confirmation, the load-failure banner
// with Try again, role limits for a non-owner admin, the guard for customers, JSON only through /trpc, the
// code-split admin chunk and an accessibility scan.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, listAnswered, openAdmin, ownerHeaders, search, searchBox, tab, ukDate, ukDateText } from './admin-helpers';
import { adminPolicy, failProcedure, trpcCallsOf } from './fixtures';
import { createAccount, OWNER, signIn, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

const PASSWORD = 'e2e-admin-password';

function createPolicy(request: APIRequestContext, holderName: string, extra: Record<string, unknown> = {}): Promise<{ id: number; policyNumber: string }> {
  return adminPolicy(request, {
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
  });
}

/** Opens a tab by its link and waits for its list to be on screen. */
async function openTab(page: Page, name: 'Users' | 'Policies' | 'Logs' | 'Quote requests' | 'Callback requests'): Promise<void> {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table').or(page.getByText(/\d+ total entries/))).toBeVisible();
}

/** Every tRPC procedure the page asks for from now on (a batch counts each of its calls). */
function recordProcedures(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(...trpcCallsOf(r.url()).map((c) => c.path)));
  return seen;
}

test('stats cards show the server numbers', async ({ page, request }) => {
  await createPolicy(request, unique('Stat'));
  await openAdmin(page);
  const stats = (await (await request.get('/api/admin/stats', { headers: await ownerHeaders(request) })).json()) as Record<string, number>;
  await expect(page.getByTestId('stat-total-users')).toHaveText(String(stats['totalUsers']));
  await expect(page.getByTestId('stat-total-policies')).toHaveText(String(stats['totalPolicies']));
  await expect(page.getByTestId('stat-active-policies')).toHaveText(String(stats['activePolicies']));
  await expect(page.getByTestId('stat-pending-claims')).toHaveText(String(stats['pendingClaims']));
});

test('each tab is its own URL, marked as the current page and reachable with the keyboard', async ({ page }) => {
  await openAdmin(page);
  await expect(tab(page, 'Overview')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Add New User' })).toBeVisible();
  await tab(page, 'Users').click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(tab(page, 'Users')).toHaveAttribute('aria-current', 'page');
  await expect(tab(page, 'Overview')).not.toHaveAttribute('aria-current', 'page');
  await page.reload();
  await expect(tab(page, 'Users')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
  // Keyboard: Tab moves along the strip, Enter opens the tab.
  await tab(page, 'Users').focus();
  await page.keyboard.press('Tab');
  await expect(tab(page, 'Policies')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/policies$/);
  await expect(tab(page, 'Policies')).toHaveAttribute('aria-current', 'page');
  await tab(page, 'Logs').click();
  await expect(page.getByText(/\d+ total entries/)).toBeVisible();
  await page.goBack();
  await expect(tab(page, 'Policies')).toHaveAttribute('aria-current', 'page');
  await tab(page, 'Overview').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: 'Add New User' })).toBeVisible();
});

test('old links with ?tab= go to the tab’s own URL, page and search kept', async ({ page }) => {
  await openAdmin(page);
  await page.goto('/admin?tab=users&page=2&q=zz');
  await page.waitForURL((url) => url.pathname === '/admin/users' && url.searchParams.get('page') === '2' && url.searchParams.get('q') === 'zz');
  expect(new URL(page.url()).searchParams.has('tab')).toBe(false);
  await expect(tab(page, 'Users')).toHaveAttribute('aria-current', 'page');
  await expect(searchBox(page)).toHaveValue('zz');
  await page.goto('/admin?tab=callbacks');
  await expect(page).toHaveURL(/\/admin\/callbacks$/);
  await page.goto('/admin?tab=overview');
  await expect(tab(page, 'Overview')).toHaveAttribute('aria-current', 'page');
});

test('search filters users and policies on the server, debounced, and stays in the URL', async ({ page, request }) => {
  const name = unique('Srch');
  await createAccount(request, { username: name, password: PASSWORD });
  await createPolicy(request, `${name} Holder`);
  await openAdmin(page);
  await openTab(page, 'Users');
  const requests: string[] = [];
  page.on('request', (r) => {
    if (trpcCallsOf(r.url()).some((c) => c.path === 'admin.users.list')) requests.push(r.url());
  });
  await searchBox(page).pressSequentially(name, { delay: 20 });
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${name}$`));
  // Debounced: one search request for the whole word, not one per key.
  expect(requests.length).toBeLessThanOrEqual(2);
  // The term goes along to the next tab.
  await tab(page, 'Policies').click();
  await expect(page).toHaveURL(new RegExp(`/admin/policies\\?q=${name}$`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: `${name} Holder` })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(page).toHaveURL(/\/admin\/policies$/);
});

test('typing a search on the users tab asks only for the users list', async ({ page, request }) => {
  const name = unique('Only');
  await createAccount(request, { username: name, password: PASSWORD });
  await openAdmin(page);
  await openTab(page, 'Users');
  await expect(page.getByTestId('stat-total-users')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  const asked = recordProcedures(page);
  const answered = listAnswered(page, 'admin.users.list', name);
  await searchBox(page).pressSequentially(name, { delay: 20 });
  await answered;
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('row').nth(2)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Not the statistics, not another tab's list: the users list only (the search, then the cleared list).
  expect(asked.length).toBeGreaterThan(0);
  expect([...new Set(asked)]).toEqual(['admin.users.list']);
});

test('the console’s JSON goes only to /trpc: the CSV report is its one /api call', async ({ page }) => {
  test.setTimeout(60_000);
  await openAdmin(page);
  const offTrpc: string[] = [];
  const procedures = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() !== 'fetch' && r.resourceType() !== 'xhr') return;
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/trpc/')) for (const c of trpcCallsOf(r.url())) procedures.add(c.path);
    else if (pathname !== '/api/admin/report.csv') offTrpc.push(`${r.method()} ${pathname}`);
  });
  // A fresh load of each tab's own URL (the loaders) and a visit by its link (the components).
  for (const path of ['/admin', '/admin/users', '/admin/policies?page=1', '/admin/logs', '/admin/quotes', '/admin/callbacks']) {
    await page.goto(path);
    await expect(page.getByTestId('stat-total-users')).not.toBeEmpty();
  }
  for (const name of ['Users', 'Policies', 'Logs', 'Quote requests', 'Callback requests'] as const) await openTab(page, name);
  await tab(page, 'Overview').click();
  // The policy form's owner select reads the users too.
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Policy' }).locator('select[name="userId"] option').nth(1)).toBeAttached();
  await page.keyboard.press('Escape');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await download;
  await expect(page.getByText('Report generated successfully')).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(offTrpc).toEqual([]);
  for (const p of ['admin.stats', 'admin.users.list', 'admin.policies.list', 'admin.logs.list', 'admin.quotes.list', 'admin.callbacks.list']) {
    expect([...procedures], p).toContain(p);
  }
});

test('users are paged by 10 with Previous and Next', async ({ page, request }) => {
  const prefix = unique('pg');
  for (let i = 0; i < 11; i++) await createAccount(request, { username: `${prefix}u${i}`, password: PASSWORD });
  await openAdmin(page);
  await openTab(page, 'Users');
  await search(page, 'admin.users.list', prefix);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('row')).toHaveCount(2);
  // The page is in the URL: a reload shows it again.
  await page.reload();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page).not.toHaveURL(/page=/);
  await search(page, 'admin.users.list', `${prefix}u10`);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByText(/Page \d of/)).toHaveCount(0);
});

test('add, edit and delete a user through the modal', async ({ page }) => {
  const name = unique('mod');
  await openAdmin(page);
  await openTab(page, 'Users');
  const totalUsers = Number(await page.getByTestId('stat-total-users').textContent());
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
  // A new user moves the count.
  await expect(page.getByTestId('stat-total-users')).toHaveText(String(totalUsers + 1));
  // The notice goes after 3 seconds.
  await expect(page.getByText('User created successfully')).toBeHidden({ timeout: 6000 });

  await search(page, 'admin.users.list', name);
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
  await expect(page.getByTestId('stat-total-users')).toHaveText(String(totalUsers));
  // The server's audit entries show on the Logs tab without a reload.
  await tab(page, 'Logs').click();
  await expect(page.getByText(`Deleted user: ${name}`)).toBeVisible();
});

test('add and edit a policy with the form defaults; once in force it is not deleted', async ({ page }) => {
  const holder = unique('Holder');
  await openAdmin(page);
  await openTab(page, 'Policies');
  await page.getByRole('button', { name: 'Add Policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Policy' });
  await expect(dialog.locator('input[name="startTime"]')).toHaveValue('09:00 AM');
  await expect(dialog.locator('input[name="endTime"]')).toHaveValue('11:59 PM');
  await expect(dialog.locator('select[name="status"]')).toHaveValue('active');
  await expect(dialog.locator('select[name="status"] option')).toHaveText(['Active', 'Expired', 'Pending', 'Cancelled']);
  await expect(dialog.locator('select[name="product"]')).toHaveValue('temporary');
  await expect(dialog.locator('input[name="premium"]')).toHaveValue('');
  await expect(dialog.locator('select[name="userId"]')).toHaveValue('');
  await dialog.locator('input[name="holderName"]').fill(holder);
  await dialog.locator('input[name="carModel"]').fill('Kia Picanto');
  await dialog.locator('input[name="driverName"]').fill(holder);
  await dialog.locator('input[name="licenseNumber"]').fill('JONES801015JJ9AB');
  // Cover in force now: started yesterday, ends in two days.
  const [start, end] = [ukDate(-1), ukDate(2)];
  await dialog.locator('input[name="startDate"]').fill(start);
  await dialog.locator('input[name="endDate"]').fill(end);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Policy created successfully')).toBeVisible();

  await search(page, 'admin.policies.list', holder);
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText(`${start} 09:00 AM`);
  await expect(row).toContainText(`${end} 11:59 PM`);
  await expect(row).toContainText('N/A');
  await expect(row).toContainText('Temporary car cover');
  await expect(row).not.toContainText('£');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: /^Edit policy/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Policy' });
  await expect(edit.locator('input[name="holderName"]')).toHaveValue(holder);
  await expect(edit.locator('input[name="startTime"]')).toHaveValue('09:00 AM');
  await edit.locator('input[name="carModel"]').fill('Toyota Yaris');
  await edit.locator('select[name="status"]').selectOption('pending');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Policy updated successfully')).toBeVisible();
  await expect(row).toContainText('Toyota Yaris');
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();

  // The change is in the policy's history, newest first (docs/product.md#policy-history).
  await row.getByRole('button', { name: /^Edit policy/ }).click();
  const history = page.getByRole('dialog', { name: 'Edit Policy' }).getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('by owner');
  await expect(history.getByRole('listitem').first()).toContainText('vehicle: Kia Picanto → Toyota Yaris');
  await expect(history.getByRole('listitem').first()).toContainText('status: active → pending');
  await expect(history).toContainText(`holder: none → ${holder}`);
  // The times the server wrote read in the console's one style: nothing in the dialog is 24-hour.
  await expect(history).toContainText(`start: none → ${ukDateText(start)}, 09:00 AM`);
  await expect(history).toContainText(`end: none → ${ukDateText(end)}, 11:59 PM`);
  const dialogText = await page.getByRole('dialog', { name: 'Edit Policy' }).innerText();
  expect(dialogText.match(/\b([01]\d|2[0-3]):[0-5]\d\b(?! ?[AP]M)/g)).toBeNull();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Edit Policy' })).toBeHidden();

  // It was active, so it is kept (docs/product.md#policies): the console says why and the row stays.
  await row.getByRole('button', { name: /^Delete policy/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this policy? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete Policy Failed')).toBeVisible();
  await expect(page.getByText('A policy that was in force cannot be deleted; cancel it instead')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
});

test('a policy never in force is deleted', async ({ page, request }) => {
  const holder = unique('Draft');
  await createPolicy(request, holder, { status: 'pending' });
  await openAdmin(page);
  await openTab(page, 'Policies');
  await search(page, 'admin.policies.list', holder);
  await page.getByRole('row').nth(1).getByRole('button', { name: /^Delete policy/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
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
  await failProcedure(page, 'admin.stats', { message: 'Stats are unavailable' });
  await signIn(page, OWNER.username, OWNER.password);
  await page.waitForURL('**/admin');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Stats are unavailable');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByTestId('stat-pending-claims')).toHaveText(/^\d+$/);

  // A tab's own list fails inside the tab, and recovers the same way.
  await failProcedure(page, 'admin.policies.list', { message: 'Policies are unavailable' });
  await tab(page, 'Policies').click();
  const listAlert = page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data' });
  await expect(listAlert).toContainText('Policies are unavailable');
  await listAlert.getByRole('button', { name: 'Try again' }).click();
  await expect(listAlert).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Policy #' })).toBeVisible();
});

test('server refusals: field messages go on the fields, a 429 shows how long to wait', async ({ page }) => {
  const name = unique('ref');
  await openAdmin(page);
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.locator('input[name="username"]').fill(name);
  await dialog.locator('input[name="email"]').fill(`${name}@example.test`);
  await dialog.locator('input[name="password"]').fill(PASSWORD);

  await failProcedure(page, 'admin.users.create', {
    message: 'Please check the highlighted fields.',
    code: 'BAD_REQUEST',
    httpStatus: 400,
    details: { formErrors: [], fieldErrors: { email: ['That address cannot receive mail'] } },
  });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('That address cannot receive mail')).toBeVisible();
  await expect(dialog.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await failProcedure(page, 'admin.users.create', { message: 'Too many changes at once.', code: 'TOO_MANY_REQUESTS', httpStatus: 429, retryAfter: 30 });
  await dialog.getByRole('button', { name: 'Create' }).click();
  const alert = dialog.getByRole('alert').filter({ hasText: 'Create User Failed' });
  await expect(alert).toContainText('Too many changes at once. You can try again in 30 seconds.');
  await expect(dialog).toBeVisible();
});

test('a non-owner admin sees the owner controls disabled', async ({ page, request }) => {
  const admin = unique('adm');
  await createAccount(request, { username: admin, password: PASSWORD, isAdmin: true });
  await openAdmin(page, admin, PASSWORD);
  await openTab(page, 'Users');
  await search(page, 'admin.users.list', OWNER.username);
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
  await page.goto('/admin/users?page=2');
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
  const scan = () => axeViolations(page);
  await expect(page.getByTestId('stat-total-users')).not.toBeEmpty();
  expect(await scan()).toEqual([]);
  for (const name of ['Users', 'Policies', 'Logs'] as const) {
    await openTab(page, name);
    expect(await scan(), name).toEqual([]);
  }
  await tab(page, 'Overview').click();
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
  // A refused report shows the server's message.
  await page.route('**/api/admin/report.csv', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Reports are paused' }) }));
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Generate Report Failed' })).toContainText('Reports are paused');
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
  // The server names the field too: it is marked.
  await expect(dialog.locator('input[name="username"]')).toHaveAttribute('aria-invalid', 'true');
});

// ---- Products, premiums and badges (docs/product.md#policies-and-certificates) -------------------------

test('a learner policy with a premium: its product, premium and a "Starts …" badge until cover starts', async ({ page }) => {
  const holder = unique('Learner');
  const [start, end] = [ukDate(10), ukDate(40)];
  await openAdmin(page);
  await openTab(page, 'Policies');
  await page.getByRole('button', { name: 'Add Policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Policy' });
  await dialog.getByLabel('Product').selectOption({ label: 'Learner driver cover' });
  await expect(dialog.locator('input[name="premium"]')).toHaveAttribute('inputmode', 'decimal');
  await dialog.locator('input[name="holderName"]').fill(holder);
  await dialog.locator('input[name="carModel"]').fill('Vauxhall Corsa');
  await dialog.locator('input[name="driverName"]').fill(holder);
  await dialog.locator('input[name="licenseNumber"]').fill('LEARN801015JJ9AB');
  await dialog.locator('input[name="registration"]').fill('ab12 cde');
  await dialog.locator('input[name="startDate"]').fill(start);
  await dialog.locator('input[name="endDate"]').fill(end);
  // The contract's money rule, before anything is sent.
  await dialog.getByLabel('Premium').fill('58.555');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Enter pounds and pence with at most two decimal places')).toBeVisible();
  await expect(dialog.getByLabel('Premium')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Premium').fill('£58.5');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Policy created successfully')).toBeVisible();

  await search(page, 'admin.policies.list', holder);
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText('Learner driver cover');
  await expect(row).toContainText('£58.50');
  const badge = row.getByText(`Starts ${ukDateText(start)}`, { exact: true });
  await expect(badge).toBeVisible();
  await expect(row).not.toContainText('Active');

  // The edit form opens with them.
  await row.getByRole('button', { name: /^Edit policy/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Policy' });
  await expect(edit.getByLabel('Product')).toHaveValue('learner');
  await expect(edit.getByLabel('Premium')).toHaveValue('58.50');
  await expect(edit.locator('input[name="registration"]')).toHaveValue('AB12 CDE');
  // A 400 from the server puts its message on the premium field.
  await failProcedure(page, 'admin.policies.update', {
    message: 'Some of the details are not valid',
    code: 'BAD_REQUEST',
    httpStatus: 400,
    details: { formErrors: [], fieldErrors: { premium: ['Enter an amount up to £100,000'] } },
  });
  await edit.getByLabel('Premium').fill('99');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit.getByText('Enter an amount up to £100,000')).toBeVisible();
  await expect(edit.getByLabel('Premium')).toHaveAttribute('aria-invalid', 'true');
  await expect(edit.getByRole('alert')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Policy updated successfully')).toBeVisible();
  await expect(row).toContainText('£99.00');
});

test('status badges: Cancelled grey, Pending yellow, Expired red, Active green, all readable', async ({ page, request }) => {
  const prefix = unique('Badge');
  const live = { startDate: ukDate(-1), endDate: ukDate(3) };
  for (const status of ['active', 'pending', 'expired', 'cancelled']) await createPolicy(request, `${prefix} ${status}`, { ...live, status });
  await openAdmin(page);
  await openTab(page, 'Policies');
  await search(page, 'admin.policies.list', prefix);
  await expect(page.getByRole('row')).toHaveCount(5);
  const badge = (status: string, text: string) => page.getByRole('row').filter({ hasText: `${prefix} ${status}` }).getByText(text, { exact: true });
  await expect(badge('cancelled', 'Cancelled')).toHaveClass(/bg-slate-100/);
  await expect(badge('pending', 'Pending')).toHaveClass(/bg-yellow-100/);
  await expect(badge('expired', 'Expired')).toHaveClass(/bg-red-100/);
  await expect(badge('active', 'Active')).toHaveClass(/bg-green-100/);
  // A pending policy whose dates say "now" is still not shown as Active.
  await expect(page.getByRole('row').filter({ hasText: `${prefix} pending` })).not.toContainText('Active');
  expect(await axeViolations(page, 'table')).toEqual([]);
});

// ---- Staff safety (docs/product.md#admin-console) ------------------------------------------------------

test('deleting a user who holds cover names those policies; they stay listed with N/A', async ({ page, request }) => {
  test.setTimeout(60_000);
  const username = unique('holder');
  const userId = await createAccount(request, { username, password: PASSWORD });
  const liveStart = ukDate(-1);
  const laterStart = ukDate(12);
  const live = await createPolicy(request, `${username} Live`, { userId, product: 'learner', startDate: liveStart, endDate: ukDate(5) });
  const later = await createPolicy(request, `${username} Later`, { userId, product: 'business', startDate: laterStart, endDate: ukDate(20) });
  const ended = await createPolicy(request, `${username} Ended`, { userId, status: 'cancelled', startDate: liveStart, endDate: ukDate(5) });

  await openAdmin(page);
  await openTab(page, 'Users');
  await search(page, 'admin.users.list', username);
  const opener = page.getByRole('button', { name: `Delete ${username}` });
  await opener.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
  await expect(confirm.locator('p').first()).toHaveText('Are you sure you want to delete this user? This action cannot be undone. An account that holds any policy is closed instead: kept with its policies, and it can no longer sign in.');
  const held = confirm.getByRole('listitem');
  await expect(held).toHaveCount(2);
  await expect(held.filter({ hasText: live.policyNumber })).toContainText(`Learner driver cover, ${ukDateText(liveStart)}, 09:00 AM to`);
  await expect(held.filter({ hasText: live.policyNumber })).toContainText('in force now');
  await expect(held.filter({ hasText: later.policyNumber })).toContainText(`Business use cover, ${ukDateText(laterStart)}, 09:00 AM`);
  await expect(held.filter({ hasText: later.policyNumber })).toContainText(`starts ${ukDateText(laterStart)}`);
  await expect(confirm).not.toContainText(ended.policyNumber);
  await expect(confirm).toContainText('These policies are kept: the account is closed, not deleted, and staff still see them under Policies.');
  await expect(confirm).toHaveAccessibleDescription(/^Are you sure you want to delete this user\? This action cannot be undone\. An account that holds any policy is closed instead.*2 policies whose cover has not ended/);
  expect(await axeViolations(page, '[role="alertdialog"]')).toEqual([]);
  // Cancel changes nothing and gives focus back.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(confirm.getByRole('listitem')).toHaveCount(2);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // It holds policies: closed, not deleted (docs/product.md#closed-accounts), and the list says so.
  await expect(page.getByText('User account closed: it holds policies, so it is kept and can no longer sign in')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: username })).toContainText('Closed');
  await expect(page.getByRole('button', { name: `Edit ${username}` })).toBeDisabled();

  // The search term goes along to the Policies tab; the policies keep their holder.
  await tab(page, 'Policies').click();
  await expect(searchBox(page)).toHaveValue(username);
  await expect(page.getByRole('row')).toHaveCount(4);
  for (const p of [live, later, ended]) await expect(page.getByRole('row').filter({ hasText: p.policyNumber })).toContainText(username);
});

test('a user without cover: the confirmation says so; a failed check says so and tries again', async ({ page, request }) => {
  const username = unique('nocover');
  await createAccount(request, { username, password: PASSWORD });
  await openAdmin(page);
  await openTab(page, 'Users');
  await search(page, 'admin.users.list', username);
  await failProcedure(page, 'admin.users.coverHeld', { message: 'Cover is unavailable' });
  await page.getByRole('button', { name: `Delete ${username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
  const failed = confirm.getByRole('alert').filter({ hasText: 'Could not check the cover this account holds' });
  await expect(failed).toContainText('Cover is unavailable Any policies it holds are kept and stay visible to staff.');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(confirm).toContainText(`${username} holds no live, upcoming or pending cover.`);
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
});

test('Delete is disabled on your own row, with the reason', async ({ page }) => {
  await openAdmin(page);
  await openTab(page, 'Users');
  await search(page, 'admin.users.list', OWNER.username);
  const own = page.getByRole('button', { name: `Delete ${OWNER.username}`, exact: true });
  await expect(own).toBeDisabled();
  await expect(own).toHaveAccessibleDescription('You cannot delete your own account');
  await expect(page.getByRole('row').filter({ has: own }).getByText('You cannot delete your own account')).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${OWNER.username}`, exact: true })).toBeEnabled();
});

test('a non-owner admin’s own row gives both reasons; another user’s Delete stays enabled', async ({ page, request }) => {
  const admin = unique('selfadm');
  const other = unique('other');
  await createAccount(request, { username: admin, password: PASSWORD, isAdmin: true });
  await createAccount(request, { username: other, password: PASSWORD });
  await openAdmin(page, admin, PASSWORD);
  await openTab(page, 'Users');
  await search(page, 'admin.users.list', admin);
  const mine = page.getByRole('button', { name: `Delete ${admin}`, exact: true });
  await expect(mine).toBeDisabled();
  await expect(mine).toHaveAccessibleDescription('Only an owner can change admins and owners You cannot delete your own account');
  await search(page, 'admin.users.list', other);
  await expect(page.getByRole('button', { name: `Delete ${other}`, exact: true })).toBeEnabled();
});

test('closing a changed form asks "Discard changes?"; an unchanged one closes at once', async ({ page }) => {
  await openAdmin(page);
  const opener = page.getByRole('button', { name: 'Add New User' });
  const form = page.getByRole('dialog', { name: 'Add User' });
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });

  // Unchanged: Escape, Cancel and the close button close at once.
  await opener.click();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(ask).toHaveCount(0);
  await opener.click();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await opener.click();
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(form).toHaveCount(0);
  await expect(ask).toHaveCount(0);

  // Changed: Escape asks; focus moves into the question and back; Keep editing keeps what was typed.
  await opener.click();
  const username = form.locator('input[name="username"]');
  await username.fill('half-typed');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expect(ask).toHaveAttribute('aria-modal', 'true');
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await expect(ask).toHaveAccessibleDescription(/changes that are not saved/);
  expect(await axeViolations(page, '[role="alertdialog"]')).toEqual([]);
  // Tab stays in the question.
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    expect(await ask.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toHaveCount(0);
  await expect(form).toBeVisible();
  await expect(username).toHaveValue('half-typed');
  await expect(username).toBeFocused();
  // Escape on the question is Keep editing too.
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(form).toBeVisible();

  // Cancel asks as well; Discard closes the form and focus goes back to what opened it.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(ask).toHaveCount(0);
  await expect(form).toHaveCount(0);
  await expect(opener).toBeFocused();

  // A change put back is no change.
  await opener.click();
  await username.fill('x');
  await username.fill('');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(ask).toHaveCount(0);
});

test('an edited policy asks before its changes are dropped, by the close button too', async ({ page, request }) => {
  const holder = unique('Discard');
  await createPolicy(request, holder, { startDate: ukDate(-1), endDate: ukDate(3) });
  await openAdmin(page);
  await openTab(page, 'Policies');
  await search(page, 'admin.policies.list', holder);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: /^Edit policy/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit Policy' });
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  // Opening and closing without a change asks nothing.
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(form).toHaveCount(0);
  await page.getByRole('button', { name: /^Edit policy/ }).click();
  await form.getByLabel('Product').selectOption('business');
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('row').nth(1)).toContainText('Temporary car cover');
});

test('the policy form and the confirmations have no serious accessibility violations', async ({ page, request }) => {
  test.setTimeout(60_000);
  const username = unique('axe');
  const userId = await createAccount(request, { username, password: PASSWORD });
  await createPolicy(request, `${username} Live`, { userId, startDate: ukDate(-1), endDate: ukDate(3) });
  await openAdmin(page);
  await page.getByRole('button', { name: 'Create Policy' }).click();
  const form = page.getByRole('dialog', { name: 'Add Policy' });
  await expect(form.getByLabel('Product')).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]'), 'policy form').toEqual([]);
  // With its field errors showing.
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Holder name is required')).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]'), 'policy form with errors').toEqual([]);
  // Nothing was typed: Escape closes it without asking.
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  await openTab(page, 'Users');
  await search(page, 'admin.users.list', username);
  await page.getByRole('button', { name: `Delete ${username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
  await expect(confirm.getByRole('listitem')).toHaveCount(1);
  expect(await axeViolations(page, '[role="alertdialog"]'), 'delete user').toEqual([]);
});
