// The quote queue's decisions (docs/product.md#the-three-answers): requests the rates priced, referred and declined,
// told apart by the Decision tabs (?decision= in the URL, with the search kept), each row's Decision column and the
// opened request's line naming the rule and its reason, or the rate version that priced it.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, openAdmin, search, tab } from './admin-helpers';
import { unique } from './fixtures';
import { requestQuote } from './quote-flow';

test.use({ serviceWorkers: 'block' });

const decisionTab = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Decision' }).getByRole('link', { name });
const rows = (page: Page) => page.locator('tbody tr');

test('staff tell instant, referred and declined requests apart', async ({ page, request }) => {
  const lastName = unique('Decide');
  const person = (first: string) => ({ firstName: first, lastName, email: `${first.toLowerCase()}.${lastName.toLowerCase()}@example.test` });
  const instant = await requestQuote(request, person('Ivy'));
  const referred = await requestQuote(request, person('Rex'), { licenceType: 'EU' });
  const declined = await requestQuote(request, person('Dot'), { otherConvictions: 'Yes' });

  await openAdmin(page);
  await tab(page, 'Quote requests').click();
  await page.waitForURL('**/admin/quotes');
  await search(page, 'admin.quotes.list', lastName);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole('list', { name: 'Requests by decision' }).getByText(/^Referred: \d+ requests?, \d+ bought$/)).toBeVisible();
  await expect(decisionTab(page, /^All$/)).toHaveAttribute('aria-current', 'page');
  expect(await axeViolations(page)).toEqual([]);

  const cases = [
    { name: /^Referred \(\d+\)$/, decision: 'referred', ref: referred.reference, cell: 'Referred', line: 'Referred: An EU or international licence (rule eu-or-international-licence)' },
    { name: /^Declined \(\d+\)$/, decision: 'declined', ref: declined.reference, cell: 'Declined', line: 'Declined: We cannot cover drivers with criminal (non-motoring) convictions (rule other-convictions)' },
    { name: /^Instant \(\d+\)$/, decision: 'instant', ref: instant.reference, cell: 'Instant', line: /^Priced instantly on rate version \d+$/ },
  ];
  for (const c of cases) {
    await decisionTab(page, c.name).click();
    await page.waitForURL((url) => url.searchParams.get('decision') === c.decision && url.searchParams.get('q') === lastName);
    await expect(decisionTab(page, c.name)).toHaveAttribute('aria-current', 'page');
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByText(c.ref)).toBeVisible();
    await expect(row.getByText(c.cell, { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Open ${c.ref}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(c.line)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
  }

  await decisionTab(page, /^All$/).click();
  await page.waitForURL((url) => !url.searchParams.has('decision'));
  await expect(rows(page)).toHaveCount(3);
});
