// Staff cancelling a policy in the console (docs/product.md#cancelling-and-voiding): the Edit Policy dialog's
// "Cancel policy" opens an accessible dialog; a missing reason and a refund over what was paid are shown by their
// fields; a cancellation with a reason ends the cover, the list says Cancelled and the history keeps the reason.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations, openAdmin, search, tab, ukDate } from './admin-helpers';
import { adminPolicy, latestMailTo, newCustomer, unique } from './fixtures';

test.use({ serviceWorkers: 'block' });

const livePolicy = (request: APIRequestContext, holderName: string, userId: number) =>
  adminPolicy(request, { userId, holderName, carModel: 'Ford Fiesta', driverName: holderName, licenseNumber: 'SMITH801015JJ9AB', startDate: ukDate(-1), startTime: '09:00', endDate: ukDate(5), endTime: '23:59' });

test('staff cancel a live policy with a reason; a missing reason and a refund over what was paid are refused by the fields', async ({ page, request }) => {
  // Nothing about a policy goes to an address its account never proved (docs/product.md#e-mail-confirmation).
  const { id: userId, username } = await newCustomer(request, 'cancelled', 'e2e-cancel-password', { confirmed: true });
  const holder = unique('Holder');
  const policy = await livePolicy(request, holder, userId);

  await openAdmin(page);
  await tab(page, 'Policies').click();
  await search(page, 'admin.policies.list', holder);
  const row = page.getByRole('row').filter({ hasText: policy.policyNumber });
  await row.getByRole('button', { name: /^Edit policy/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Policy' });
  const actions = edit.getByRole('region', { name: 'Actions' });
  // Live cover: it can be cancelled, not voided.
  await expect(actions.getByRole('button', { name: 'Void policy' })).toHaveCount(0);
  const opener = actions.getByRole('button', { name: 'Cancel policy' });
  await opener.click();

  const dialog = page.getByRole('dialog', { name: `Cancel policy ${policy.policyNumber}` });
  const reason = dialog.locator('textarea[name="reason"]');
  await expect(reason).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  // No reason: the form says so by the field, and nothing is sent.
  await dialog.getByRole('button', { name: 'Cancel policy' }).click();
  await expect(dialog.getByText('Give a reason for cancelling')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');

  // A refund when nothing was paid: the server refuses, shown by the amount.
  await reason.fill('Sold the car');
  await dialog.locator('input[name="refund.amount"]').fill('10');
  await dialog.getByRole('button', { name: 'Cancel policy' }).click();
  await expect(dialog.getByText('The refund cannot be more than was paid (£0.00)')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: policy.policyNumber })).toContainText('Active');

  await dialog.locator('input[name="refund.amount"]').fill('');
  await dialog.getByRole('button', { name: 'Cancel policy' }).click();
  await expect(page.getByText(`Policy ${policy.policyNumber} cancelled`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: policy.policyNumber })).toContainText('Cancelled');

  // The history keeps the reason; the customer is told.
  await page.getByRole('row').filter({ hasText: policy.policyNumber }).getByRole('button', { name: /^Edit policy/ }).click();
  const history = page.getByRole('dialog', { name: 'Edit Policy' }).getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('(Sold the car)');
  await expect(history.getByRole('listitem').first()).toContainText('status: active → cancelled');
  const mail = await latestMailTo(`${username.toLowerCase()}@example.test`);
  expect(mail.subject).toBe(`Kerbside Cover: your policy ${policy.policyNumber} is cancelled`);
  expect(mail.text).toContain('Why: Sold the car');

  // The audit entry names when cover ended in the console's 12-hour style, as the e-mail does in 24-hour time.
  await page.keyboard.press('Escape');
  await tab(page, 'Logs').click();
  await search(page, 'admin.logs.list', policy.policyNumber);
  await expect(page.getByText(`Cancelled policy: ${policy.policyNumber} from`)).toHaveText(/ from \w{3} \d{1,2} \w{3} \d{4}, (0\d|1[0-2]):[0-5]\d [AP]M (GMT|BST)$/);
});
