// POST /api/payments/webhook (docs/api.md#the-card-providers-webhook): the card provider's events, not an operation. It
// takes the raw body, whose signature is over its exact bytes, and no session: the signature is the proof. Its own
// body limit, smaller than the API's, is checked before anything reads the body; it is no JSON door of ours, so the
// JSON-only rule does not hold for it (the provider sends JSON, checked by the signature, not by us).
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { onlinePaymentMessages } from '../contract/online-payments';
import type { Deps } from '../deps';
import { handlePaymentWebhook } from '../modules/policies';

export const PAYMENTS_WEBHOOK_PATH = '/api/payments/webhook';
/** A Checkout event is a few kilobytes: 64 KB leaves room, and bounds what an unsigned body costs to refuse. */
const WEBHOOK_MAX_BYTES = 64 * 1024;

export const webhookBodyLimit = bodyLimit({ maxSize: WEBHOOK_MAX_BYTES, onError: (c) => c.json({ error: onlinePaymentMessages.webhookTooLarge }, 413) });

export function paymentsWebhook(deps: Deps) {
  return async (c: Context) => {
    const answer = await handlePaymentWebhook(deps, await c.req.text(), c.req.header('stripe-signature'));
    return c.json(answer.body, answer.status);
  };
}
