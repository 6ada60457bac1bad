// Buying a price online (docs/product.md#paying-online), the real Stripe SDK against the stand-in of Stripe's API:
// Buy accepts the price and issues its pending policy to the caller's account, then opens a checkout session for the
// price in pence (GBP, the policy in its metadata); the signed webhook records the payment once, through the staff's
// service, which puts the cover in force and e-mails the documents. Events that do not match the session, or whose
// signature fails, record no payment; the price must stand, the request be the caller's, and the server have a provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptanceMessages, paymentMessages } from '../../src-server/contract/payments';
import { onlinePaymentMessages, type BuyQuoteReply } from '../../src-server/contract/online-payments';
import type { StandInSession } from '../stripe/stand-in';
import { json, T0, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { logsMentioning, mailsTo } from './quote-flow';
import { createPaymentsHarness, pricedRequestOf, type PaymentsHarness } from './online-payments-setup';

let ph: PaymentsHarness;
let h: Harness;

beforeAll(async () => {
  ph = await createPaymentsHarness();
  h = ph.h;
});
afterAll(() => ph.close());

const buy = (token: string, reference: string, body: unknown = { confirm: true }) => h.request('POST', `/api/user/quotes/${reference}/buy`, { token, body });

async function rows(sql: string, args: (string | number)[] = []) {
  return (await h.database.client.execute({ sql, args })).rows;
}
const policyOf = async (policyNumber: string) => (await rows('select id, status, user_id, premium_pence from policies where policy_number = ?', [policyNumber]))[0]!;
const paymentsOf = async (policyId: number) => rows('select amount_pence, method, reference, username, user_id from policy_payments where policy_id = ? order by id', [policyId]);
const eventRow = async (id: string) => (await rows('select type, outcome from payment_events where event_id = ?', [id]))[0];
const sessionOf = (checkoutUrl: string): StandInSession => ph.stripe.sessions.get(checkoutUrl.split('/').pop()!)!;
const warnings = (text: string) => h.logs.filter((l) => l.level === 40 && JSON.stringify(l).includes(text));

/** Presses "Pay" on the stand-in's hosted page, as the browser does: it answers with the way back. */
async function pay(checkoutUrl: string): Promise<string | null> {
  const res = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

describe('buy, pay, and the webhook', () => {
  let buyer: Awaited<ReturnType<typeof pricedRequestOf>>;
  let reply: BuyQuoteReply;

  beforeAll(async () => {
    h.clock.set(T0);
    buyer = await pricedRequestOf(h);
    reply = await expectJson<BuyQuoteReply>(buy(buyer.token, buyer.reference), 200);
  });

  it('accepts online and issues the pending policy to the caller, with no "not covered yet" documents e-mail', async () => {
    const policy = await policyOf(reply.policyNumber);
    expect(policy).toMatchObject({ status: 'pending', premium_pence: buyer.premiumPence });
    const [user] = await rows('select id from users where email = ?', [buyer.email]);
    expect(policy['user_id']).toBe(user!['id']);
    const [request] = await rows('select status, accepted_via, policy_id from quote_requests where reference = ?', [buyer.reference]);
    expect(request).toMatchObject({ status: 'closed', accepted_via: 'online', policy_id: policy['id'] });
    expect(await logsMentioning(h, `Quote request ${buyer.reference}: quote accepted online by`)).toHaveLength(1);
    expect(await logsMentioning(h, `policy ${reply.policyNumber} issued to`)).toHaveLength(1);
    expect((await mailsTo(h, buyer.email)).filter((m) => m.text.includes(reply.policyNumber))).toEqual([]);
  });

  it('opens a checkout session for the price in pence, in GBP, with the policy in its metadata', async () => {
    const session = sessionOf(reply.checkoutUrl);
    expect(reply.checkoutUrl).toBe(`${ph.stripe.url}/pay/${session.id}`);
    const metadata = { policyNumber: reply.policyNumber, kind: 'purchase', quoteReference: buyer.reference };
    expect(session).toMatchObject({ amount_total: buyer.premiumPence, currency: 'gbp', customer_email: buyer.email, metadata, payment_intent_data_metadata: metadata, mode: 'payment' });
    expect(session.success_url).toBe(`${h.deps.publicUrl}/purchase/done?policy=${reply.policyNumber}`);
    expect(session.cancel_url).toBe(`${h.deps.publicUrl}/request-quote-step3?reference=${buyer.reference}&cancelled=1`);
    expect(session.idempotency_key).toMatch(/^kc-purchase-\d+-\d+-\d+$/);
    const [stored] = await rows('select session_id, kind, amount_pence, currency, paid_at from checkout_sessions where session_id = ?', [session.id]);
    expect(stored).toMatchObject({ kind: 'purchase', amount_pence: buyer.premiumPence, currency: 'gbp', paid_at: null });
  });

  it('a second Buy (a double click) makes no second session or policy', async () => {
    const again = await expectJson<BuyQuoteReply>(buy(buyer.token, buyer.reference), 200);
    expect(again).toEqual(reply);
    expect(await rows('select id from checkout_sessions where session_id = ?', [sessionOf(reply.checkoutUrl).id])).toHaveLength(1);
    expect(await rows('select id from policies where policy_number = ?', [reply.policyNumber])).toHaveLength(1);
  });

  it('paying sends the signed event: the payment is recorded once, the policy is in force and the documents are e-mailed', async () => {
    const back = await pay(reply.checkoutUrl);
    expect(back).toBe(`${h.deps.publicUrl}/purchase/done?policy=${reply.policyNumber}`);
    const delivered = ph.stripe.deliveries.at(-1)!;
    expect(delivered.answer.status).toBe(200);
    const policy = await policyOf(reply.policyNumber);
    expect(policy['status']).toBe('active');
    const session = sessionOf(reply.checkoutUrl);
    expect(await paymentsOf(Number(policy['id']))).toEqual([
      expect.objectContaining({ amount_pence: buyer.premiumPence, method: 'hosted-card', reference: session.payment_intent, username: 'system', user_id: null }),
    ]);
    expect(await eventRow(String(delivered.event['id']))).toEqual(expect.objectContaining({ type: 'checkout.session.completed', outcome: 'recorded: policy in force' }));
    const [stored] = await rows('select paid_at, payment_intent from checkout_sessions where session_id = ?', [session.id]);
    expect(stored).toMatchObject({ paid_at: T0, payment_intent: session.payment_intent });
    expect((await mailsTo(h, buyer.email)).filter((m) => m.text.includes(reply.policyNumber))).toHaveLength(1);
    expect(await logsMentioning(h, `Payment recorded for ${reply.policyNumber}:`)).toEqual([expect.objectContaining({ username: 'system' })]);

    // Stripe delivers again until it has a 2xx, and may send an event twice: the second delivery does nothing.
    const repeat = await ph.stripe.sendEvent(delivered.event);
    expect(repeat.status).toBe(200);
    expect(await paymentsOf(Number(policy['id']))).toHaveLength(1);
    expect((await mailsTo(h, buyer.email)).filter((m) => m.text.includes(reply.policyNumber))).toHaveLength(1);
  });

  it('a Buy once paid answers 409', async () => {
    const res = await buy(buyer.token, buyer.reference);
    expect(res.status).toBe(409);
    expect((await json<ErrorBody>(res)).error).toBe(onlinePaymentMessages.paidAlready);
  });
});

describe('events that record no payment', () => {
  let session: StandInSession;
  let policyId: number;

  beforeAll(async () => {
    h.clock.set(T0);
    const buyer = await pricedRequestOf(h);
    const reply = await expectJson<BuyQuoteReply>(buy(buyer.token, buyer.reference), 200);
    session = sessionOf(reply.checkoutUrl);
    policyId = Number((await policyOf(reply.policyNumber))['id']);
  });

  async function expectNothingRecorded(overrides: Partial<StandInSession>, outcome: RegExp) {
    const event = ph.stripe.completedEvent(session, overrides);
    const answer = await ph.stripe.sendEvent(event);
    expect(answer.status).toBe(200);
    expect(await eventRow(String(event['id']))).toEqual(expect.objectContaining({ outcome: expect.stringMatching(outcome) }));
    expect(await paymentsOf(policyId)).toEqual([]);
    expect(warnings(String(event['id']))).toHaveLength(1);
  }

  it('a wrong amount', () => expectNothingRecorded({ amount_total: session.amount_total - 1 }, /^amount \d+ is not the session's \d+/));
  it('a wrong currency', () => expectNothingRecorded({ currency: 'eur' }, /^currency eur is not the session's gbp$/));
  it('an unknown session', () => expectNothingRecorded({ id: 'cs_test_unknown' }, /^unknown checkout session$/));
  it('another event type is recorded once as ignored', async () => {
    const event: Record<string, unknown> = { ...ph.stripe.completedEvent(session), type: 'charge.refunded' };
    expect((await ph.stripe.sendEvent(event)).status).toBe(200);
    expect(await eventRow(String(event['id']))).toEqual(expect.objectContaining({ type: 'charge.refunded', outcome: 'ignored' }));
  });

  it('a bad signature answers 400, records nothing and warns', async () => {
    const event = ph.stripe.completedEvent(session);
    const before = warnings('signature did not check').length;
    const answer = await ph.stripe.sendEvent(event, { signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: onlinePaymentMessages.badSignature });
    expect(await eventRow(String(event['id']))).toBeUndefined();
    expect(await paymentsOf(policyId)).toEqual([]);
    expect(warnings('signature did not check')).toHaveLength(before + 1);
    const unsigned = await h.request('POST', '/api/payments/webhook', { rawBody: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
  });

  it('a body over 64 KB answers 413 before it is read', async () => {
    const res = await h.request('POST', '/api/payments/webhook', { rawBody: 'x'.repeat(65 * 1024), headers: { 'stripe-signature': 't=1,v1=0' } });
    expect(res.status).toBe(413);
  });
});

describe('refusals', () => {
  it('a lapsed price answers 409 and writes nothing', async () => {
    h.clock.set(T0);
    const buyer = await pricedRequestOf(h);
    h.clock.set(T0 + 30 * 60_000 + 1);
    const res = await buy(buyer.token, buyer.reference);
    expect(res.status).toBe(409);
    expect((await json<ErrorBody>(res)).error).toBe(acceptanceMessages.lapsed);
    expect(await rows('select policy_id, accepted_at from quote_requests where reference = ?', [buyer.reference])).toEqual([expect.objectContaining({ policy_id: null, accepted_at: null })]);
  });

  it("someone else's request answers 404", async () => {
    h.clock.set(T0);
    const owner = await pricedRequestOf(h);
    const other = await pricedRequestOf(h);
    const res = await buy(other.token, owner.reference);
    expect(res.status).toBe(404);
    expect((await json<ErrorBody>(res)).error).toBe('Quote request not found');
  });

  it('no confirmation answers 400', async () => {
    h.clock.set(T0);
    const buyer = await pricedRequestOf(h);
    const res = await buy(buyer.token, buyer.reference, { confirm: false });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toContain(acceptanceMessages.confirm);
  });

  it('without a card provider, 409: payment by phone', async () => {
    h.clock.set(T0);
    const buyer = await pricedRequestOf(h);
    // The same app without its provider's settings: deps are what every service reads, once per call.
    const payments = h.deps.payments;
    h.deps.payments = null;
    try {
      const res = await buy(buyer.token, buyer.reference);
      expect(res.status).toBe(409);
      expect((await json<ErrorBody>(res)).error).toBe(onlinePaymentMessages.unavailable);
    } finally {
      h.deps.payments = payments;
    }
  });

  it('a provider failure answers 502 and keeps the pending policy for a retry', async () => {
    h.clock.set(T0);
    const buyer = await pricedRequestOf(h);
    ph.stripe.failNext(500);
    const failed = await buy(buyer.token, buyer.reference);
    expect(failed.status).toBe(502);
    expect((await json<ErrorBody>(failed)).error).toBe(onlinePaymentMessages.checkoutFailed);
    const [request] = await rows('select policy_id from quote_requests where reference = ?', [buyer.reference]);
    expect(request!['policy_id']).not.toBeNull();
    const retried = await expectJson<BuyQuoteReply>(buy(buyer.token, buyer.reference), 200);
    expect((await policyOf(retried.policyNumber))['id']).toBe(request!['policy_id']);
  });

  it('tRPC quotes.buy answers as the REST route does', async () => {
    h.clock.set(T0);
    const buyer = await pricedRequestOf(h);
    const reply = await h.trpc(buyer.token).quotes.buy({ reference: buyer.reference.toLowerCase(), confirm: true });
    expect(reply.checkoutUrl).toBe(`${ph.stripe.url}/pay/${sessionOf(reply.checkoutUrl).id}`);
    expect(sessionOf(reply.checkoutUrl).metadata).toEqual({ policyNumber: reply.policyNumber, kind: 'purchase', quoteReference: buyer.reference });
  });

  it('staff cannot record a hosted-card payment by hand', async () => {
    await h.addUser({ username: 'staffer', isAdmin: true });
    const staff = await h.tokenFor('staffer');
    const [policy] = await rows('select id from policies limit 1');
    const res = await h.request('POST', `/api/admin/policies/${policy!['id']}/payments`, { token: staff, body: { amount: '10', method: 'hosted-card' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toContain(paymentMessages.method);
    expect(paymentMessages.method).toBe('Method must be one of: card-by-phone, bank-transfer, other');
  });
});

describe('cancelled before its start: the online payment is refunded through the provider', () => {
  let staff: string;
  const cancel = (policyId: number, body: unknown = { reason: 'Plans changed' }) => h.request('POST', `/api/admin/policies/${policyId}/cancel`, { token: staff, body });

  /** A price bought and paid online: the policy's id and the payment intent. */
  async function paidOnline(): Promise<{ policyId: number; paymentIntent: string; premiumPence: number; policyNumber: string }> {
    h.clock.set(T0);
    const buyer = await pricedRequestOf(h);
    const reply = await expectJson<BuyQuoteReply>(buy(buyer.token, buyer.reference), 200);
    await pay(reply.checkoutUrl);
    const policy = await policyOf(reply.policyNumber);
    expect(policy['status']).toBe('active');
    return { policyId: Number(policy['id']), paymentIntent: sessionOf(reply.checkoutUrl).payment_intent!, premiumPence: buyer.premiumPence, policyNumber: reply.policyNumber };
  }

  beforeAll(async () => {
    await h.addUser({ username: 'canceller', isAdmin: true });
    staff = await h.tokenFor('canceller');
  });

  it('a provider failure answers 502 and cancels nothing; the retry refunds once and records it', async () => {
    const paid = await paidOnline();
    ph.stripe.failNext(500);
    const failed = await cancel(paid.policyId);
    expect(failed.status).toBe(502);
    expect((await json<ErrorBody>(failed)).error).toBe(onlinePaymentMessages.refundFailed);
    expect((await policyOf(paid.policyNumber))['status']).toBe('active');
    expect(await paymentsOf(paid.policyId)).toHaveLength(1);

    const done = await cancel(paid.policyId);
    expect(done.status).toBe(200);
    expect((await policyOf(paid.policyNumber))['status']).toBe('cancelled');
    const refunds = ph.stripe.refunds.filter((r) => r.payment_intent === paid.paymentIntent);
    expect(refunds).toEqual([expect.objectContaining({ amount: paid.premiumPence, idempotency_key: expect.stringMatching(new RegExp(`^kc-refund-${paid.policyId}-`)) })]);
    expect(await paymentsOf(paid.policyId)).toEqual([
      expect.objectContaining({ amount_pence: paid.premiumPence, method: 'hosted-card' }),
      expect.objectContaining({ amount_pence: -paid.premiumPence, method: 'hosted-card', reference: refunds[0]!.id, username: 'canceller' }),
    ]);
    expect(await logsMentioning(h, `Cancelled policy: ${paid.policyNumber}`)).toEqual([expect.objectContaining({ action: expect.stringContaining('(card online)') })]);
  });

  it('a refund by hand is limited to what is not given back online', async () => {
    const paid = await paidOnline();
    const res = await cancel(paid.policyId, { reason: 'Plans changed', refund: { amount: '1', method: 'bank-transfer' } });
    expect(res.status).toBe(400);
    expect(ph.stripe.refunds.filter((r) => r.payment_intent === paid.paymentIntent)).toEqual([]);
    expect((await policyOf(paid.policyNumber))['status']).toBe('active');
  });

  it('once the cover has started, nothing is refunded online', async () => {
    const paid = await paidOnline();
    h.clock.set(Date.UTC(2026, 6, 10, 9, 0));
    staff = await h.tokenFor('canceller');
    expect((await cancel(paid.policyId)).status).toBe(200);
    expect(ph.stripe.refunds.filter((r) => r.payment_intent === paid.paymentIntent)).toEqual([]);
    expect(await paymentsOf(paid.policyId)).toHaveLength(1);
  });
});
