// The card provider's webhook (docs/product.md#paying-online): the only thing that records an online payment. Its
// signature is checked by the provider's SDK; each event is handled once, by its id; a completed checkout's amount
// and currency must be the session's the server made; then the payment is recorded as staff's are (service.ts
// recordPaymentIn), as the server itself, which puts the cover in force and e-mails the documents. One transaction.
import { eq } from 'drizzle-orm';
import { messages } from '../../../contract/messages';
import { onlinePaymentMessages } from '../../../contract/online-payments';
import { formatPounds } from '../../../contract/pounds';
import type { Tx } from '../../../platform/db/client';
import { checkoutSessions, paymentEvents } from '../../../platform/db/schema/index';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import type { PaymentEvent } from '../../../platform/payments/provider';
import type { Deps } from '../../../deps';
import { SYSTEM_ACTOR } from '../policies/row';
import { policyById, recordPaymentIn } from './service';

/** What the route answers: 200 once the event is handled (or was before), 400 for a body whose signature fails. */
export type WebhookAnswer = { status: 200; body: { received: true } } | { status: 400 | 404; body: { error: string } };

interface Handled {
  outcome: string;
  activated: boolean;
}

const nothing = (outcome: string): Handled => ({ outcome, activated: false });

/**
 * A paid checkout session of a purchase: its session row, checked against what was made, then the payment. An
 * event that does not match records no payment: its outcome says why, and the log warns, for staff to look into.
 */
async function completedCheckout(deps: Deps, tx: Tx, event: PaymentEvent, now: number): Promise<Handled> {
  const session = event.session!;
  if (session.paymentStatus !== 'paid') return nothing(`ignored: payment status ${session.paymentStatus}`);
  const warn = (outcome: string) => {
    deps.logger.warn({ eventId: event.id, sessionId: session.id, outcome }, 'payment webhook: no payment recorded');
    return nothing(outcome);
  };
  // Extensions of cover are bought the same way, applied by their own hook once built (docs/product.md#paying-online).
  if (session.metadata['kind'] === 'extension') return warn('extension not handled');
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.sessionId, session.id)).limit(1);
  if (!row) return warn('unknown checkout session');
  if (row.kind !== 'purchase') return warn('extension not handled');
  if (row.paidAt !== null) return warn('checkout session paid already');
  if (session.currency !== row.currency) return warn(`currency ${session.currency ?? 'none'} is not the session's ${row.currency}`);
  if (session.amountTotal !== row.amountPence) {
    const paid = session.amountTotal === null ? 'no amount' : `amount ${session.amountTotal}`;
    return warn(`${paid} is not the session's ${row.amountPence} (${formatPounds(row.amountPence / 100)})`);
  }
  const reference = session.paymentIntent ?? session.id;
  const policy = await policyById(tx, row.policyId);
  const { activated } = await recordPaymentIn(deps, tx, SYSTEM_ACTOR, policy, { amountPence: row.amountPence, method: 'hosted-card', reference }, now);
  await tx.update(checkoutSessions).set({ paidAt: now, paymentIntent: session.paymentIntent }).where(eq(checkoutSessions.id, row.id));
  return { outcome: activated ? 'recorded: policy in force' : 'recorded', activated };
}

/** POST /api/payments/webhook: the raw body and its Stripe-Signature header, as the provider sent them. */
export async function handlePaymentWebhook(deps: Deps, rawBody: string, signature: string | undefined): Promise<WebhookAnswer> {
  if (!deps.payments) return { status: 404, body: { error: messages.notFound } };
  let event: PaymentEvent;
  try {
    event = deps.payments.parseEvent(rawBody, signature);
  } catch (err) {
    // Anyone can post here: a body that does not check is refused, recorded nowhere, and logged for the operator.
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'payment webhook: signature did not check');
    return { status: 400, body: { error: onlinePaymentMessages.badSignature } };
  }
  const now = deps.clock.now();
  const handled = await deps.write(async (tx): Promise<Handled | null> => {
    const [seen] = await tx.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id)).limit(1);
    // The provider delivers an event again until it has a 2xx, and may send one twice: the first delivery acts.
    if (seen) return null;
    const result = event.type === 'checkout.session.completed' && event.session ? await completedCheckout(deps, tx, event, now) : nothing('ignored');
    await tx.insert(paymentEvents).values({ eventId: event.id, type: event.type, receivedAt: now, outcome: result.outcome.slice(0, 500) });
    return result;
  });
  if (handled === null) deps.logger.info({ eventId: event.id }, 'payment webhook: event handled before, nothing done');
  if (handled?.activated) deliverSoon(deps, 'cover confirmation');
  return { status: 200, body: { received: true } };
}
