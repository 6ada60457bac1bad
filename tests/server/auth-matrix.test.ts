// The authorization matrix (issue: every /api route and every procedure x {anonymous, customer, other
// customer, admin, owner} -> the expected status; it fails when a new route is added without an entry).
// Each cell is one real request through the app with a fresh target where the call would consume it
// (a deleted user, a revoked session), so the cells do not depend on each other's order.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src-server/api/trpc';
import { ensureExampleRates } from '../../src-server/modules/pricing';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, PASSWORD, T0, validPolicy, type Harness } from './harness';
import { SoftAuthenticator, type AuthenticationOptions, type RegistrationOptions } from './soft-authenticator';
import { exampleRateVersion } from '../../src-server/modules/pricing';

const ROLES = ['anonymous', 'customer', 'otherCustomer', 'admin', 'owner'] as const;
type Role = (typeof ROLES)[number];
type Expected = Record<Role, number>;

let h: Harness;
const ids = { customer: 0, admin: 0, quote: 0, callback: 0, claim: 0, extension: 0 };
/** The customer's policy their claims are made on. */
let claimPolicyNumber = '';
/** The customer's cover bought on a request of their own, in force: what more time is priced on (`ids.extension`). */
let extensionPolicyNumber = '';
const tokens = {} as Record<Exclude<Role, 'anonymous'>, string>;
const USERNAMES = { customer: 'mx-cust', otherCustomer: 'mx-other', admin: 'mx-admin', owner: 'mx-owner' } as const;

/** Everyone gets the same answer (public routes; the sample decides which). */
const all = (status: number): Expected => ({ anonymous: status, customer: status, otherCustomer: status, admin: status, owner: status });
/** Signed-in callers only. */
const signedIn = (ok: number, otherCustomer = ok): Expected => ({ anonymous: 401, customer: ok, otherCustomer, admin: ok, owner: ok });
/** Admins and owners only. */
const staff = (ok: number): Expected => ({ anonymous: 401, customer: 403, otherCustomer: 403, admin: ok, owner: ok });
/** Owners only (an admin route whose sample does something only an owner may). */
const ownerOnly = (ok: number): Expected => ({ anonymous: 401, customer: 403, otherCustomer: 403, admin: 403, owner: ok });

let counter = 0;
const next = () => ++counter;
async function freshUser(flags: { isAdmin?: boolean; isOwner?: boolean } = {}): Promise<number> {
  return h.addUser({ username: `mx-target-${next()}`, ...flags });
}
/** A fresh policy; `pending` (never in force) for the cells that delete one (docs/product.md#policies). */
async function freshPolicy(status: 'active' | 'pending' = 'active'): Promise<{ id: number; policyNumber: string }> {
  const body = { ...validPolicy, status, userId: ids.customer, holderName: `Matrix ${next()}` };
  return json(await h.request('POST', '/api/admin/policies', { token: tokens.owner, body }));
}
/** A fresh policy's verification code (the one its certificate's QR code carries). */
async function freshVerifyCode(): Promise<string> {
  const { id } = await freshPolicy();
  const rs = await h.database.client.execute({ sql: 'select verify_code from policies where id = ?', args: [id] });
  return String(rs.rows[0]!['verify_code']);
}

/**
 * A fresh quote request of its own: an offer or a policy is made from one that is still open; `priced` sends it a
 * price, `accepted` also records its acceptance (issuing needs one); `email` makes it that account's own request.
 */
async function freshQuote(opts: { priced?: boolean; accepted?: boolean; email?: string } = {}): Promise<number> {
  const n = next();
  const body = { ...validQuote, email: opts.email ?? `mx-fresh${n}@example.test`, value: String(1000 + n) };
  const res = await h.request('POST', '/api/quotes', { body, headers: { 'x-forwarded-for': freshAddress() } });
  const { reference } = await json<{ reference: string }>(res);
  const rs = await h.database.client.execute({ sql: 'select id from quote_requests where reference = ?', args: [reference] });
  const id = Number(rs.rows[0]!['id']);
  if (opts.priced || opts.accepted) await h.request('POST', `/api/admin/quotes/${id}/offer`, { token: tokens.owner, body: { premium: '64.50' } });
  if (opts.accepted) await h.request('POST', `/api/admin/quotes/${id}/acceptance`, { token: tokens.owner , body: { confirm: true } });
  return id;
}
/** The customer's own priced request's reference, to accept. */
async function customersPricedQuote(): Promise<string> {
  const id = await freshQuote({ priced: true, email: `${USERNAMES.customer}@example.test` });
  const rs = await h.database.client.execute({ sql: 'select reference from quote_requests where id = ?', args: [id] });
  return String(rs.rows[0]!['reference']);
}
/** A policy issued from the customer's own accepted request and paid in full by phone (so in force), as its number. */
async function customersPolicyFromRequest(): Promise<string> {
  const id = await freshQuote({ accepted: true, email: `${USERNAMES.customer}@example.test` });
  const issued = await h.request('POST', `/api/admin/quotes/${id}/policy`, { token: tokens.owner, body: { licenseNumber: 'MATRIX0001' } });
  const { policy } = await json<{ policy: { id: number; policyNumber: string } }>(issued);
  const paid = await h.request('POST', `/api/admin/policies/${policy.id}/payments`, { token: tokens.owner, body: { amount: '64.50', method: 'card-by-phone' } });
  expect([issued.status, paid.status]).toEqual([201, 201]);
  return policy.policyNumber;
}
/** The example rate version's rates: a `rates` a new version may be written with. */
const exampleRates = (exampleRateVersion as { rates: Record<string, unknown> }).rates;
/** A rate version the owner writes: from a year on, so the live one (that prices the requests here) stays live. */
const rateVersion = () => ({ name: `Matrix rates ${next()}`, effectiveFrom: new Date(T0 + 365 * 86_400_000).toISOString(), rates: exampleRates });

/** A fresh claim report on the customer's policy: each is stored (its phone id is new). */
const claimReport = () => ({
  clientId: randomUUID(),
  policyNumber: claimPolicyNumber,
  kind: 'theft',
  occurredAt: new Date(T0 - 3_600_000).toISOString(),
  location: 'Matrix Street',
  description: 'Matrix claim',
  phone: '07700 900123',
  injuries: false,
});
/** A fresh session of the customer's (another device), as its id in "Signed in on". */
async function customersOtherSession(): Promise<number> {
  await h.tokenFor(USERNAMES.customer);
  const rs = await h.database.client.execute({ sql: 'select max(s.id) id from sessions s join users u on u.id = s.user_id where u.username = ?', args: [USERNAMES.customer] });
  return Number(rs.rows[0]!['id']);
}
/** A fresh passkey of the customer's, added through the API with a software authenticator, as its id. */
async function customersPasskey(): Promise<number> {
  const { options } = await json<{ options: RegistrationOptions }>(await h.request('POST', '/api/account/passkeys/options', { token: tokens.customer, body: { currentPassword: PASSWORD } }));
  const body = { name: `Matrix key ${next()}`, response: new SoftAuthenticator().register(options) };
  return (await json<{ id: number }>(await h.request('POST', '/api/account/passkeys', { token: tokens.customer, body, headers: { 'x-forwarded-for': freshAddress() } }))).id;
}
/** An answer to fresh sign-in options from a passkey the server has never seen. */
async function unknownPasskeyAnswer() {
  const { options } = await json<{ options: AuthenticationOptions }>(await h.request('POST', '/api/login/passkey/options'));
  return new SoftAuthenticator().authenticate(options);
}
/** The account page acts on the caller's own sessions only: anyone else's, staff included, is not found. */
const ownSessionOnly = (ok: number): Expected => ({ anonymous: 401, customer: ok, otherCustomer: 404, admin: 404, owner: 404 });
/**
 * Calls that end the caller's other sessions: each gets a session of its own, and the role's shared one is signed in
 * again after it. A password "changed" to itself keeps the role's password.
 */
const ENDS_OTHER_SESSIONS = new Set(['POST /api/account/password', 'POST /api/account/sessions/sign-out-others', 'account.changePassword', 'account.signOutOthers']);

/**
 * A claim is reported on, and more time priced and paid for on, the caller's own policy only: anyone else's, staff
 * included, is not found.
 */
const ownPolicyOnly = (ok: number): Expected => ({ anonymous: 401, customer: ok, otherCustomer: 404, admin: 404, owner: 404 });

interface Cell {
  method: string;
  path: string;
  body?: unknown;
}
interface RestRow {
  /** The app route this row exercises (several rows may share one). */
  route: string;
  expect: Expected;
  prepare: () => Promise<Cell>;
}

const REST: Record<string, RestRow> = {
  'GET /api/health': { route: 'GET /api/health', expect: all(200), prepare: async () => ({ method: 'GET', path: '/api/health' }) },
  'GET /api/openapi.json': { route: 'GET /api/openapi.json', expect: all(200), prepare: async () => ({ method: 'GET', path: '/api/openapi.json' }) },
  'GET /api/docs': { route: 'GET /api/docs', expect: all(200), prepare: async () => ({ method: 'GET', path: '/api/docs' }) },
  'GET /api/docs/scalar-api-reference-1.46.4.js': {
    route: 'GET /api/docs/scalar-api-reference-1.46.4.js',
    expect: all(200),
    prepare: async () => ({ method: 'GET', path: '/api/docs/scalar-api-reference-1.46.4.js' }),
  },
  // Not a user's route: without METRICS_TOKEN (this harness) it is absent, whatever token comes; with it, only the
  // metrics token opens it (tests/server/metrics.test.ts).
  'GET /metrics (METRICS_TOKEN unset)': { route: 'GET /metrics', expect: all(404), prepare: async () => ({ method: 'GET', path: '/metrics' }) },
  // Not a user's route either: the card provider's signature is its proof, no session; without a card provider (this
  // harness) it is absent, whatever token comes (tests/server/online-payments.test.ts).
  'POST /api/payments/webhook (no card provider)': { route: 'POST /api/payments/webhook', expect: all(404), prepare: async () => ({ method: 'POST', path: '/api/payments/webhook', body: {} }) },
  'POST /api/login (wrong password)': {
    route: 'POST /api/login',
    expect: all(401),
    prepare: async () => ({ method: 'POST', path: '/api/login', body: { username: `mx-nobody-${next()}`, password: 'wrong-password' } }),
  },
  'POST /api/register': {
    route: 'POST /api/register',
    expect: all(201),
    prepare: async () => ({ method: 'POST', path: '/api/register', body: { username: `mxreg${next()}`, email: `mxreg${counter}@example.test`, password: 'long-enough-1' } }),
  },
  'POST /api/password-reset/request': {
    route: 'POST /api/password-reset/request',
    expect: all(200),
    prepare: async () => ({ method: 'POST', path: '/api/password-reset/request', body: { email: 'nobody@example.test' } }),
  },
  'POST /api/password-reset/confirm (unknown token)': {
    route: 'POST /api/password-reset/confirm',
    expect: all(400),
    prepare: async () => ({ method: 'POST', path: '/api/password-reset/confirm', body: { token: 'x'.repeat(43), password: 'long-enough-1' } }),
  },
  'POST /api/callbacks': {
    route: 'POST /api/callbacks',
    expect: all(201),
    prepare: async () => ({ method: 'POST', path: '/api/callbacks', body: { name: 'Matrix', email: `mxcb${next()}@example.test`, phone: '07700 900123', reasonForContact: 'other' } }),
  },
  'POST /api/quotes': {
    route: 'POST /api/quotes',
    expect: all(201),
    prepare: async () => ({ method: 'POST', path: '/api/quotes', body: { ...validQuote, email: `mxq${next()}@example.test` } }),
  },
  'POST /api/logout': { route: 'POST /api/logout', expect: signedIn(200), prepare: async () => ({ method: 'POST', path: '/api/logout' }) },
  'GET /api/me': { route: 'GET /api/me', expect: signedIn(200), prepare: async () => ({ method: 'GET', path: '/api/me' }) },
  'POST /api/login/second-factor (unknown challenge)': {
    route: 'POST /api/login/second-factor',
    expect: all(401),
    prepare: async () => ({ method: 'POST', path: '/api/login/second-factor', body: { challenge: 'x'.repeat(43), code: '123456' } }),
  },
  'POST /api/login/passkey/options': { route: 'POST /api/login/passkey/options', expect: all(200), prepare: async () => ({ method: 'POST', path: '/api/login/passkey/options' }) },
  'POST /api/login/passkey (unknown passkey)': {
    route: 'POST /api/login/passkey',
    expect: all(401),
    prepare: async () => ({ method: 'POST', path: '/api/login/passkey', body: { response: await unknownPasskeyAnswer() } }),
  },
  'GET /api/account/passkeys': { route: 'GET /api/account/passkeys', expect: signedIn(200), prepare: async () => ({ method: 'GET', path: '/api/account/passkeys' }) },
  'POST /api/account/passkeys/options': {
    route: 'POST /api/account/passkeys/options',
    expect: signedIn(200),
    prepare: async () => ({ method: 'POST', path: '/api/account/passkeys/options', body: { currentPassword: PASSWORD } }),
  },
  'POST /api/account/passkeys (not an answer)': {
    route: 'POST /api/account/passkeys',
    expect: signedIn(400),
    prepare: async () => ({ method: 'POST', path: '/api/account/passkeys', body: { name: 'Matrix key', response: {} } }),
  },
  // One's own passkeys only: anyone else's, staff included, is not found.
  'POST /api/account/passkeys/remove': {
    route: 'POST /api/account/passkeys/remove',
    expect: ownSessionOnly(200),
    prepare: async () => ({ method: 'POST', path: '/api/account/passkeys/remove', body: { id: await customersPasskey() } }),
  },
  'GET /api/account/second-factor': {
    route: 'GET /api/account/second-factor',
    expect: signedIn(200),
    prepare: async () => ({ method: 'GET', path: '/api/account/second-factor' }),
  },
  // Staff only; a set-up not yet confirmed is replaced by the next, so every cell may start one.
  'POST /api/account/second-factor/setup': {
    route: 'POST /api/account/second-factor/setup',
    expect: staff(200),
    prepare: async () => ({ method: 'POST', path: '/api/account/second-factor/setup' }),
  },
  'POST /api/account/second-factor/confirm (not a code)': {
    route: 'POST /api/account/second-factor/confirm',
    expect: signedIn(400),
    prepare: async () => ({ method: 'POST', path: '/api/account/second-factor/confirm', body: { code: 'abc' } }),
  },
  'POST /api/account/second-factor/remove (not a code)': {
    route: 'POST /api/account/second-factor/remove',
    expect: signedIn(400),
    prepare: async () => ({ method: 'POST', path: '/api/account/second-factor/remove', body: { code: 'abc' } }),
  },
  'POST /api/account/verify-email/request': {
    route: 'POST /api/account/verify-email/request',
    expect: signedIn(200),
    prepare: async () => ({ method: 'POST', path: '/api/account/verify-email/request' }),
  },
  // A link nobody was sent: refused for everyone signed in, and nobody else gets that far.
  'POST /api/account/verify-email/confirm': {
    route: 'POST /api/account/verify-email/confirm',
    expect: signedIn(400),
    prepare: async () => ({ method: 'POST', path: '/api/account/verify-email/confirm', body: { token: 'x'.repeat(43) } }),
  },
  // A code that is not six digits: refused for everyone signed in, before any account is looked at.
  'POST /api/account/verify-email/code': {
    route: 'POST /api/account/verify-email/code',
    expect: signedIn(400),
    prepare: async () => ({ method: 'POST', path: '/api/account/verify-email/code', body: { code: 'abc' } }),
  },
  'GET /api/account': { route: 'GET /api/account', expect: signedIn(200), prepare: async () => ({ method: 'GET', path: '/api/account' }) },
  'PUT /api/account': { route: 'PUT /api/account', expect: signedIn(200), prepare: async () => ({ method: 'PUT', path: '/api/account', body: { name: 'Matrix Person', phone: '07700 900123' } }) },
  'POST /api/account/email': {
    route: 'POST /api/account/email',
    expect: signedIn(200),
    prepare: async () => ({ method: 'POST', path: '/api/account/email', body: { email: `mxchange${next()}@example.test`, currentPassword: PASSWORD } }),
  },
  // A link nobody was sent: refused for everyone signed in.
  'POST /api/account/email/confirm': {
    route: 'POST /api/account/email/confirm',
    expect: signedIn(400),
    prepare: async () => ({ method: 'POST', path: '/api/account/email/confirm', body: { token: 'x'.repeat(43) } }),
  },
  'POST /api/account/password': {
    route: 'POST /api/account/password',
    expect: signedIn(200),
    prepare: async () => ({ method: 'POST', path: '/api/account/password', body: { currentPassword: PASSWORD, password: PASSWORD } }),
  },
  'GET /api/account/sessions': { route: 'GET /api/account/sessions', expect: signedIn(200), prepare: async () => ({ method: 'GET', path: '/api/account/sessions' }) },
  "DELETE /api/account/sessions/:id (the customer's other device)": {
    route: 'DELETE /api/account/sessions/:id',
    expect: ownSessionOnly(200),
    prepare: async () => ({ method: 'DELETE', path: `/api/account/sessions/${await customersOtherSession()}` }),
  },
  'POST /api/account/sessions/sign-out-others': {
    route: 'POST /api/account/sessions/sign-out-others',
    expect: signedIn(200),
    prepare: async () => ({ method: 'POST', path: '/api/account/sessions/sign-out-others' }),
  },
  'GET /api/user/policies': { route: 'GET /api/user/policies', expect: signedIn(200), prepare: async () => ({ method: 'GET', path: '/api/user/policies' }) },
  'GET /api/user/policies/paid': { route: 'GET /api/user/policies/paid', expect: signedIn(200), prepare: async () => ({ method: 'GET', path: '/api/user/policies/paid' }) },
  // Extending: priced on the answers the policy was bought on, so a policy staff made by hand is refused to its holder.
  "POST /api/user/policies/:policyNumber/extension (the customer's policy from a request)": {
    route: 'POST /api/user/policies/:policyNumber/extension',
    expect: ownPolicyOnly(201),
    prepare: async () => ({ method: 'POST', path: `/api/user/policies/${extensionPolicyNumber}/extension`, body: { durationValue: 1, durationUnit: 'days' } }),
  },
  "POST /api/user/policies/:policyNumber/extension (the customer's policy made by hand)": {
    route: 'POST /api/user/policies/:policyNumber/extension',
    expect: ownPolicyOnly(409),
    prepare: async () => ({ method: 'POST', path: `/api/user/policies/${(await freshPolicy()).policyNumber}/extension`, body: { durationValue: 1, durationUnit: 'days' } }),
  },
  // Paying for it: without a card provider (this harness) its holder is told to call; nobody else reaches it.
  "POST /api/user/policies/:policyNumber/extension/:id/buy (the customer's extension, no card provider)": {
    route: 'POST /api/user/policies/:policyNumber/extension/:id/buy',
    expect: ownPolicyOnly(409),
    prepare: async () => ({ method: 'POST', path: `/api/user/policies/${extensionPolicyNumber}/extension/${ids.extension}/buy` }),
  },
  "POST /api/user/policies/:policyNumber/extension/:id/buy (no such extension on the customer's policy)": {
    route: 'POST /api/user/policies/:policyNumber/extension/:id/buy',
    expect: signedIn(404),
    prepare: async () => ({ method: 'POST', path: `/api/user/policies/${extensionPolicyNumber}/extension/999999/buy` }),
  },
  'GET /api/account/data': { route: 'GET /api/account/data', expect: signedIn(200), prepare: async () => ({ method: 'GET', path: '/api/account/data' }) },
  // Closing needs the current password (a wrong one: 400); staff accounts are closed by an owner (403).
  'POST /api/account/close (wrong password)': {
    route: 'POST /api/account/close',
    expect: { anonymous: 401, customer: 400, otherCustomer: 400, admin: 403, owner: 403 },
    prepare: async () => ({ method: 'POST', path: '/api/account/close', body: { password: 'wrong-password' } }),
  },
  'GET /api/user/quotes': { route: 'GET /api/user/quotes', expect: signedIn(200), prepare: async () => ({ method: 'GET', path: '/api/user/quotes' }) },
  // Accepting a price: the customer's own request only; another's answers like a missing one, staff included.
  "POST /api/user/quotes/:reference/accept (the customer's request)": {
    route: 'POST /api/user/quotes/:reference/accept',
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 404, owner: 404 },
    prepare: async () => ({ method: 'POST', path: `/api/user/quotes/${await customersPricedQuote()}/accept`, body: { confirm: true } }),
  },
  // Buying a price online: without a card provider (this harness) every signed-in caller is told to pay by phone,
  // before the request is looked up (tests/server/online-payments.test.ts buys with one).
  "POST /api/user/quotes/:reference/buy (the customer's request, no card provider)": {
    route: 'POST /api/user/quotes/:reference/buy',
    expect: signedIn(409),
    prepare: async () => ({ method: 'POST', path: `/api/user/quotes/${await customersPricedQuote()}/buy`, body: { confirm: true } }),
  },
  // The wizard's renewal fill-in: the caller's own policy only, staff included (it is their own form, not impersonation).
  "GET /api/user/policies/:policyNumber/renewal (the customer's policy)": {
    route: 'GET /api/user/policies/:policyNumber/renewal',
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 404, owner: 404 },
    prepare: async () => ({ method: 'GET', path: `/api/user/policies/${(await freshPolicy()).policyNumber}/renewal` }),
  },
  "GET /api/policies/:policyNumber/certificate (the customer's policy)": {
    route: 'GET /api/policies/:policyNumber/certificate',
    // Only the holder's own account, or staff (impersonation shows certificates); another customer: 404.
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 200, owner: 200 },
    prepare: async () => ({ method: 'GET', path: `/api/policies/${(await freshPolicy()).policyNumber}/certificate` }),
  },
  "GET /api/policies/:policyNumber/documents/:kind (the customer's policy)": {
    route: 'GET /api/policies/:policyNumber/documents/:kind',
    // The certificate's rules for every document: the holder's own account, or staff; another customer: 404.
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 200, owner: 200 },
    prepare: async () => ({ method: 'GET', path: `/api/policies/${(await freshPolicy()).policyNumber}/documents/schedule` }),
  },
  // Public: anyone holding the QR code, signed in or not, gets the same answer.
  "GET /api/verify/:code (a certificate's code)": {
    route: 'GET /api/verify/:code',
    expect: all(200),
    prepare: async () => ({ method: 'GET', path: `/api/verify/${await freshVerifyCode()}` }),
  },
  'GET /api/verify/:code (unknown code)': { route: 'GET /api/verify/:code', expect: all(404), prepare: async () => ({ method: 'GET', path: '/api/verify/7Q4M2XHPAB3CDEFGHJK0' }) },
  'GET /api/admin/stats': { route: 'GET /api/admin/stats', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/stats' }) },
  'GET /api/admin/stats/queues': { route: 'GET /api/admin/stats/queues', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/stats/queues' }) },
  'GET /api/admin/stats/decisions': { route: 'GET /api/admin/stats/decisions', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/stats/decisions' }) },
  // The rate versions are the owner's.
  'GET /api/admin/rates': { route: 'GET /api/admin/rates', expect: ownerOnly(200), prepare: async () => ({ method: 'GET', path: '/api/admin/rates' }) },
  'POST /api/admin/rates': { route: 'POST /api/admin/rates', expect: ownerOnly(201), prepare: async () => ({ method: 'POST', path: '/api/admin/rates', body: rateVersion() }) },
  'GET /api/admin/staff': { route: 'GET /api/admin/staff', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/staff' }) },
  'GET /api/admin/users': { route: 'GET /api/admin/users', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/users?limit=10&offset=0' }) },
  'POST /api/admin/users': {
    route: 'POST /api/admin/users',
    expect: staff(201),
    prepare: async () => ({ method: 'POST', path: '/api/admin/users', body: { username: `mxnew${next()}`, email: `mxnew${counter}@example.test`, password: 'long-enough-1' } }),
  },
  'POST /api/admin/users (making an owner)': {
    route: 'POST /api/admin/users',
    expect: ownerOnly(201),
    prepare: async () => ({
      method: 'POST',
      path: '/api/admin/users',
      body: { username: `mxown${next()}`, email: `mxown${counter}@example.test`, password: 'long-enough-1', isAdmin: true, isOwner: true },
    }),
  },
  'PUT /api/admin/second-factor-rule (off)': {
    route: 'PUT /api/admin/second-factor-rule',
    expect: ownerOnly(200),
    prepare: async () => ({ method: 'PUT', path: '/api/admin/second-factor-rule', body: { required: false } }),
  },
  'PUT /api/admin/users/:id': {
    route: 'PUT /api/admin/users/:id',
    expect: staff(200),
    prepare: async () => {
      const id = await freshUser();
      return { method: 'PUT', path: `/api/admin/users/${id}`, body: { username: `mxedit${next()}`, email: `mxedit${counter}@example.test` } };
    },
  },
  'PUT /api/admin/users/:id (editing an owner)': {
    route: 'PUT /api/admin/users/:id',
    expect: ownerOnly(200),
    prepare: async () => {
      const id = await freshUser({ isOwner: true });
      return { method: 'PUT', path: `/api/admin/users/${id}`, body: { username: `mxedo${next()}`, email: `mxedo${counter}@example.test`, isAdmin: true, isOwner: true } };
    },
  },
  'DELETE /api/admin/users/:id': {
    route: 'DELETE /api/admin/users/:id',
    expect: staff(200),
    prepare: async () => ({ method: 'DELETE', path: `/api/admin/users/${await freshUser()}` }),
  },
  'DELETE /api/admin/users/:id (an owner)': {
    route: 'DELETE /api/admin/users/:id',
    expect: ownerOnly(200),
    prepare: async () => ({ method: 'DELETE', path: `/api/admin/users/${await freshUser({ isOwner: true })}` }),
  },
  'GET /api/admin/users/:id/policies': {
    route: 'GET /api/admin/users/:id/policies',
    expect: staff(200),
    prepare: async () => ({ method: 'GET', path: `/api/admin/users/${ids.customer}/policies` }),
  },
  'GET /api/admin/users/:id/cover': {
    route: 'GET /api/admin/users/:id/cover',
    expect: staff(200),
    prepare: async () => ({ method: 'GET', path: `/api/admin/users/${ids.customer}/cover` }),
  },
  'GET /api/admin/users/:id/overview': {
    route: 'GET /api/admin/users/:id/overview',
    expect: staff(200),
    prepare: async () => ({ method: 'GET', path: `/api/admin/users/${ids.customer}/overview` }),
  },
  'GET /api/admin/policies': { route: 'GET /api/admin/policies', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/policies?search=matrix' }) },
  'POST /api/admin/policies': {
    route: 'POST /api/admin/policies',
    expect: staff(201),
    prepare: async () => ({ method: 'POST', path: '/api/admin/policies', body: { ...validPolicy, holderName: `Made ${next()}` } }),
  },
  'PUT /api/admin/policies/:id': {
    route: 'PUT /api/admin/policies/:id',
    expect: staff(200),
    prepare: async () => ({ method: 'PUT', path: `/api/admin/policies/${(await freshPolicy()).id}`, body: { ...validPolicy, holderName: 'Edited' } }),
  },
  'POST /api/admin/policies/:id/payments': {
    route: 'POST /api/admin/policies/:id/payments',
    expect: staff(201),
    prepare: async () => ({ method: 'POST', path: `/api/admin/policies/${(await freshPolicy()).id}/payments`, body: { amount: '10', method: 'card-by-phone' } }),
  },
  'GET /api/admin/policies/:id/payments': {
    route: 'GET /api/admin/policies/:id/payments',
    expect: staff(200),
    prepare: async () => ({ method: 'GET', path: `/api/admin/policies/${(await freshPolicy()).id}/payments` }),
  },
  'GET /api/admin/policies/:id/history': {
    route: 'GET /api/admin/policies/:id/history',
    expect: staff(200),
    prepare: async () => ({ method: 'GET', path: `/api/admin/policies/${(await freshPolicy()).id}/history` }),
  },
  'POST /api/admin/policies/:id/cancel': {
    route: 'POST /api/admin/policies/:id/cancel',
    expect: staff(200),
    prepare: async () => ({ method: 'POST', path: `/api/admin/policies/${(await freshPolicy()).id}/cancel`, body: { reason: 'Matrix cancellation' } }),
  },
  'POST /api/admin/policies/:id/void': {
    route: 'POST /api/admin/policies/:id/void',
    expect: staff(200),
    prepare: async () => ({ method: 'POST', path: `/api/admin/policies/${(await freshPolicy('pending')).id}/void`, body: { reason: 'Matrix voiding' } }),
  },
  'POST /api/admin/policies/:id/resend': {
    route: 'POST /api/admin/policies/:id/resend',
    expect: staff(200),
    prepare: async () => ({ method: 'POST', path: `/api/admin/policies/${(await freshPolicy()).id}/resend`, body: { what: 'documents' } }),
  },
  'DELETE /api/admin/policies/:id': {
    route: 'DELETE /api/admin/policies/:id',
    expect: staff(200),
    prepare: async () => ({ method: 'DELETE', path: `/api/admin/policies/${(await freshPolicy('pending')).id}` }),
  },
  'GET /api/admin/logs': { route: 'GET /api/admin/logs', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/logs' }) },
  'POST /api/admin/logs': {
    route: 'POST /api/admin/logs',
    expect: staff(201),
    prepare: async () => ({ method: 'POST', path: '/api/admin/logs', body: { action: 'Matrix entry', level: 'info' } }),
  },
  'GET /api/admin/quotes': { route: 'GET /api/admin/quotes', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/quotes' }) },
  'GET /api/admin/quotes/:id': { route: 'GET /api/admin/quotes/:id', expect: staff(200), prepare: async () => ({ method: 'GET', path: `/api/admin/quotes/${ids.quote}` }) },
  'PUT /api/admin/quotes/:id': {
    route: 'PUT /api/admin/quotes/:id',
    expect: staff(200),
    prepare: async () => ({ method: 'PUT', path: `/api/admin/quotes/${ids.quote}`, body: { status: 'contacted' } }),
  },
  'PUT /api/admin/quotes/:id (assigning)': {
    route: 'PUT /api/admin/quotes/:id',
    expect: staff(200),
    prepare: async () => ({ method: 'PUT', path: `/api/admin/quotes/${ids.quote}`, body: { assigneeId: ids.admin } }),
  },
  'POST /api/admin/quotes/:id/offer': {
    route: 'POST /api/admin/quotes/:id/offer',
    expect: staff(200),
    prepare: async () => ({ method: 'POST', path: `/api/admin/quotes/${await freshQuote()}/offer`, body: { premium: '64.50' } }),
  },
  'POST /api/admin/quotes/:id/policy': {
    route: 'POST /api/admin/quotes/:id/policy',
    expect: staff(201),
    prepare: async () => ({ method: 'POST', path: `/api/admin/quotes/${await freshQuote({ accepted: true })}/policy`, body: { licenseNumber: 'MATRIX0001' } }),
  },
  'POST /api/admin/quotes/:id/acceptance': {
    route: 'POST /api/admin/quotes/:id/acceptance',
    expect: staff(200),
    prepare: async () => ({ method: 'POST', path: `/api/admin/quotes/${await freshQuote({ priced: true })}/acceptance`, body: { confirm: true } }),
  },
  'POST /api/admin/quotes/:id/notes': {
    route: 'POST /api/admin/quotes/:id/notes',
    expect: staff(201),
    prepare: async () => ({ method: 'POST', path: `/api/admin/quotes/${ids.quote}/notes`, body: { text: `Matrix note ${next()}` } }),
  },
  'GET /api/admin/callbacks': { route: 'GET /api/admin/callbacks', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/callbacks' }) },
  'GET /api/admin/callbacks/:id': {
    route: 'GET /api/admin/callbacks/:id',
    expect: staff(200),
    prepare: async () => ({ method: 'GET', path: `/api/admin/callbacks/${ids.callback}` }),
  },
  'PUT /api/admin/callbacks/:id': {
    route: 'PUT /api/admin/callbacks/:id',
    expect: staff(200),
    prepare: async () => ({ method: 'PUT', path: `/api/admin/callbacks/${ids.callback}`, body: { status: 'contacted' } }),
  },
  'POST /api/admin/callbacks/:id/notes': {
    route: 'POST /api/admin/callbacks/:id/notes',
    expect: staff(201),
    prepare: async () => ({ method: 'POST', path: `/api/admin/callbacks/${ids.callback}/notes`, body: { text: `Matrix note ${next()}` } }),
  },
  'GET /api/admin/report.csv': { route: 'GET /api/admin/report.csv', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/report.csv' }) },
  'POST /api/user/claims': {
    route: 'POST /api/user/claims',
    expect: ownPolicyOnly(201),
    prepare: async () => ({ method: 'POST', path: '/api/user/claims', body: claimReport() }),
  },
  'GET /api/user/claims': { route: 'GET /api/user/claims', expect: signedIn(200), prepare: async () => ({ method: 'GET', path: '/api/user/claims' }) },
  'GET /api/admin/claims': { route: 'GET /api/admin/claims', expect: staff(200), prepare: async () => ({ method: 'GET', path: '/api/admin/claims' }) },
  'GET /api/admin/claims/:id': { route: 'GET /api/admin/claims/:id', expect: staff(200), prepare: async () => ({ method: 'GET', path: `/api/admin/claims/${ids.claim}` }) },
  'PUT /api/admin/claims/:id': {
    route: 'PUT /api/admin/claims/:id',
    expect: staff(200),
    prepare: async () => ({ method: 'PUT', path: `/api/admin/claims/${ids.claim}`, body: { status: 'contacted' } }),
  },
  'POST /api/admin/claims/:id/notes': {
    route: 'POST /api/admin/claims/:id/notes',
    expect: staff(201),
    prepare: async () => ({ method: 'POST', path: `/api/admin/claims/${ids.claim}/notes`, body: { text: `Matrix note ${next()}` } }),
  },
  'GET /api/admin/claims/:id/photos/:position': {
    route: 'GET /api/admin/claims/:id/photos/:position',
    expect: staff(200),
    prepare: async () => ({ method: 'GET', path: `/api/admin/claims/${ids.claim}/photos/1?size=thumb` }),
  },
};

/** tRPC: the same matrix by procedure, answered over HTTP (status of the tRPC error, 200 on success). */
const TRPC: Record<string, { expect: Expected; input: () => Promise<unknown> }> = {
  'account.login': { expect: all(401), input: async () => ({ username: `mx-nobody-${next()}`, password: 'wrong-password' }) },
  'account.register': { expect: all(200), input: async () => ({ username: `mxtr${next()}`, email: `mxtr${counter}@example.test`, password: 'long-enough-1' }) },
  'passwordReset.request': { expect: all(200), input: async () => ({ email: 'nobody@example.test' }) },
  'passwordReset.confirm': { expect: all(400), input: async () => ({ token: 'x'.repeat(43), password: 'long-enough-1' }) },
  'callbacks.request': { expect: all(200), input: async () => ({ name: 'Matrix', email: `mxtcb${next()}@example.test`, phone: '07700 900123', reasonForContact: 'other' }) },
  'quotes.submit': { expect: all(200), input: async () => ({ ...validQuote, email: `mxtq${next()}@example.test` }) },
  'account.logout': { expect: signedIn(200), input: async () => undefined },
  'account.me': { expect: signedIn(200), input: async () => undefined },
  'account.verifyEmail.request': { expect: signedIn(200), input: async () => undefined },
  'account.verifyEmail.confirm': { expect: signedIn(400), input: async () => ({ token: 'x'.repeat(43) }) },
  'account.verifyEmail.code': { expect: signedIn(400), input: async () => ({ code: 'abc' }) },
  'account.details': { expect: signedIn(200), input: async () => undefined },
  'account.updateDetails': { expect: signedIn(200), input: async () => ({ name: 'Matrix Person', phone: null }) },
  'account.changeEmail': { expect: signedIn(200), input: async () => ({ email: `mxtchange${next()}@example.test`, currentPassword: PASSWORD }) },
  'account.confirmEmailChange': { expect: signedIn(400), input: async () => ({ token: 'x'.repeat(43) }) },
  'account.changePassword': { expect: signedIn(200), input: async () => ({ currentPassword: PASSWORD, password: PASSWORD }) },
  'account.sessions': { expect: signedIn(200), input: async () => undefined },
  'account.endSession': { expect: ownSessionOnly(200), input: async () => ({ id: await customersOtherSession() }) },
  'account.signOutOthers': { expect: signedIn(200), input: async () => undefined },
  'account.secondFactor.login': { expect: all(401), input: async () => ({ challenge: 'x'.repeat(43), code: '123456' }) },
  'account.secondFactor.status': { expect: signedIn(200), input: async () => undefined },
  'account.passkeyLogin.options': { expect: all(200), input: async () => undefined },
  'account.passkeyLogin.login': { expect: all(401), input: async () => ({ response: await unknownPasskeyAnswer() }) },
  'account.passkeys.list': { expect: signedIn(200), input: async () => undefined },
  'account.passkeys.options': { expect: signedIn(200), input: async () => ({ currentPassword: PASSWORD }) },
  'account.passkeys.add': { expect: signedIn(400), input: async () => ({ name: 'Matrix key', response: {} }) },
  'account.passkeys.remove': { expect: ownSessionOnly(200), input: async () => ({ id: await customersPasskey() }) },
  'account.secondFactor.setup': { expect: staff(200), input: async () => undefined },
  'account.secondFactor.confirm': { expect: signedIn(400), input: async () => ({ code: 'abc' }) },
  'account.secondFactor.remove': { expect: signedIn(400), input: async () => ({ code: 'abc' }) },
  'admin.secondFactorRule': { expect: ownerOnly(200), input: async () => ({ required: false }) },
  'policies.mine': { expect: signedIn(200), input: async () => undefined },
  'policies.paid': { expect: signedIn(200), input: async () => undefined },
  'policies.priceExtension': { expect: ownPolicyOnly(200), input: async () => ({ policyNumber: extensionPolicyNumber, durationValue: 1, durationUnit: 'days' }) },
  'policies.buyExtension': { expect: ownPolicyOnly(409), input: async () => ({ policyNumber: extensionPolicyNumber, id: ids.extension }) },
  'account.data': { expect: signedIn(200), input: async () => undefined },
  'account.close': { expect: { anonymous: 401, customer: 400, otherCustomer: 400, admin: 403, owner: 403 }, input: async () => ({ password: 'wrong-password' }) },
  'quotes.mine': { expect: signedIn(200), input: async () => undefined },
  'quotes.accept': {
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 404, owner: 404 },
    input: async () => ({ reference: await customersPricedQuote(), confirm: true }),
  },
  'quotes.buy': { expect: signedIn(409), input: async () => ({ reference: await customersPricedQuote(), confirm: true }) },
  'quotes.renewal': {
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 404, owner: 404 },
    input: async () => ({ policyNumber: (await freshPolicy()).policyNumber }),
  },
  'verify.byCode': { expect: all(200), input: async () => ({ code: await freshVerifyCode() }) },
  'admin.stats': { expect: staff(200), input: async () => undefined },
  'admin.queueCounts': { expect: staff(200), input: async () => undefined },
  'admin.decisionCounts': { expect: staff(200), input: async () => undefined },
  'admin.rates.list': { expect: ownerOnly(200), input: async () => undefined },
  'admin.rates.create': { expect: ownerOnly(200), input: async () => rateVersion() },
  'admin.staff': { expect: staff(200), input: async () => undefined },
  'admin.users.list': { expect: staff(200), input: async () => ({}) },
  'admin.users.create': { expect: staff(200), input: async () => ({ username: `mxtu${next()}`, email: `mxtu${counter}@example.test`, password: 'long-enough-1' }) },
  'admin.users.update': { expect: staff(200), input: async () => ({ id: await freshUser(), data: { username: `mxtup${next()}`, email: `mxtup${counter}@example.test` } }) },
  'admin.users.delete': { expect: staff(200), input: async () => ({ id: await freshUser() }) },
  'admin.users.coverHeld': { expect: staff(200), input: async () => ({ id: ids.customer }) },
  'admin.users.overview': { expect: staff(200), input: async () => ({ id: ids.customer }) },
  'admin.policies.list': { expect: staff(200), input: async () => ({}) },
  'admin.policies.ofUser': { expect: staff(200), input: async () => ({ userId: ids.customer }) },
  'admin.policies.create': { expect: staff(200), input: async () => ({ ...validPolicy, holderName: `Trpc ${next()}` }) },
  'admin.policies.update': { expect: staff(200), input: async () => ({ id: (await freshPolicy()).id, data: { ...validPolicy, holderName: 'Edited' } }) },
  'admin.policies.history': { expect: staff(200), input: async () => ({ id: (await freshPolicy()).id }) },
  'admin.policies.payments': { expect: staff(200), input: async () => ({ id: (await freshPolicy()).id }) },
  'admin.policies.recordPayment': { expect: staff(200), input: async () => ({ id: (await freshPolicy()).id, amount: '10', method: 'card-by-phone' }) },
  'admin.policies.cancel': { expect: staff(200), input: async () => ({ id: (await freshPolicy()).id, data: { reason: 'Matrix cancellation' } }) },
  'admin.policies.void': { expect: staff(200), input: async () => ({ id: (await freshPolicy('pending')).id, data: { reason: 'Matrix voiding' } }) },
  'admin.policies.resend': { expect: staff(200), input: async () => ({ id: (await freshPolicy()).id, data: { what: 'documents' } }) },
  'admin.policies.delete': { expect: staff(200), input: async () => ({ id: (await freshPolicy('pending')).id }) },
  'admin.logs.list': { expect: staff(200), input: async () => ({}) },
  'admin.logs.add': { expect: staff(200), input: async () => ({ action: 'Matrix entry', level: 'info' }) },
  'admin.quotes.list': { expect: staff(200), input: async () => ({}) },
  'admin.quotes.get': { expect: staff(200), input: async () => ({ id: ids.quote }) },
  'admin.quotes.update': { expect: staff(200), input: async () => ({ id: ids.quote, status: 'contacted', assigneeId: ids.admin }) },
  'admin.quotes.offer': { expect: staff(200), input: async () => ({ id: await freshQuote(), premium: '64.50' }) },
  'admin.quotes.issuePolicy': { expect: staff(200), input: async () => ({ id: await freshQuote({ accepted: true }), licenseNumber: 'MATRIX0001' }) },
  'admin.quotes.recordAcceptance': { expect: staff(200), input: async () => ({ id: await freshQuote({ priced: true }), confirm: true }) },
  'admin.quotes.addNote': { expect: staff(200), input: async () => ({ id: ids.quote, text: `Matrix note ${next()}` }) },
  'admin.callbacks.list': { expect: staff(200), input: async () => ({}) },
  'admin.callbacks.get': { expect: staff(200), input: async () => ({ id: ids.callback }) },
  'admin.callbacks.update': { expect: staff(200), input: async () => ({ id: ids.callback, assigneeId: null }) },
  'admin.callbacks.addNote': { expect: staff(200), input: async () => ({ id: ids.callback, text: `Matrix note ${next()}` }) },
  'claims.report': { expect: ownPolicyOnly(200), input: async () => claimReport() },
  'claims.mine': { expect: signedIn(200), input: async () => undefined },
  'admin.claims.list': { expect: staff(200), input: async () => ({}) },
  'admin.claims.get': { expect: staff(200), input: async () => ({ id: ids.claim }) },
  'admin.claims.update': { expect: staff(200), input: async () => ({ id: ids.claim, assigneeId: null }) },
  'admin.claims.addNote': { expect: staff(200), input: async () => ({ id: ids.claim, text: `Matrix note ${next()}` }) },
};

let addressCounter = 0;
const freshAddress = () => `100.100.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

/** A token for the role; logout gets a session of its own, since it ends the one it is given. */
async function tokenFor(role: Role, consumes: boolean): Promise<string | undefined> {
  if (role === 'anonymous') return undefined;
  return consumes ? h.tokenFor(USERNAMES[role]) : tokens[role];
}

beforeAll(async () => {
  h = await createHarness();
  ids.customer = await h.addUser({ username: USERNAMES.customer });
  await h.addUser({ username: USERNAMES.otherCustomer });
  ids.admin = await h.addUser({ username: USERNAMES.admin, isAdmin: true });
  await h.addUser({ username: USERNAMES.owner, isOwner: true });
  for (const role of ['customer', 'otherCustomer', 'admin', 'owner'] as const) tokens[role] = await h.tokenFor(USERNAMES[role]);
  const quote = await h.request('POST', '/api/quotes', { body: validQuote, headers: { 'x-forwarded-for': freshAddress() } });
  const callback = await h.request('POST', '/api/callbacks', {
    body: { name: 'Matrix', email: 'mx@example.test', phone: '07700 900123', reasonForContact: 'other' },
    headers: { 'x-forwarded-for': freshAddress() },
  });
  expect([quote.status, callback.status]).toEqual([201, 201]);
  const firstId = async (table: string) => Number((await h.database.client.execute(`select min(id) id from ${table}`)).rows[0]!['id']);
  ids.quote = await firstId('quote_requests');
  ids.callback = await firstId('callback_requests');
  // The live rates the first start seeds (src-server/main.ts): more time is priced on them, from now on every request too.
  await ensureExampleRates(h.deps);
  extensionPolicyNumber = await customersPolicyFromRequest();
  const priced = await h.request('POST', `/api/user/policies/${extensionPolicyNumber}/extension`, { token: tokens.customer, body: { durationValue: 1, durationUnit: 'days' } });
  ids.extension = (await json<{ extensionId: number }>(priced)).extensionId;
  expect(ids.extension).toBeGreaterThan(0);
  claimPolicyNumber = (await freshPolicy()).policyNumber;
  const photo = (await sharp({ create: { width: 40, height: 30, channels: 3, background: 'grey' } }).png().toBuffer()).toString('base64');
  const claim = await h.request('POST', '/api/user/claims', { token: tokens.customer, body: { ...claimReport(), photos: [{ data: photo }] } });
  expect(claim.status).toBe(201);
  ids.claim = await firstId('claims');
});
afterAll(() => h.close());

describe('the matrix covers everything', () => {
  it('has a row for every route the app serves (the API and GET /metrics; tRPC below)', () => {
    const served = new Set(
      h.app.routes.filter((r) => r.method !== 'ALL' && (r.path.startsWith('/api/') || r.path === '/metrics') && !r.path.endsWith('*')).map((r) => `${r.method} ${r.path}`),
    );
    expect([...served].sort()).toEqual([...new Set(Object.values(REST).map((r) => r.route))].sort());
  });

  it('has a row for every tRPC procedure', () => {
    expect(Object.keys(appRouter._def.procedures).sort()).toEqual(Object.keys(TRPC).sort());
  });
});

describe.each(Object.entries(REST))('REST %s', (_name, row) => {
  it.each(ROLES)('as %s', async (role) => {
    const cell = await row.prepare();
    const token = await tokenFor(role, row.route === 'POST /api/logout' || ENDS_OTHER_SESSIONS.has(row.route));
    const res = await h.request(cell.method, cell.path, { token, body: cell.body, headers: { 'x-forwarded-for': freshAddress() } });
    if (ENDS_OTHER_SESSIONS.has(row.route) && role !== 'anonymous') tokens[role] = await h.tokenFor(USERNAMES[role]);
    expect(res.status, `${cell.method} ${cell.path} as ${role}: ${await res.clone().text()}`).toBe(row.expect[role]);
  });
});

describe.each(Object.entries(TRPC))('tRPC %s', (path, row) => {
  it.each(ROLES)('as %s', async (role) => {
    const isQuery = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path]!._def.type === 'query';
    const input = await row.input();
    const token = await tokenFor(role, path === 'account.logout' || ENDS_OTHER_SESSIONS.has(path));
    const encoded = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const res = isQuery
      ? await h.request('GET', `/trpc/${path}${encoded}`, { token, headers: { 'x-forwarded-for': freshAddress() } })
      : await h.request('POST', `/trpc/${path}`, {
          token,
          ...(input === undefined ? {} : { rawBody: JSON.stringify(input) }),
          headers: { 'x-forwarded-for': freshAddress(), 'content-type': 'application/json' },
        });
    if (ENDS_OTHER_SESSIONS.has(path) && role !== 'anonymous') tokens[role] = await h.tokenFor(USERNAMES[role]);
    expect(res.status, `${path} as ${role}: ${await res.clone().text()}`).toBe(row.expect[role]);
  });
});
