// Paying online (docs/product.md#paying-online) in a browser, against the stand-in of Stripe's API that the browser
// tests' server runs (scripts/e2e-server.mjs): Buy opens the hosted page for the price, 'Pay' there sends the server
// its signed webhook event and comes back to the success URL once the server has answered it, so the cover is in
// force by then; 'Cancel' comes back to the price, the policy still pending.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { PolicyView } from '../../src-server/contract/views';
import { apiToken, newCustomer } from './fixtures';
import { requestQuote } from './quote-flow';

const PASSWORD = 'e2e-buyer-password';

/** A confirmed customer's priced request, bought through the API: the hosted page's address and the policy. */
async function bought(request: APIRequestContext): Promise<{ checkoutUrl: string; policyNumber: string; reference: string; auth: { authorization: string } }> {
  const customer = await newCustomer(request, 'buyer', PASSWORD, { confirmed: true });
  const { reference } = await requestQuote(request, { firstName: 'Amelia', lastName: 'Fletcher', email: customer.email });
  const auth = { authorization: `Bearer ${await apiToken(request, customer.username, PASSWORD)}` };
  const res = await request.post(`/api/user/quotes/${reference}/buy`, { headers: auth, data: { confirm: true } });
  expect(res.status(), await res.text()).toBe(200);
  return { ...((await res.json()) as { checkoutUrl: string; policyNumber: string }), reference, auth };
}

async function statusOf(request: APIRequestContext, auth: { authorization: string }, policyNumber: string): Promise<string | undefined> {
  const res = await request.get('/api/user/policies', { headers: auth });
  return ((await res.json()) as PolicyView[]).find((p) => p.policyNumber === policyNumber)?.status;
}

test('paying on the hosted page puts the cover in force before the browser comes back', async ({ page, request }) => {
  const { checkoutUrl, policyNumber, auth } = await bought(request);
  expect(await statusOf(request, auth, policyNumber)).toBe('pending');
  await page.goto(checkoutUrl);
  await expect(page.getByRole('heading', { name: /^Pay £\d+\.\d{2}$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/purchase/done' && url.searchParams.get('policy') === policyNumber);
  expect(await statusOf(request, auth, policyNumber)).toBe('active');
});

test('cancelling on the hosted page comes back to the price, the policy still pending', async ({ page, request }) => {
  const { checkoutUrl, policyNumber, reference, auth } = await bought(request);
  await page.goto(checkoutUrl);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL((url) => url.pathname === '/request-quote-step3' && url.searchParams.get('reference') === reference && url.searchParams.get('cancelled') === '1');
  expect(await statusOf(request, auth, policyNumber)).toBe('pending');
});
