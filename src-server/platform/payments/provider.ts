// The card provider as the product needs it (docs/product.md#paying-online): a hosted checkout for an amount the
// server fixed, refunds, and the webhook's events with their signature checked. platform/payments/stripe.ts is the
// one implementation (the official SDK); null in `deps.payments` when no key is set: payment is then taken by phone.

export interface CheckoutOrder {
  /** What is paid, in pence, in `currency` (GBP). */
  amountPence: number;
  currency: 'gbp';
  /** The line the hosted page shows ('Temporary car cover, KC-…'). */
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** Carried back by the webhook: the policy number, the kind (`purchase` or `extension`), an extension's id. */
  metadata: Record<string, string>;
  /** The same key makes the same session: a retry after a lost answer pays once. */
  idempotencyKey: string;
  /**
   * When the hosted page closes (epoch ms; Stripe takes 30 minutes to 24 hours ahead), the same for every use of
   * the key; left out, the provider's default (24 hours).
   */
  expiresAt?: number;
}

export interface CheckoutSession {
  id: string;
  url: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** A webhook event the product acts on, parsed from a body whose signature checked. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** For checkout.session.completed: the session as sent. */
  session?: {
    id: string;
    paymentStatus: string;
    amountTotal: number | null;
    currency: string | null;
    paymentIntent: string | null;
    metadata: Record<string, string>;
  };
}

export interface Payments {
  createCheckout(order: CheckoutOrder): Promise<CheckoutSession>;
  refund(paymentIntent: string, amountPence: number, idempotencyKey: string): Promise<{ id: string }>;
  /** Throws when the signature does not check against the webhook secret. */
  parseEvent(rawBody: string, signature: string | undefined): PaymentEvent;
}
