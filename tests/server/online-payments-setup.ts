// The app with online card payments for server tests (docs/product.md#paying-online): the real Stripe SDK
// (platform/payments/stripe.ts) against the stand-in of Stripe's API (tests/stripe/stand-in.ts), whose webhook
// events reach the app over real HTTP, as Stripe's would. Prices come from the example rate version.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { ensureExampleRates } from '../../src-server/modules/pricing';
import { createStripePayments } from '../../src-server/platform/payments/stripe';
import { startStripeStandIn, type StripeStandIn } from '../stripe/stand-in';
import { createHarness, T0, type Harness } from './harness';
import { submitQuote } from './quote-flow';

export const WEBHOOK_SECRET = 'whsec_test_kerbside_stand_in';

export interface PaymentsHarness {
  h: Harness;
  stripe: StripeStandIn;
  close(): Promise<void>;
}

export async function createPaymentsHarness(start = T0): Promise<PaymentsHarness> {
  // The app's port is known before the app is made: its webhook URL is the stand-in's to call.
  const target: { app?: (req: Request) => Response | Promise<Response> } = {};
  const listener: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: (req) => (target.app ? target.app(req) : new Response('starting', { status: 503 })), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const port = (listener.address() as AddressInfo).port;
  const stripe = await startStripeStandIn({ port: 0, webhookUrl: `http://127.0.0.1:${port}/api/payments/webhook`, webhookSecret: WEBHOOK_SECRET });
  const h = await createHarness(start, { payments: createStripePayments({ secretKey: 'sk_test_kerbside', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url }) });
  target.app = (req) => h.app.fetch(req);
  await ensureExampleRates(h.deps);
  return {
    h,
    stripe,
    async close() {
      await stripe.close();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await h.close();
    },
  };
}

let customers = 0;

/** A customer whose confirmed address sent a request the example rates price: their token, e-mail and the request. */
export async function pricedRequestOf(h: Harness, overrides: Record<string, unknown> = {}): Promise<{ token: string; email: string; reference: string; premiumPence: number }> {
  customers += 1;
  const username = `buyer${customers}`;
  const email = `${username}@example.test`;
  await h.addUser({ username, email });
  const token = await h.tokenFor(username);
  const { reference } = await submitQuote(h, { email, ...overrides });
  const rs = await h.database.client.execute({ sql: 'select decision, offer_premium_pence, user_id from quote_requests where reference = ?', args: [reference] });
  const row = rs.rows[0]!;
  if (row['decision'] !== 'instant' || row['user_id'] === null) throw new Error(`request ${reference} not priced for its account: ${JSON.stringify(row)}`);
  return { token, email, reference, premiumPence: Number(row['offer_premium_pence']) };
}
