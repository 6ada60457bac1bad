// The API reference page, /api/docs (docs/api.md#openapi), in the browser: Scalar's bundle, served by this server,
// renders the OpenAPI document under the page's own sandboxed CSP, with nothing fetched from anywhere else.
import { expect, test } from '@playwright/test';

test('renders the OpenAPI document: its title, a tag and an operation, with no request to another origin', async ({ page, baseURL }) => {
  const elsewhere: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(baseURL!) && !req.url().startsWith('data:')) elsewhere.push(req.url());
  });
  const scriptLoaded = page.waitForResponse((res) => res.url().includes('/api/docs/scalar-api-reference-') && res.status() === 200);
  const documentLoaded = page.waitForResponse((res) => res.url().endsWith('/api/openapi.json') && res.status() === 200);
  await page.goto('/api/docs');
  await scriptLoaded;
  await documentLoaded;
  await expect(page.getByRole('heading', { name: 'Kerbside Cover API' }).first()).toBeVisible({ timeout: 15_000 });
  const sidebar = page.getByRole('navigation', { name: 'Sidebar for Kerbside Cover API' });
  await expect(sidebar.getByRole('button', { name: 'Up, and the database answers HTTP Method: GET' })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Admin: policies Open Group' }).click();
  await expect(sidebar.getByRole('button', { name: 'Make a policy HTTP Method: POST' })).toBeVisible();
  expect(elsewhere).toEqual([]);
});
