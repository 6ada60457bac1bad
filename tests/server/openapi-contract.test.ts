// The contract test (docs/api.md#openapi): real requests to every REST route, and each answer checked against what
// GET /api/openapi.json says the route answers with that status (openapi-contract.ts: documented status, media type,
// headers, JSON Schema). Each route has a success case below; its typical errors are made from the document itself:
// 401 without the token where the route names the bearer scheme, 403 for a customer where it lists 403, 400 for a
// bad path parameter, an empty body or a bad query where it lists 400, and 404 for a missing record where it lists
// 404. A route added to the app without a case here, or an answer that drifts from its schema, fails.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_BODY_MAX_BYTES, CLAIM_PHOTO_MAX_BYTES } from '../../src-server/contract/claim';
import { settleAfterAnswer } from '../../src-server/platform/after-answer';
import { passwordHashing } from '../../src-server/platform/auth/password';
import { ensureExampleRates } from '../../src-server/modules/pricing';
import { validQuote } from '../fixtures/quote';
import { generate } from 'otplib';
import type { Payments } from '../../src-server/platform/payments/provider';
import { createHarness, json, PASSWORD, validPolicy, type Harness } from './harness';
import { addPolicy, expectJson } from './answers';
import { contractOf, operationKeys, operationOf, type Contract, type OpenApiDocument } from './openapi-contract';
import { latestCodeTo, latestLinkTo } from './mail-links';
import { SoftAuthenticator, type AuthenticationOptions, type RegistrationOptions } from './soft-authenticator';
import { exampleRateVersion } from '../../src-server/modules/pricing';

let h: Harness;
let contract: Contract;
const tokens = { customer: '', owner: '' };
const fx = {
  /** The customer's claim with a photo and the phone's location, assigned and noted: every field of its views filled in. */
  claim: 0,
  customerId: 0,
  customerEmail: 'ct-cust@example.test',
  adminId: 0,
  policy: { id: 0, policyNumber: '' },
  /** The customer's cover bought on a request of their own, in force: what more time is priced on. */
  coverFromRequest: '',
  pendingPolicyNumber: '',
  verifyCode: '',
  /** The customer's own, offered, accepted, assigned and noted: every field of its views filled in. */
  quote: 0,
  quoteReference: '',
  /** Issued from, so closed. */
  closedQuote: 0,
  /** Assigned and noted. */
  callback: 0,
};

let counter = 0;
const next = () => ++counter;
let addresses = 0;
/** A fresh client address per request keeps the per-address limits out of the cases that are not about them. */
const freshAddress = () => `100.77.${(addresses >> 8) & 255}.${addresses++ & 255}`;

/** A request, its path as the document's template and the values of its parameters. */
interface Sent {
  params?: Record<string, string | number>;
  query?: string;
  token?: string | undefined;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}
interface Case {
  status: number;
  prepare: () => Promise<Sent>;
  /** A JSON array answer may be empty (else an empty one fails: its items' schema would go unchecked). */
  mayBeEmpty?: boolean;
}

async function send(key: string, sent: Sent): Promise<Response> {
  const [method, template] = key.split(' ') as [string, string];
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = sent.params?.[name];
    if (value === undefined) throw new Error(`${key}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  return h.request(method, path + (sent.query ? `?${sent.query}` : ''), {
    token: sent.token,
    body: sent.body,
    ...(sent.rawBody !== undefined ? { rawBody: sent.rawBody } : {}),
    headers: { 'x-forwarded-for': freshAddress(), ...sent.headers },
  });
}

const exercised = new Set<string>();

/** Sends, checks the status and the answer against the document; answers the body for more checks. */
async function expectContract(key: string, sent: Sent, status: number, opts: { mayBeEmpty?: boolean } = {}): Promise<void> {
  const res = await send(key, sent);
  const copy = res.clone();
  expect(res.status, `${key} ${JSON.stringify(sent).slice(0, 200)}: ${await copy.clone().text().then((t) => t.slice(0, 300))}`).toBe(status);
  expect(await contract.problems(key, res)).toEqual([]);
  exercised.add(`${key} ${status}`);
  if (status < 300 && (copy.headers.get('content-type') ?? '').startsWith('application/json') && !opts.mayBeEmpty) {
    const body: unknown = await copy.json();
    if (Array.isArray(body)) expect(body.length, `${key}: an empty list checks no item`).toBeGreaterThan(0);
  }
  // Work the request left for after its answer (mail) is done before the next case reads or writes the database.
  await settleAfterAnswer(h.deps);
}

async function freshUser(): Promise<number> {
  return h.addUser({ username: `ct-target-${next()}` });
}
async function freshPolicy(status = 'active'): Promise<{ id: number; policyNumber: string }> {
  return addPolicy(h, tokens.owner, { status, userId: fx.customerId, holderName: `Contract ${next()}` });
}
async function idOf(table: 'quote_requests' | 'callback_requests', reference: string): Promise<number> {
  const rs = await h.database.client.execute({ sql: `select id from ${table} where reference = ?`, args: [reference] });
  return Number(rs.rows[0]!['id']);
}
/** A fresh request; the live rates price it at once unless `answers` make them refer or decline it. */
async function freshQuote(email = `ct-q${next()}@example.test`, answers: Record<string, unknown> = {}): Promise<number> {
  return idOf('quote_requests', (await expectJson<{ reference: string }>(h.request('POST', '/api/quotes', { body: { ...validQuote, ...answers, email }, headers: { 'x-forwarded-for': freshAddress() } }), 201)).reference);
}
/** A fresh request priced and accepted by phone: issuing needs the acceptance (docs/product.md#accepting-a-quote). */
async function acceptedQuote(email?: string): Promise<number> {
  const id = await freshQuote(email);
  await ok('POST', `/api/admin/quotes/${id}/offer`, { premium: '64.50' });
  await ok('POST', `/api/admin/quotes/${id}/acceptance`, { confirm: true });
  return id;
}
/** A policy issued from a fresh accepted request of the customer's own and paid in full by phone (so in force), as its number. */
async function customersCoverFromRequest(): Promise<string> {
  const id = await idOf('quote_requests', await offeredToCustomer());
  await ok('POST', `/api/admin/quotes/${id}/acceptance`, { confirm: true });
  const issued = await expectJson<{ policy: { id: number; policyNumber: string } }>(
    h.request('POST', `/api/admin/quotes/${id}/policy`, { token: tokens.owner, body: { licenseNumber: 'CONTRACT05' } }),
    201,
  );
  await ok('POST', `/api/admin/policies/${issued.policy.id}/payments`, { amount: '64.50', method: 'card-by-phone' });
  return issued.policy.policyNumber;
}
/** A fresh price for more time on the customer's cover from a request: what its Buy takes. */
async function pricedExtension(): Promise<{ policyNumber: string; id: number }> {
  const sent = { token: tokens.customer, body: { durationValue: 1, durationUnit: 'days' } };
  const { extensionId } = await expectJson<{ extensionId: number | null }>(h.request('POST', `/api/user/policies/${fx.coverFromRequest}/extension`, sent), 201);
  expect(extensionId).not.toBeNull();
  return { policyNumber: fx.coverFromRequest, id: extensionId! };
}
/** The example rate version's rates: a `rates` a new version may be written with. */
const exampleRates = (exampleRateVersion as { rates: Record<string, unknown> }).rates;
/** A fresh request of the customer's own, with a price that stands: what Buy takes. */
async function offeredToCustomer(): Promise<string> {
  // Another address each time: the same request again within a minute would be the first one (docs/api.md).
  const body = { ...validQuote, email: fx.customerEmail, address: `${next()} Contract Road, Leeds` };
  const { reference } = await expectJson<{ reference: string }>(h.request('POST', '/api/quotes', { body, headers: { 'x-forwarded-for': freshAddress() } }), 201);
  await ok('POST', `/api/admin/quotes/${await idOf('quote_requests', reference)}/offer`, { premium: '64.50' });
  return reference;
}
/**
 * The card provider as the answers' shapes need it: a hosted page's address, or a failure when told. Its behaviour
 * (the SDK against a stand-in of Stripe's API) is online-payments.test.ts's.
 */
const provider = { fails: false };
const payments: Payments = {
  async createCheckout(order) {
    if (provider.fails) throw new Error('The provider is down');
    return { id: `cs_test_${order.idempotencyKey}`, url: `https://checkout.example.test/pay/${order.idempotencyKey}`, expiresAt: order.expiresAt ?? h.clock.now() + 86_400_000 };
  },
  async refund() {
    return { id: `re_test_${next()}` };
  },
  parseEvent() {
    throw new Error('No webhook in the contract tests');
  },
};
async function freshCallback(): Promise<number> {
  const res = await h.request('POST', '/api/callbacks', {
    body: { name: 'Contract', email: `ct-cb${next()}@example.test`, phone: '07700 900123', reasonForContact: 'other' },
    headers: { 'x-forwarded-for': freshAddress() },
  });
  expect(res.status).toBe(201);
  return idOf('callback_requests', (await json<{ reference: string }>(res)).reference);
}
async function ok(method: string, path: string, body?: unknown): Promise<void> {
  const res = await h.request(method, path, { token: tokens.owner, body });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  await settleAfterAnswer(h.deps);
}
/** An account registered through the API, signed in, that has not confirmed its address (a link was e-mailed). */
async function unconfirmedAccount(): Promise<{ email: string; token: string }> {
  const username = `ctconf${next()}`;
  const email = `${username}@example.test`;
  expect((await h.request('POST', '/api/register', { body: { username, email, password: 'long-enough-1' }, headers: { 'x-forwarded-for': freshAddress() } })).status).toBe(201);
  return { email, token: await h.tokenFor(username, 'long-enough-1') };
}
/** The newest link of `kind` e-mailed to `email`, as its token. */
async function linkToken(email: string, kind: 'reset-password' | 'welcome' | 'verify-email'): Promise<string> {
  return (await latestLinkTo(h, email, `/${kind}`)).token;
}

/** The authenticator's code for `secret` at the server's time plus `offsetMs` (the next step's is accepted too). */
const totp = (secret: string, offsetMs = 0) => generate({ secret, epoch: Math.floor((h.clock.now() + offsetMs) / 1000) });
/** A fresh admin, signed in, with a second-factor set-up started (`secret`) and, with `enrol`, confirmed. */
async function staffWithFactor(enrol: boolean): Promise<{ username: string; token: string; secret: string }> {
  const username = `ct-2fa${next()}`;
  await h.addUser({ username, isAdmin: true });
  const token = await h.tokenFor(username);
  const { secret } = await json<{ secret: string }>(await h.request('POST', '/api/account/second-factor/setup', { token }));
  if (enrol) expect((await h.request('POST', '/api/account/second-factor/confirm', { token, body: { code: await totp(secret) } })).status).toBe(200);
  return { username, token, secret };
}
const customer = (sent: Sent = {}): Sent => ({ token: tokens.customer, ...sent });
/** A fresh account of its own (the account page's changes would disturb the shared customer's), by username. */
async function freshAccount(): Promise<string> {
  const username = `ct-own${next()}`;
  await h.addUser({ username });
  return username;
}
const signedInAs = (username: string) => h.tokenFor(username);
/** A claim report on the customer's own policy, new each time (its phone id). */
const claimReport = (over: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  policyNumber: fx.policy.policyNumber,
  kind: 'accident',
  occurredAt: new Date(h.clock.now() - 3_600_000).toISOString(),
  location: 'High Street',
  coordinates: { latitude: 51.75, longitude: -1.25, accuracy: 12 },
  description: 'Reversed into a bollard',
  phone: '07700 900123',
  injuries: true,
  injuryDetails: 'A stiff neck',
  otherVehicles: [{ registration: 'CT12 AAA', driverName: 'Other Driver', contact: '07700 900777', insurer: 'Other Insurer' }],
  witnesses: [{ name: 'A Witness', contact: 'witness@example.test' }],
  policeReference: 'CT-1',
  ...over,
});
const owner = (sent: Sent = {}): Sent => ({ token: tokens.owner, ...sent });

/** The customer's answer to fresh registration options, from a new software authenticator. */
async function passkeyRegistration(authenticator = new SoftAuthenticator()) {
  const { options } = await json<{ options: RegistrationOptions }>(await h.request('POST', '/api/account/passkeys/options', { token: tokens.customer, body: { currentPassword: PASSWORD } }));
  return { name: `Contract key ${next()}`, response: authenticator.register(options) };
}
/** A passkey of the customer's, added: its id and its authenticator. */
async function customersPasskey() {
  const authenticator = new SoftAuthenticator();
  const res = await h.request('POST', '/api/account/passkeys', { token: tokens.customer, body: await passkeyRegistration(authenticator), headers: { 'x-forwarded-for': freshAddress() } });
  return { id: (await json<{ id: number }>(res)).id, authenticator };
}

/** A success case for every route, keyed as the document's operations are. */
const OK: Record<string, Case[]> = {
  'GET /api/health': [{ status: 200, prepare: async () => ({}) }],
  'GET /api/openapi.json': [{ status: 200, prepare: async () => ({}) }],
  'GET /api/docs': [{ status: 200, prepare: async () => ({}) }],
  'GET /api/docs/scalar-api-reference-1.46.4.js': [{ status: 200, prepare: async () => ({}) }],
  'POST /api/login': [
    { status: 200, prepare: async () => ({ body: { username: 'ct-cust', password: PASSWORD, remember: true } }) },
    // Staff with a second factor: the challenge instead of a session.
    { status: 200, prepare: async () => ({ body: { username: (await staffWithFactor(true)).username, password: PASSWORD } }) },
  ],
  'POST /api/login/second-factor': [
    {
      status: 200,
      prepare: async () => {
        const staff = await staffWithFactor(true);
        const res = await h.request('POST', '/api/login', { body: { username: staff.username, password: PASSWORD }, headers: { 'x-forwarded-for': freshAddress() } });
        const { challenge } = await json<{ challenge: string }>(res);
        return { body: { challenge, code: await totp(staff.secret, 30_000), remember: true } };
      },
    },
  ],
  'GET /api/account/second-factor': [{ status: 200, prepare: async () => customer() }],
  'POST /api/login/passkey/options': [{ status: 200, prepare: async () => ({}) }],
  'POST /api/login/passkey': [
    {
      status: 200,
      prepare: async () => {
        const { authenticator } = await customersPasskey();
        const { options } = await json<{ options: AuthenticationOptions }>(await h.request('POST', '/api/login/passkey/options'));
        return { body: { response: authenticator.authenticate(options), remember: true } };
      },
    },
  ],
  'GET /api/account/passkeys': [{ status: 200, prepare: async () => customer() }],
  'POST /api/account/passkeys/options': [{ status: 200, prepare: async () => customer({ body: { currentPassword: PASSWORD } }) }],
  'POST /api/account/passkeys': [{ status: 201, prepare: async () => customer({ body: await passkeyRegistration() }) }],
  'POST /api/account/passkeys/remove': [{ status: 200, prepare: async () => customer({ body: { id: (await customersPasskey()).id } }) }],
  'POST /api/account/second-factor/setup': [{ status: 200, prepare: async () => ({ token: (await staffWithFactor(false)).token }) }],
  'POST /api/account/second-factor/confirm': [
    {
      status: 200,
      prepare: async () => {
        const staff = await staffWithFactor(false);
        return { token: staff.token, body: { code: await totp(staff.secret) } };
      },
    },
  ],
  'POST /api/account/second-factor/remove': [
    {
      status: 200,
      prepare: async () => {
        const staff = await staffWithFactor(true);
        return { token: staff.token, body: { code: await totp(staff.secret, 30_000) } };
      },
    },
  ],
  'PUT /api/admin/second-factor-rule': [{ status: 200, prepare: async () => owner({ body: { required: false } }) }],
  'POST /api/register': [{ status: 201, prepare: async () => ({ body: { username: `ctreg${next()}`, email: `ctreg${counter}@example.test`, password: 'long-enough-1' } }) }],
  // Its own session: logging out ends the one it is given.
  'POST /api/logout': [{ status: 200, prepare: async () => ({ token: await h.tokenFor('ct-cust') }) }],
  'GET /api/me': [{ status: 200, prepare: async () => customer() }],
  // An account that has not confirmed its address yet: a new link is sent.
  'POST /api/account/verify-email/request': [{ status: 200, prepare: async () => ({ token: (await unconfirmedAccount()).token }) }],
  'POST /api/account/verify-email/confirm': [
    {
      status: 200,
      prepare: async () => {
        const account = await unconfirmedAccount();
        return { token: account.token, body: { token: await linkToken(account.email, 'verify-email') } };
      },
    },
  ],
  'POST /api/account/verify-email/code': [
    {
      status: 200,
      prepare: async () => {
        const account = await unconfirmedAccount();
        return { token: account.token, body: { code: await latestCodeTo(h, account.email) } };
      },
    },
  ],
  'POST /api/password-reset/request': [{ status: 200, prepare: async () => ({ body: { email: fx.customerEmail } }) }],
  'POST /api/password-reset/confirm': [
    {
      // A reset link: the message alone.
      status: 200,
      prepare: async () => {
        const email = `ct-reset${next()}@example.test`;
        await h.addUser({ username: `ct-reset${counter}`, email });
        await h.request('POST', '/api/password-reset/request', { body: { email }, headers: { 'x-forwarded-for': freshAddress() } });
        return { body: { token: await linkToken(email, 'reset-password'), password: 'a-new-passphrase' } };
      },
    },
    {
      // An invitation's link: the message and a session.
      status: 200,
      prepare: async () => {
        const email = `ct-invite${next()}@example.test`;
        await ok('POST', `/api/admin/quotes/${await acceptedQuote(email)}/policy`, { licenseNumber: 'CONTRACT01' });
        return { body: { token: await linkToken(email, 'welcome'), password: 'a-new-passphrase', remember: true } };
      },
    },
  ],
  'POST /api/callbacks': [{ status: 201, prepare: async () => ({ body: { name: 'Contract', email: `ct-cb${next()}@example.test`, phone: '07700 900123', reasonForContact: 'claims' } }) }],
  'POST /api/quotes': [{ status: 201, prepare: async () => ({ body: { ...validQuote, email: `ct-q${next()}@example.test` } }) }],
  'GET /api/account': [{ status: 200, prepare: async () => customer() }],
  'PUT /api/account': [{ status: 200, prepare: async () => customer({ body: { name: 'Contract Customer', phone: '+44 7700 900123' } }) }],
  'POST /api/account/email': [
    { status: 200, prepare: async () => ({ token: await signedInAs(await freshAccount()), body: { email: `ct-changed${next()}@example.test`, currentPassword: PASSWORD } }) },
  ],
  'POST /api/account/email/confirm': [
    {
      status: 200,
      prepare: async () => {
        const token = await signedInAs(await freshAccount());
        const email = `ct-moved${next()}@example.test`;
        expect((await h.request('POST', '/api/account/email', { token, body: { email, currentPassword: PASSWORD } })).status).toBe(200);
        return { token, body: { token: (await latestLinkTo(h, email, '/confirm-email-change')).token } };
      },
    },
  ],
  // An account of its own: the change ends its other sessions.
  'POST /api/account/password': [{ status: 200, prepare: async () => ({ token: await signedInAs(await freshAccount()), body: { currentPassword: PASSWORD, password: 'a-new-passphrase' } }) }],
  'GET /api/account/sessions': [{ status: 200, prepare: async () => customer() }],
  'DELETE /api/account/sessions/{id}': [
    {
      status: 200,
      prepare: async () => {
        const username = await freshAccount();
        const token = await signedInAs(username);
        await signedInAs(username);
        const sessions = await json<{ id: number; current: boolean }[]>(await h.request('GET', '/api/account/sessions', { token }));
        return { token, params: { id: sessions.find((s) => !s.current)!.id } };
      },
    },
  ],
  'POST /api/account/sessions/sign-out-others': [{ status: 200, prepare: async () => ({ token: await signedInAs(await freshAccount()) }) }],
  'GET /api/user/policies': [{ status: 200, prepare: async () => customer() }],
  'GET /api/user/policies/paid': [{ status: 200, prepare: async () => customer() }],
  'POST /api/user/policies/{policyNumber}/extension': [
    { status: 201, prepare: async () => customer({ params: { policyNumber: fx.coverFromRequest }, body: { durationValue: 1, durationUnit: 'days' } }) },
  ],
  'POST /api/user/policies/{policyNumber}/extension/{id}/buy': [{ status: 200, prepare: async () => customer({ params: await pricedExtension() }) }],
  'GET /api/account/data': [{ status: 200, prepare: async () => customer() }],
  // An account of its own with no cover: closing ends it.
  'POST /api/account/close': [
    {
      status: 200,
      prepare: async () => {
        const username = `ct-close${next()}`;
        await h.addUser({ username });
        return { token: await h.tokenFor(username), body: { password: PASSWORD } };
      },
    },
  ],
  'GET /api/user/quotes': [{ status: 200, prepare: async () => customer() }],
  // Accepted already in the fixtures: a second acceptance answers the request as it is.
  'POST /api/user/quotes/{reference}/accept': [{ status: 200, prepare: async () => customer({ params: { reference: fx.quoteReference }, body: { confirm: true } }) }],
  'POST /api/user/quotes/{reference}/buy': [{ status: 200, prepare: async () => customer({ params: { reference: await offeredToCustomer() }, body: { confirm: true } }) }],
  'GET /api/user/policies/{policyNumber}/renewal': [{ status: 200, prepare: async () => customer({ params: { policyNumber: fx.policy.policyNumber } }) }],
  'GET /api/policies/{policyNumber}/certificate': [
    { status: 200, prepare: async () => customer({ params: { policyNumber: fx.policy.policyNumber } }) },
    { status: 200, prepare: async () => owner({ params: { policyNumber: fx.policy.policyNumber }, query: 'download=1' }) },
  ],
  'GET /api/policies/{policyNumber}/documents/{kind}': [
    { status: 200, prepare: async () => customer({ params: { policyNumber: fx.policy.policyNumber, kind: 'schedule' } }) },
    { status: 200, prepare: async () => owner({ params: { policyNumber: fx.policy.policyNumber, kind: 'statement-of-fact' }, query: 'download=1' }) },
  ],
  'GET /api/verify/{code}': [{ status: 200, prepare: async () => ({ params: { code: fx.verifyCode.toLowerCase() } }) }],
  'GET /api/admin/stats': [{ status: 200, prepare: async () => owner() }],
  'GET /api/admin/stats/queues': [{ status: 200, prepare: async () => owner() }],
  'GET /api/admin/stats/decisions': [{ status: 200, prepare: async () => owner() }],
  'GET /api/admin/rates': [{ status: 200, prepare: async () => owner() }],
  // From a year on: the live version, that prices the requests here, stays live.
  'POST /api/admin/rates': [
    { status: 201, prepare: async () => owner({ body: { name: `Contract rates ${next()}`, effectiveFrom: new Date(h.clock.now() + 365 * 86_400_000).toISOString(), rates: exampleRates } }) },
  ],
  'GET /api/admin/staff': [{ status: 200, prepare: async () => owner() }],
  'GET /api/admin/users': [{ status: 200, prepare: async () => owner({ query: 'limit=5&offset=0&search=ct' }) }],
  'POST /api/admin/users': [
    { status: 201, prepare: async () => owner({ body: { username: `ctnew${next()}`, email: `ctnew${counter}@example.test`, password: 'long-enough-1', isAdmin: 'true' } }) },
  ],
  'PUT /api/admin/users/{id}': [
    { status: 200, prepare: async () => owner({ params: { id: await freshUser() }, body: { username: `ctedit${next()}`, email: `ctedit${counter}@example.test`, password: '' } }) },
  ],
  'DELETE /api/admin/users/{id}': [{ status: 200, prepare: async () => owner({ params: { id: await freshUser() } }) }],
  'GET /api/admin/users/{id}/policies': [{ status: 200, prepare: async () => owner({ params: { id: fx.customerId } }) }],
  'GET /api/admin/users/{id}/cover': [{ status: 200, prepare: async () => owner({ params: { id: fx.customerId } }) }],
  'GET /api/admin/users/{id}/overview': [
    { status: 200, prepare: async () => owner({ params: { id: fx.customerId } }) },
    { status: 404, prepare: async () => owner({ params: { id: 999_999 } }) },
  ],
  'GET /api/admin/policies': [{ status: 200, prepare: async () => owner({ query: 'search=contract' }) }],
  'POST /api/admin/policies': [{ status: 201, prepare: async () => owner({ body: { ...validPolicy, product: 'learner', premium: '£1,234.50', holderName: `Made ${next()}` } }) }],
  'PUT /api/admin/policies/{id}': [{ status: 200, prepare: async () => owner({ params: { id: (await freshPolicy()).id }, body: { ...validPolicy, holderName: 'Edited', premium: null } }) }],
  'GET /api/admin/policies/{id}/history': [{ status: 200, prepare: async () => owner({ params: { id: (await freshPolicy()).id } }) }],
  'GET /api/admin/policies/{id}/payments': [{ status: 200, prepare: async () => owner({ params: { id: fx.policy.id } }) }],
  'POST /api/admin/policies/{id}/payments': [
    { status: 201, prepare: async () => owner({ params: { id: fx.policy.id }, body: { amount: '£12.50', method: 'bank-transfer', reference: 'CONTRACT' } }) },
  ],
  'POST /api/admin/policies/{id}/cancel': [
    { status: 200, prepare: async () => owner({ params: { id: (await freshPolicy()).id }, body: { reason: 'Contract cancellation' } }) },
    { status: 200, prepare: async () => owner({ params: { id: (await freshPolicy()).id }, body: { reason: 'Later', effectiveDate: '2026-07-05', effectiveTime: '9:00 AM' } }) },
  ],
  'POST /api/admin/policies/{id}/void': [{ status: 200, prepare: async () => owner({ params: { id: (await freshPolicy('pending')).id }, body: { reason: 'Made in error' } }) }],
  'POST /api/admin/policies/{id}/resend': [{ status: 200, prepare: async () => owner({ params: { id: (await freshPolicy()).id }, body: { what: 'documents' } }) }],
  // Only a policy never in force can go (docs/product.md#policies); one that was is among the conflicts below.
  'DELETE /api/admin/policies/{id}': [{ status: 200, prepare: async () => owner({ params: { id: (await freshPolicy('pending')).id } }) }],
  'GET /api/admin/logs': [{ status: 200, prepare: async () => owner() }],
  'POST /api/admin/logs': [{ status: 201, prepare: async () => owner({ body: { action: 'Contract entry', level: 'warning' } }) }],
  'GET /api/admin/quotes': [{ status: 200, prepare: async () => owner({ query: 'status=open' }) }],
  'GET /api/admin/quotes/{id}': [{ status: 200, prepare: async () => owner({ params: { id: fx.quote } }) }],
  'PUT /api/admin/quotes/{id}': [{ status: 200, prepare: async () => owner({ params: { id: fx.quote }, body: { assigneeId: fx.adminId } }) }],
  'POST /api/admin/quotes/{id}/offer': [{ status: 200, prepare: async () => owner({ params: { id: await freshQuote() }, body: { premium: '64.50', validHours: 48 } }) }],
  'POST /api/admin/quotes/{id}/policy': [{ status: 201, prepare: async () => owner({ params: { id: await acceptedQuote() }, body: { licenseNumber: 'CONTRACT02' } }) }],
  'POST /api/admin/quotes/{id}/acceptance': [
    {
      status: 200,
      prepare: async () => {
        const id = await freshQuote();
        await ok('POST', `/api/admin/quotes/${id}/offer`, { premium: '64.50' });
        return owner({ params: { id }, body: { confirm: true } });
      },
    },
  ],
  'POST /api/admin/quotes/{id}/notes': [{ status: 201, prepare: async () => owner({ params: { id: fx.quote }, body: { text: 'Called back\nno answer' } }) }],
  'GET /api/admin/callbacks': [{ status: 200, prepare: async () => owner() }],
  'GET /api/admin/callbacks/{id}': [{ status: 200, prepare: async () => owner({ params: { id: fx.callback } }) }],
  'PUT /api/admin/callbacks/{id}': [{ status: 200, prepare: async () => owner({ params: { id: fx.callback }, body: { status: 'contacted' } }) }],
  'POST /api/admin/callbacks/{id}/notes': [{ status: 201, prepare: async () => owner({ params: { id: fx.callback }, body: { text: 'Left a message' } }) }],
  'GET /api/admin/report.csv': [{ status: 200, prepare: async () => owner() }],
  'POST /api/user/claims': [{ status: 201, prepare: async () => customer({ body: claimReport() }) }],
  'GET /api/user/claims': [{ status: 200, prepare: async () => customer() }],
  'GET /api/admin/claims': [{ status: 200, prepare: async () => owner() }],
  'GET /api/admin/claims/{id}': [{ status: 200, prepare: async () => owner({ params: { id: fx.claim } }) }],
  'PUT /api/admin/claims/{id}': [{ status: 200, prepare: async () => owner({ params: { id: fx.claim }, body: { status: 'contacted' } }) }],
  'POST /api/admin/claims/{id}/notes': [{ status: 201, prepare: async () => owner({ params: { id: fx.claim }, body: { text: 'Called\nthe customer' } }) }],
  'GET /api/admin/claims/{id}/photos/{position}': [
    { status: 200, prepare: async () => owner({ params: { id: fx.claim, position: 1 } }) },
    { status: 200, prepare: async () => owner({ params: { id: fx.claim, position: 1 }, query: 'size=thumb' }) },
  ],
};

/** Path parameter values that cannot be one (400) and that name nothing (404); a document's kind is one of a list, so only 400. */
const BAD_PARAM: Record<string, string> = { id: 'abc', policyNumber: 'bad_number', reference: 'bad_reference', kind: 'wording' };
const MISSING_PARAM: Record<string, string> = { id: '999999999', policyNumber: 'KC-0000000000', code: '7Q4M2XHPAB3CDEFGHJK0', reference: 'QR-00000000' };

/** The typical errors the document lists for `key`, made from its success case. */
function errorCases(key: string, base: Case): Case[] {
  const operation = operationOf(contract.doc, key)!;
  const listed = (status: number) => Boolean(operation.responses[String(status)]);
  const params = [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const variant = (status: number, change: (sent: Sent) => Sent): Case => ({ status, prepare: async () => change(await base.prepare()) });
  const cases: Case[] = [];
  if (operation.security) cases.push(variant(401, (s) => ({ ...s, token: undefined })));
  if (listed(403) && key.includes('/api/admin/')) cases.push(variant(403, (s) => ({ ...s, token: tokens.customer })));
  if (listed(400)) {
    for (const name of params.filter((p) => BAD_PARAM[p])) cases.push(variant(400, (s) => ({ ...s, params: { ...s.params, [name]: BAD_PARAM[name]! } })));
    if (operation.requestBody) cases.push(variant(400, (s) => ({ ...s, body: {} })));
    if (!operation.requestBody && params.length === 0) cases.push(variant(400, (s) => ({ ...s, query: 'limit=abc' })));
  }
  if (listed(404)) for (const name of params.filter((p) => MISSING_PARAM[p])) cases.push(variant(404, (s) => ({ ...s, params: { ...s.params, [name]: MISSING_PARAM[name]! } })));
  return cases;
}

beforeAll(async () => {
  h = await createHarness(undefined, { payments });
  contract = contractOf(await json<OpenApiDocument>(await h.request('GET', '/api/openapi.json')));
  fx.customerId = await h.addUser({ username: 'ct-cust', email: fx.customerEmail });
  fx.adminId = await h.addUser({ username: 'ct-admin', isAdmin: true });
  await h.addUser({ username: 'ct-owner', isOwner: true });
  tokens.customer = await h.tokenFor('ct-cust');
  tokens.owner = await h.tokenFor('ct-owner');
  // The live rates the first start seeds (src-server/main.ts): requests and more time are priced on them.
  await ensureExampleRates(h.deps);
  fx.policy = await freshPolicy();
  fx.coverFromRequest = await customersCoverFromRequest();
  fx.pendingPolicyNumber = (await freshPolicy('pending')).policyNumber;
  fx.verifyCode = String((await h.database.client.execute({ sql: 'select verify_code from policies where id = ?', args: [fx.policy.id] })).rows[0]!['verify_code']);
  // The customer's own request, offered, assigned and noted: the views' nullable parts filled in.
  fx.quote = await freshQuote(fx.customerEmail);
  await ok('POST', `/api/admin/quotes/${fx.quote}/offer`, { premium: '99.99' });
  fx.quoteReference = String((await h.database.client.execute({ sql: 'select reference from quote_requests where id = ?', args: [fx.quote] })).rows[0]!['reference']);
  expect((await h.request('POST', `/api/user/quotes/${fx.quoteReference}/accept`, { token: tokens.customer, body: { confirm: true } })).status).toBe(200);
  await ok('PUT', `/api/admin/quotes/${fx.quote}`, { assigneeId: fx.adminId });
  await ok('POST', `/api/admin/quotes/${fx.quote}/notes`, { text: 'First note' });
  fx.closedQuote = await acceptedQuote();
  await ok('POST', `/api/admin/quotes/${fx.closedQuote}/policy`, { licenseNumber: 'CONTRACT00' });
  fx.callback = await freshCallback();
  await ok('PUT', `/api/admin/callbacks/${fx.callback}`, { assigneeId: fx.adminId });
  await ok('POST', `/api/admin/callbacks/${fx.callback}/notes`, { text: 'First note' });
  // And one left as it came (null assignee, no notes).
  await freshCallback();
  const photo = (await sharp({ create: { width: 64, height: 48, channels: 3, background: 'grey' } }).png().toBuffer()).toString('base64');
  const claim = await h.request('POST', '/api/user/claims', { token: tokens.customer, body: claimReport({ photos: [{ data: photo, takenAt: new Date(h.clock.now()).toISOString() }] }) });
  expect(claim.status).toBe(201);
  fx.claim = Number((await h.database.client.execute('select max(id) id from claims')).rows[0]!['id']);
  await ok('PUT', `/api/admin/claims/${fx.claim}`, { assigneeId: fx.adminId });
  await ok('POST', `/api/admin/claims/${fx.claim}/notes`, { text: 'First note' });
  // And one left as it came: nothing optional given.
  const bare = { clientId: randomUUID(), policyNumber: fx.policy.policyNumber, kind: 'theft', occurredAt: new Date(h.clock.now() - 60_000).toISOString(), location: 'Car park', description: 'Gone', phone: '07700 900123', injuries: false };
  expect((await h.request('POST', '/api/user/claims', { token: tokens.customer, body: bare })).status).toBe(201);
});
afterAll(() => h.close());

describe('the cases', () => {
  it('have a success case for every operation of the document', () => {
    expect(Object.keys(OK).sort()).toEqual(operationKeys(contract.doc).sort());
  });
});

describe.each(Object.entries(OK))('%s', (key, successes) => {
  it('answers its success cases as the document says', async () => {
    for (const c of successes) await expectContract(key, await c.prepare(), c.status, c);
  });

  it('answers its listed 400, 401, 403 and 404 as the document says', async () => {
    for (const c of errorCases(key, successes[0]!)) await expectContract(key, await c.prepare(), c.status);
  });
});

describe('other documented errors', () => {
  it('a wrong password: 401', async () => {
    await expectContract('POST /api/login', { body: { username: 'ct-cust', password: 'not-the-password' } }, 401);
  });

  it('conflicts: 409, with the field where there is one', async () => {
    await expectContract('POST /api/register', { body: { username: 'ct-cust', email: 'someone-else@example.test', password: 'long-enough-1' } }, 409);
    await expectContract('POST /api/account/email', { token: await signedInAs(await freshAccount()), body: { email: fx.customerEmail, currentPassword: PASSWORD } }, 409);
    await expectContract('DELETE /api/account/sessions/{id}', customer({ params: { id: (await json<{ id: number; current: boolean }[]>(await h.request('GET', '/api/account/sessions', { token: tokens.customer }))).find((s) => s.current)!.id } }), 409);
    // The owner has no second factor of their own: the rule is refused.
    await expectContract('PUT /api/admin/second-factor-rule', owner({ body: { required: true } }), 409);
    await expectContract('POST /api/account/second-factor/setup', { token: (await staffWithFactor(true)).token }, 409);
    await expectContract('POST /api/admin/users', owner({ body: { username: `ctdup${next()}`, email: fx.customerEmail, password: 'long-enough-1' } }), 409);
    await expectContract('GET /api/policies/{policyNumber}/certificate', customer({ params: { policyNumber: fx.pendingPolicyNumber } }), 409);
    await expectContract('GET /api/policies/{policyNumber}/documents/{kind}', customer({ params: { policyNumber: fx.pendingPolicyNumber, kind: 'certificate' } }), 409);
    await expectContract('DELETE /api/admin/policies/{id}', owner({ params: { id: (await freshPolicy()).id } }), 409);
    await expectContract('POST /api/admin/policies/{id}/cancel', owner({ params: { id: (await freshPolicy('pending')).id }, body: { reason: 'Never in force' } }), 409);
    await expectContract('POST /api/admin/policies/{id}/void', owner({ params: { id: (await freshPolicy()).id }, body: { reason: 'Was in force' } }), 409);
    await expectContract('POST /api/admin/policies/{id}/resend', owner({ params: { id: (await freshPolicy()).id }, body: { what: 'invitation' } }), 409);
    const voided = await freshPolicy('pending');
    expect((await h.request('POST', `/api/admin/policies/${voided.id}/void`, { token: tokens.owner, body: { reason: 'Made in error' } })).status).toBe(200);
    await expectContract('PUT /api/admin/policies/{id}', owner({ params: { id: voided.id }, body: validPolicy }), 409);
    await expectContract('POST /api/admin/quotes/{id}/offer', owner({ params: { id: fx.closedQuote }, body: { premium: '10' } }), 409);
    await expectContract('POST /api/admin/quotes/{id}/policy', owner({ params: { id: fx.closedQuote }, body: { licenseNumber: 'CONTRACT03' } }), 409);
    // Not accepted: no policy; no price (a request the rates refer to staff): nothing to accept; a policy from a quote
    // is not put in force before it is paid.
    await expectContract('POST /api/admin/quotes/{id}/policy', owner({ params: { id: await freshQuote() }, body: { licenseNumber: 'CONTRACT04' } }), 409);
    await expectContract('POST /api/admin/quotes/{id}/acceptance', owner({ params: { id: await freshQuote(undefined, { drivingConvictions: 'Yes' }) }, body: { confirm: true } }), 409);
    // A policy staff made by hand has no answers to price more time on.
    await expectContract('POST /api/user/policies/{policyNumber}/extension', customer({ params: { policyNumber: fx.policy.policyNumber }, body: { durationValue: 1, durationUnit: 'days' } }), 409);
    const closedPolicyId = Number((await h.database.client.execute({ sql: 'select policy_id from quote_requests where id = ?', args: [fx.closedQuote] })).rows[0]!['policy_id']);
    await expectContract('PUT /api/admin/policies/{id}', owner({ params: { id: closedPolicyId }, body: { ...validPolicy, status: 'active' } }), 409);
  });

  it('malformed JSON: 400 without details; a body not declared as JSON: 415; over 100 KB: 413', async () => {
    await expectContract('POST /api/admin/logs', owner({ rawBody: '{"action":' }), 400);
    await expectContract('POST /api/quotes', { rawBody: JSON.stringify(validQuote), headers: { 'content-type': 'text/plain' } }, 415);
    await expectContract('POST /api/admin/logs', owner({ rawBody: JSON.stringify({ action: 'x'.repeat(101 * 1024) }) }), 413);
  });

  it('a claim report over its own limit, or with a photo over 3 MB: 413 (the photo named in `details`)', async () => {
    await expectContract('POST /api/user/claims', customer({ rawBody: 'x'.repeat(CLAIM_BODY_MAX_BYTES + 1) }), 413);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'grey' } }).jpeg().toBuffer();
    const huge = Buffer.concat([jpeg, Buffer.alloc(CLAIM_PHOTO_MAX_BYTES, 1)]).toString('base64');
    // On a policy of its own: the shared one may hold the day's reports already.
    await expectContract('POST /api/user/claims', customer({ body: claimReport({ policyNumber: (await freshPolicy()).policyNumber, photos: [{ data: huge }] }) }), 413);
    // Someone else's policy, or none: 404, as certificates answer.
    await expectContract('POST /api/user/claims', customer({ body: claimReport({ policyNumber: 'KC-0000000000' }) }), 404);
  });

  it('a claim report past the day’s limits: 429 with Retry-After and `details.code`', async () => {
    // An account of its own, so the shared customer's reports do not count; three on one policy are its day's.
    const id = await freshUser();
    const token = await h.tokenFor((await h.database.client.execute({ sql: 'select username from users where id = ?', args: [id] })).rows[0]!['username'] as string);
    const created = await h.request('POST', '/api/admin/policies', { token: tokens.owner, body: { ...validPolicy, userId: id, holderName: `Contract ${next()}` } });
    const policyNumber = (await json<{ policyNumber: string }>(created)).policyNumber;
    for (let i = 0; i < 3; i++) expect((await send('POST /api/user/claims', { token, body: claimReport({ policyNumber }) })).status).toBe(201);
    await expectContract('POST /api/user/claims', { token, body: claimReport({ policyNumber }) }, 429);
  });

  it('too many lookups: 429 with Retry-After', async () => {
    const sent = { params: { code: MISSING_PARAM['code']! }, headers: { 'x-forwarded-for': '100.78.0.1' } };
    for (let i = 0; i < 30; i += 1) expect((await send('GET /api/verify/{code}', sent)).status).toBe(404);
    await expectContract('GET /api/verify/{code}', sent, 429);
  });

  it('too many bad links, or passkey sign-in options, from one address: 429 with Retry-After', async () => {
    const link = { body: { token: 'x'.repeat(43), password: 'a-new-passphrase' }, headers: { 'x-forwarded-for': '100.78.0.2' } };
    for (let i = 0; i < 20; i += 1) expect((await send('POST /api/password-reset/confirm', link)).status).toBe(400);
    await expectContract('POST /api/password-reset/confirm', link, 429);
    const options = { headers: { 'x-forwarded-for': '100.78.0.3' } };
    for (let i = 0; i < 20; i += 1) expect((await send('POST /api/login/passkey/options', options)).status).toBe(200);
    await expectContract('POST /api/login/passkey/options', options, 429);
  });

  it('a fault of ours: 500 with the request id', async () => {
    const broken = await createHarness();
    try {
      await broken.addUser({ username: 'ct-root', isOwner: true });
      const token = await broken.tokenFor('ct-root');
      await broken.database.client.execute('drop table audit_logs');
      const res = await broken.request('GET', '/api/admin/logs', { token });
      expect(res.status).toBe(500);
      expect(await contract.problems('GET /api/admin/logs', res)).toEqual([]);
      exercised.add('GET /api/admin/logs 500');
    } finally {
      await broken.close();
    }
  });

  it('the card provider failing: 502, nothing paid', async () => {
    provider.fails = true;
    try {
      await expectContract('POST /api/user/quotes/{reference}/buy', customer({ params: { reference: await offeredToCustomer() }, body: { confirm: true } }), 502);
      await expectContract('POST /api/user/policies/{policyNumber}/extension/{id}/buy', customer({ params: await pricedExtension() }), 502);
    } finally {
      provider.fails = false;
    }
  });

  it('the password hashing at capacity: 503 with Retry-After (register repeats the text as `message`)', async () => {
    // Filled with hashes that wait for the test, as tests/server/overload.test.ts does.
    const waiting: Promise<unknown>[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (;;) {
      try {
        passwordHashing.assertRoom();
      } catch {
        break;
      }
      waiting.push(passwordHashing.run(() => gate));
    }
    try {
      await expectContract('POST /api/login', { body: { username: 'ct-cust', password: PASSWORD } }, 503);
      await expectContract('POST /api/register', { body: { username: `ctbusy${next()}`, email: `ctbusy${counter}@example.test`, password: 'long-enough-1' } }, 503);
    } finally {
      release();
      await Promise.all(waiting);
    }
  });

  it('between them, every error status the document lists is seen at least once', () => {
    const listed = new Set(operationKeys(contract.doc).flatMap((key) => Object.keys(operationOf(contract.doc, key)!.responses)));
    const seen = new Set([...exercised].map((e) => e.split(' ').at(-1)));
    expect([...listed].filter((s) => !seen.has(s)).sort()).toEqual([]);
  });
});

describe('the check fails when an answer does not match', () => {
  const stats = async () => h.request('GET', '/api/admin/stats', { token: tokens.owner });

  it('a field of another type than the schema says', async () => {
    const doc = structuredClone(contract.doc);
    (doc.components.schemas['AdminStats'] as { properties: Record<string, unknown> }).properties['totalUsers'] = { type: 'string' };
    const problems = await contractOf(doc).problems('GET /api/admin/stats', await stats());
    expect(problems.join('\n')).toMatch(/totalUsers must be string/);
  });

  it('a field the schema does not have, a status it does not list, another media type', async () => {
    const answer = (body: string, status: number, type = 'application/json') => new Response(body, { status, headers: { 'content-type': type } });
    expect((await contract.problems('GET /api/health', answer('{"status":"ok","extra":1}', 200))).join('\n')).toMatch(/must NOT have additional properties/);
    expect((await contract.problems('GET /api/health', answer('{"error":"I am a teapot"}', 418))).join('\n')).toMatch(/418, which the document does not list/);
    expect((await contract.problems('GET /api/health', answer('ok', 200, 'text/plain'))).join('\n')).toMatch(/Content-Type text\/plain/);
    expect((await contract.problems('GET /api/admin/users', answer('{"users":[],"total":0,"totalIsLowerBound":false}', 200))).join('\n')).toMatch(/no X-Total-Count header/);
    // The real answer passes the same checks.
    expect(await contract.problems('GET /api/admin/stats', await stats())).toEqual([]);
  });
});
