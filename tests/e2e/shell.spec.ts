import { expect, test } from '@playwright/test';

test('the home page renders from the built app with no CSP violations or console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Temporary Car Insurance' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Instant Quote' })).toHaveAttribute('href', '/request-quote-step1');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  expect(problems).toEqual([]);
});

test('an unknown path shows 404 Not Found inside the frame', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Financial Conduct Authority');
});

test('the API answers on the same origin, never with the SPA page', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  for (const path of ['/api/not-a-route', '/api', '/trpc', '/api/admin/nothing/../../nope']) {
    const unknown = await request.get(path);
    expect(unknown.status(), path).toBe(404);
    expect(await unknown.json(), path).toEqual({ error: 'Not found' });
  }
  const procedure = await request.get('/trpc/no.such.procedure');
  expect(procedure.status()).toBe(404);
  expect(procedure.headers()['content-type']).toContain('application/json');
});

test('scripts are sent precompressed and cached for good; the page itself is revalidated', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const main = scripts.find((p) => p.startsWith('/assets/index-'));
  expect(main).toBeTruthy();
  const res = await request.get(main!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['vary']).toContain('Accept-Encoding');
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const html = await request.get('/');
  expect(html.headers()['cache-control']).toBe('no-cache');
});
