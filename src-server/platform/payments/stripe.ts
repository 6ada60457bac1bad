// The card provider is Stripe Checkout, through the official SDK (docs/product.md#paying-online): a hosted page for an
// amount the server fixed, refunds by payment intent, and webhook events whose signature the SDK checks. No card
// number reaches the product. STRIPE_API_URL points the SDK at another host (the tests' stand-in of Stripe's API,
// tests/stripe/stand-in.ts); left out, it talks to Stripe itself (docs/operations.md#card-payments).
import Stripe from 'stripe';
import type { CheckoutOrder, CheckoutSession, PaymentEvent, Payments } from './provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (http://127.0.0.1:4412): split into the SDK's host, port and protocol. */
  apiUrl?: string | undefined;
}

/** The SDK's host, port and protocol for an origin such as http://127.0.0.1:4412. */
export function apiAddress(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port), protocol };
}

const asText = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v && typeof v.id === 'string' ? v.id : null);

function metadataOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The event in the product's words: a completed checkout session's amount, currency, payment intent and metadata. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  if (event.type !== 'checkout.session.completed') return { id: event.id, type: event.type };
  const s = event.data.object;
  return {
    id: event.id,
    type: event.type,
    session: {
      id: s.id,
      paymentStatus: s.payment_status,
      amountTotal: s.amount_total ?? null,
      currency: s.currency ?? null,
      paymentIntent: asText(s.payment_intent),
      metadata: metadataOf(s.metadata),
    },
  };
}

export function createStripePayments({ secretKey, webhookSecret, apiUrl }: StripeSettings): Payments {
  // Two retries on a network failure, each with the same idempotency key: Stripe answers a replay with the first answer.
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(apiUrl ? apiAddress(apiUrl) : {}) });
  return {
    async createCheckout(order: CheckoutOrder): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: order.currency, unit_amount: order.amountPence, product_data: { name: order.description } } }],
          customer_email: order.customerEmail,
          success_url: order.successUrl,
          cancel_url: order.cancelUrl,
          metadata: order.metadata,
          payment_intent_data: { metadata: order.metadata },
          // Fixed by the order, not the moment of sending: a replay of the key sends the same parameters.
          ...(order.expiresAt === undefined ? {} : { expires_at: Math.floor(order.expiresAt / 1000) }),
        },
        { idempotencyKey: order.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe made checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url, expiresAt: session.expires_at * 1000 };
    },
    async refund(paymentIntent, amountPence, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: amountPence }, { idempotencyKey });
      return { id: refund.id };
    },
    parseEvent(rawBody, signature) {
      if (!signature) throw new Error('No Stripe-Signature header');
      // The signature's age is checked against the wall clock (5 minutes), as Stripe signs it: not the app's clock.
      return toPaymentEvent(stripe.webhooks.constructEvent(rawBody, signature, webhookSecret));
    },
  };
}
