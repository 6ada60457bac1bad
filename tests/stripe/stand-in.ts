// A local stand-in of Stripe's API for tests (docs/operations.md#card-payments): exactly what the official SDK calls
// for the product (platform/payments/stripe.ts) in Stripe's wire format (form-encoded bodies with bracketed keys, JSON
// answers, Idempotency-Key replays), and a hosted page whose "Pay" completes the session and sends the app a
// `checkout.session.completed` event signed with the SDK's own test signature, as Stripe would, before going back to
// the success URL. Nothing leaves the machine.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent_data_metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
  expires_at: number;
  livemode: false;
  /** The Idempotency-Key it was made with. */
  idempotency_key: string | null;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
  idempotency_key: string | null;
}

export interface DeliveredEvent {
  status: number;
  body: string;
}

export interface StripeStandIn {
  /** Its origin, for STRIPE_API_URL: http://127.0.0.1:<port>. */
  url: string;
  sessions: Map<string, StandInSession>;
  refunds: StandInRefund[];
  /** Every event sent to the app, with its answer, oldest first. */
  deliveries: { event: Record<string, unknown>; answer: DeliveredEvent }[];
  /** Every request the SDK made: method, path, Idempotency-Key. */
  calls: { method: string; path: string; idempotencyKey: string | null }[];
  /** The next API call answers this status with a Stripe error, once (a provider failure). */
  failNext(status: number): void;
  /** A `checkout.session.completed` event of `session` as paid (or as `overrides` say). */
  completedEvent(session: StandInSession, overrides?: Partial<StandInSession>): Record<string, unknown>;
  /** Signs `event` with the webhook secret and posts it to the app's webhook; the app's answer. */
  sendEvent(event: Record<string, unknown>, opts?: { signature?: string }): Promise<DeliveredEvent>;
  close(): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const seconds = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=1` pairs as nested objects (Stripe's form encoding), arrays as objects keyed by index. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const stringRecord = (v: unknown): Record<string, string> => (v && typeof v === 'object' ? (v as Record<string, string>) : {});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req'), ...headers });
  res.end(JSON.stringify(body));
}

const stripeError = (message: string, type = 'invalid_request_error') => ({ error: { type, message } });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hostedPage(session: StandInSession): string {
  const amount = `£${(session.amount_total / 100).toFixed(2)}`;
  const id = escapeHtml(session.id);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Pay ${amount} - Stripe stand-in</title></head><body><main>
<h1>Pay ${amount}</h1><p>${escapeHtml(session.customer_email ?? '')}</p>
<form method="post" action="/pay/${id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${id}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

export async function startStripeStandIn({ port = 0, webhookUrl, webhookSecret }: { port?: number; webhookUrl: string; webhookSecret: string }): Promise<StripeStandIn> {
  const signer = new Stripe('sk_test_stand_in');
  const sessions = new Map<string, StandInSession>();
  const refunds: StandInRefund[] = [];
  const calls: StripeStandIn['calls'] = [];
  const deliveries: StripeStandIn['deliveries'] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  let failure: number | null = null;
  let origin = '';

  const completedEvent = (session: StandInSession, overrides: Partial<StandInSession> = {}) => ({
    id: randomId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: { object: { ...session, payment_intent: session.payment_intent ?? randomId('pi'), payment_status: 'paid', status: 'complete', ...overrides } },
  });

  const sendEvent = async (event: Record<string, unknown>, opts: { signature?: string } = {}): Promise<DeliveredEvent> => {
    const payload = JSON.stringify(event);
    const signature = opts.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload });
    const answer = { status: res.status, body: await res.text() };
    deliveries.push({ event, answer });
    return answer;
  };

  /** The API's answer to one call, replayed for the same Idempotency-Key as Stripe does. */
  const api = async (method: string, path: string, body: string, key: string | null): Promise<{ status: number; body: unknown }> => {
    if (method === 'GET') {
      const m = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
      const session = m && sessions.get(m[1]!);
      return session ? { status: 200, body: session } : { status: 404, body: stripeError('No such checkout.session') };
    }
    const form = parseStripeForm(body);
    if (path === '/v1/checkout/sessions') {
      const items = stringRecord(form['line_items']);
      const first = (items['0'] ?? {}) as unknown as { quantity?: string; price_data?: { currency?: string; unit_amount?: string } };
      const amount = Number(first.price_data?.unit_amount) * Number(first.quantity ?? 1);
      if (form['mode'] !== 'payment' || !Number.isInteger(amount) || amount <= 0) return { status: 400, body: stripeError('mode payment and one priced line item are required') };
      const id = randomId('cs');
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        amount_total: amount,
        currency: first.price_data?.currency ?? '',
        customer_email: typeof form['customer_email'] === 'string' ? form['customer_email'] : null,
        metadata: stringRecord(form['metadata']),
        payment_intent_data_metadata: stringRecord(stringRecord(form['payment_intent_data'])['metadata']),
        mode: 'payment',
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: String(form['success_url'] ?? ''),
        cancel_url: String(form['cancel_url'] ?? ''),
        url: `${origin}/pay/${id}`,
        created: seconds(),
        expires_at: form['expires_at'] ? Number(form['expires_at']) : seconds() + 86_400,
        livemode: false,
        idempotency_key: key,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (path === '/v1/refunds') {
      const paymentIntent = String(form['payment_intent'] ?? '');
      const paid = [...sessions.values()].find((s) => s.payment_intent === paymentIntent && s.payment_status === 'paid');
      if (!paid) return { status: 400, body: stripeError(`No such payment_intent: '${paymentIntent}'`) };
      const given = refunds.filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
      const amount = form['amount'] === undefined ? paid.amount_total - given : Number(form['amount']);
      if (!Number.isInteger(amount) || amount <= 0 || amount > paid.amount_total - given) return { status: 400, body: stripeError('Refund amount is greater than unrefunded amount on charge') };
      const refund: StandInRefund = { id: randomId('re'), object: 'refund', amount, currency: paid.currency, payment_intent: paymentIntent, status: 'succeeded', created: seconds(), idempotency_key: key };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return { status: 404, body: stripeError(`Unrecognized request URL (${method}: ${path})`) };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const body = await readBody(req);
      const page = /^\/pay\/([\w-]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
      if (page) {
        const session = sessions.get(page[1]!);
        if (!session) return send(res, 404, stripeError('No such checkout.session'));
        if (!page[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(hostedPage(session));
        }
        if (page[2] === 'pay' && session.status === 'open') {
          // As Stripe does: the session completes, the webhook is sent and answered, then the browser goes back.
          Object.assign(session, { payment_intent: randomId('pi'), payment_status: 'paid', status: 'complete' });
          await sendEvent(completedEvent(session));
        }
        res.writeHead(303, { location: page[2] === 'pay' ? session.success_url : session.cancel_url });
        return res.end();
      }
      if (!url.pathname.startsWith('/v1/')) return send(res, 404, stripeError('Not found'));
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : null;
      calls.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey });
      if (!/^Bearer sk_test_\S+$/.test(req.headers.authorization ?? '')) return send(res, 401, stripeError('Invalid API Key provided', 'invalid_request_error'));
      if (failure !== null) {
        const status = failure;
        failure = null;
        // Told not to retry, so one failure is one failed call, whatever the SDK's retries.
        return send(res, status, stripeError('The stand-in was asked to fail', 'api_error'), { 'stripe-should-retry': 'false' });
      }
      const replay = idempotencyKey ? replays.get(`${req.method} ${url.pathname} ${idempotencyKey}`) : undefined;
      if (replay) return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
      const answer = await api(req.method ?? 'GET', url.pathname, body, idempotencyKey);
      if (idempotencyKey && req.method === 'POST') replays.set(`${req.method} ${url.pathname} ${idempotencyKey}`, answer);
      send(res, answer.status, answer.body);
    })().catch((err: unknown) => send(res, 500, stripeError(String(err), 'api_error')));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    sessions,
    refunds,
    deliveries,
    calls,
    failNext: (status) => {
      failure = status;
    },
    completedEvent,
    sendEvent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
