// One view of a customer in the browser (docs/product.md#one-view-of-a-customer): opened with 'View' from the Users
// tab at /admin/users/{id}; the account, policies with payments and the e-mails sent (subject only); a policy opens
// in the Policies tab; a failed load offers Try again; it reflows to 320 px and passes the accessibility scan.
import { expect, test } from '@playwright/test';
import { axeViolations, openAdmin, ownerHeaders, search, tab } from './admin-helpers';
import { adminPolicy, createAccount, failProcedure, latestMailTo, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

test('View on the Users tab opens one view of the customer', async ({ page, request }) => {
  test.setTimeout(60_000);
  const username = unique('viewed');
  const userId = await createAccount(request, { username, password: 'e2e-view-password' });
  const headers = await ownerHeaders(request);
  const data = { userId, holderName: `${username} Holder`, carModel: 'Ford Fiesta', driverName: 'Dee Driver', licenseNumber: 'SMITH801015JJ9AB', startDate: '2026-07-01', startTime: '09:00', endDate: '2026-07-02', endTime: '23:59', status: 'expired', premium: '£80.00' };
  const policy = await adminPolicy(request, data, headers);
  const paid = await request.post(`/api/admin/policies/${policy.id}/payments`, { headers, data: { amount: '£30.00', method: 'bank-transfer', reference: 'E2E-VIEW' } });
  expect(paid.status(), await paid.text()).toBe(201);
  const invitation = await latestMailTo(`${username}@example.test`);

  await openAdmin(page);
  await tab(page, 'Users').click();
  await search(page, 'admin.users.list', username);
  // A failed first load says so and Try again recovers.
  await failProcedure(page, 'admin.users.overview', { message: 'Customer is unavailable' });
  await page.getByRole('link', { name: `View ${username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${userId}(\\?|$)`));
  const failed = page.getByRole('alert').filter({ hasText: 'Customer is unavailable' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Try again' }).click();

  const view = page.getByRole('article', { name: `Customer ${username}` });
  await expect(view).toBeVisible();
  const section = (name: string) => view.getByRole('region', { name });
  await expect(section('Account')).toContainText(`${username}@example.test (Not confirmed)`);
  await expect(section('Account')).toContainText('Open');
  await expect(section('Contact details')).toContainText('No contact details');
  await expect(section('Quote requests')).toContainText('No quote requests');
  await expect(section('Policies').getByRole('listitem')).toHaveCount(1);
  await expect(section('Policies')).toContainText(policy.policyNumber);
  await expect(section('Policies')).toContainText('Expired');
  await expect(section('Policies')).toContainText('£30.00; £50.00 to pay');
  await expect(section('Payments')).toContainText(`£30.00 for ${policy.policyNumber}`);
  await expect(section('Payments')).toContainText('E2E-VIEW');
  await expect(section('E-mails')).toContainText(invitation.subject);
  // The subject, never the text.
  await expect(view).not.toContainText(invitation.text.slice(0, 40));
  expect(await axeViolations(page, 'article')).toEqual([]);

  // 320 px: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  await expect(view).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1366, height: 800 });

  // The policy opens on the Policies tab, found by its number.
  await section('Policies').getByRole('link', { name: `Open ${policy.policyNumber} in Policies` }).click();
  await expect(tab(page, 'Policies')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row').filter({ hasText: policy.policyNumber })).toBeVisible();

  // Back returns to the view; 'Back to users' to the list.
  await page.goBack();
  await expect(view).toBeVisible();
  await page.getByRole('link', { name: 'Back to users' }).click();
  await expect(tab(page, 'Users')).toHaveAttribute('aria-current', 'page');
});
