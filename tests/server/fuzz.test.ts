// Property-based tests (fast-check) of every REST route and tRPC procedure (issue: thousands of generated
// bodies, query strings and headers -> always a 4xx with a clear error or a correct 2xx, never a 5xx, and
// the database unchanged after every refused write). Each route starts from a valid request and gets
// fields replaced, dropped and added, whole bodies of any JSON, hostile query strings and headers.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterAnswer } from '../../src-server/platform/after-answer';
import { appRouter } from '../../src-server/api/trpc';
import { isWellFormedText } from '../../src-server/contract/text';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, PASSWORD, T0, validPolicy, type Harness } from './harness';
import { exampleRateVersion } from '../../src-server/modules/pricing';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let h: Harness;
let owner: string;
let ids: { victim: number; policy: number; policyNumber: string; quote: number; callback: number; claim: number };
/** The owner's own policy, for the claim report (a claim is made on the caller's own policy only). */
const ownerPolicy = { policyNumber: '' };
/** The fuzz policy's verification code (GET /api/verify/:code). */
let verifyCode = '';

/** Text that has broken servers before: SQL and HTML fragments, control characters, odd unicode, impossible dates. */
const NASTY = [
  "' OR 1=1 --",
  "'); DROP TABLE users; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '\u0000',
  '\u0000\u0001\u001f\u007f',
  '\r\nSet-Cookie: a=b',
  '\u202e\u200b\ufeff',
  '😀👩‍👩‍👧‍👦',
  'Ａ',
  '\ud800',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '25:61',
  '24:00',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '',
  ' ',
  '__proto__',
  'constructor',
  '"*" OR NEAR(a b)',
  'learner',
  'Business use cover',
  '%',
  '_',
  '\\',
];

const hostileString = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 4000 }),
  fc.constantFrom('a'.repeat(300), 'x'.repeat(5000)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 2 ** 53 + 1, -1, 0),
);

/** A valid body with some fields replaced, some dropped and some added. */
function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 4 });
  return fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length }),
      drop: fc.subarray(keys, { maxLength: Math.min(3, keys.length) }),
      extra: fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 2 }),
    })
    .map(({ replace, drop, extra }) => {
      const body: Record<string, unknown> = { ...extra, ...valid, ...replace };
      for (const k of drop) delete body[k];
      return body;
    });
}

const anyBody: fc.Arbitrary<unknown> = fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileValue);

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: () => string;
  /** A valid body to start from (writes) or valid query parameters (lists). */
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** Calls that write audit/throttle rows even when refused, by design (a failed login is logged). */
  logsRefusals?: boolean;
}

const LIST_QUERY = { limit: '10', offset: '0', search: 'a' };
/** A policy with every field set, product and premium (as text with a pound sign) included, for the mutations to work on. */
const FUZZ_POLICY = { ...validPolicy, product: 'learner', premium: '£1,234.50' };
/** Well-formed WebAuthn answers, to be mutated: none signed by a key the server knows. */
const FUZZ_ATTESTATION = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] }, clientExtensionResults: {} };
const FUZZ_ASSERTION = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'MQ' }, clientExtensionResults: {} };

const ROUTES: Record<string, Route> = {
  'GET /api/health': { method: 'GET', path: () => '/api/health' },
  'GET /api/openapi.json': { method: 'GET', path: () => '/api/openapi.json' },
  'GET /api/docs': { method: 'GET', path: () => '/api/docs' },
  'GET /api/docs/scalar-api-reference-1.46.4.js': { method: 'GET', path: () => '/api/docs/scalar-api-reference-1.46.4.js' },
  'POST /api/login': { method: 'POST', path: () => '/api/login', body: { username: 'fuzz-nobody', password: 'wrong-password' }, logsRefusals: true },
  'POST /api/register': { method: 'POST', path: () => '/api/register', body: { username: 'fuzzreg', email: 'fuzzreg@example.test', password: 'longenough1', isAdmin: false } },
  'POST /api/password-reset/request': { method: 'POST', path: () => '/api/password-reset/request', body: { email: 'nobody@example.test' } },
  'POST /api/password-reset/confirm': { method: 'POST', path: () => '/api/password-reset/confirm', body: { token: 'x'.repeat(43), password: 'longenough1' } },
  'POST /api/callbacks': { method: 'POST', path: () => '/api/callbacks', body: { name: 'Fuzz', email: 'fuzz@example.test', phone: '07700 900123', reasonForContact: 'other' } },
  'POST /api/quotes': { method: 'POST', path: () => '/api/quotes', body: validQuote },
  'GET /api/me': { method: 'GET', path: () => '/api/me' },
  'POST /api/account/verify-email/request': { method: 'POST', path: () => '/api/account/verify-email/request' },
  'POST /api/account/verify-email/confirm': { method: 'POST', path: () => '/api/account/verify-email/confirm', body: { token: 'x'.repeat(43) } },
  'POST /api/account/verify-email/code': { method: 'POST', path: () => '/api/account/verify-email/code', body: { code: '123456' } },
  'GET /api/account': { method: 'GET', path: () => '/api/account' },
  'PUT /api/account': { method: 'PUT', path: () => '/api/account', body: { name: 'Fuzz Owner', phone: '07700 900123' } },
  // The right password: a change is asked for (a link queued) until the hourly limit answers 429.
  'POST /api/account/email': { method: 'POST', path: () => '/api/account/email', body: { email: 'fuzz-new@example.test', currentPassword: PASSWORD } },
  'POST /api/account/email/confirm': { method: 'POST', path: () => '/api/account/email/confirm', body: { token: 'x'.repeat(43) } },
  // A wrong current password: a change would end the run's own session (and its password), so it is always refused.
  'POST /api/account/password': { method: 'POST', path: () => '/api/account/password', body: { currentPassword: 'not-the-password', password: 'longenough1' } },
  'GET /api/account/sessions': { method: 'GET', path: () => '/api/account/sessions' },
  // Only the run's own session exists, which this route will not end: every id answers 404 or 409.
  'DELETE /api/account/sessions/:id': { method: 'DELETE', path: () => '/api/account/sessions/1' },
  'POST /api/account/sessions/sign-out-others': { method: 'POST', path: () => '/api/account/sessions/sign-out-others' },
  // A wrong code is counted and logged, as a wrong password is. The owner running these has no second factor, so
  // removing one is refused (409) and the owner's rule can only be turned off.
  'POST /api/login/second-factor': { method: 'POST', path: () => '/api/login/second-factor', body: { challenge: 'x'.repeat(43), code: '123456' }, logsRefusals: true },
  'GET /api/account/second-factor': { method: 'GET', path: () => '/api/account/second-factor' },
  // A refused passkey answer is counted and logged, as a wrong password is; no fuzzed answer is signed by a real key.
  'POST /api/login/passkey/options': { method: 'POST', path: () => '/api/login/passkey/options' },
  'POST /api/login/passkey': { method: 'POST', path: () => '/api/login/passkey', body: { response: FUZZ_ASSERTION }, logsRefusals: true },
  'GET /api/account/passkeys': { method: 'GET', path: () => '/api/account/passkeys' },
  // The right password: options are made (the owner running these has no second factor to be asked for).
  'POST /api/account/passkeys/options': { method: 'POST', path: () => '/api/account/passkeys/options', body: { currentPassword: PASSWORD } },
  'POST /api/account/passkeys': { method: 'POST', path: () => '/api/account/passkeys', body: { name: 'Fuzz key', response: FUZZ_ATTESTATION }, logsRefusals: true },
  // The owner running these has no passkey: every id answers 404.
  'POST /api/account/passkeys/remove': { method: 'POST', path: () => '/api/account/passkeys/remove', body: { id: 1 } },
  'POST /api/account/second-factor/setup': { method: 'POST', path: () => '/api/account/second-factor/setup' },
  'POST /api/account/second-factor/confirm': { method: 'POST', path: () => '/api/account/second-factor/confirm', body: { code: '123456' }, logsRefusals: true },
  'POST /api/account/second-factor/remove': { method: 'POST', path: () => '/api/account/second-factor/remove', body: { code: '123456' }, logsRefusals: true },
  'PUT /api/admin/second-factor-rule': { method: 'PUT', path: () => '/api/admin/second-factor-rule', body: { required: false } },
  'GET /api/user/policies': { method: 'GET', path: () => '/api/user/policies' },
  'GET /api/user/policies/paid': { method: 'GET', path: () => '/api/user/policies/paid' },
  'GET /api/account/data': { method: 'GET', path: () => '/api/account/data' },
  // The run's token is an owner's: refused (403) before the password is read, so nothing the run needs is closed.
  'POST /api/account/close': { method: 'POST', path: () => '/api/account/close', body: { password: 'wrong-password' } },
  'GET /api/user/quotes': { method: 'GET', path: () => '/api/user/quotes' },
  'POST /api/user/quotes/:reference/accept': { method: 'POST', path: () => `/api/user/quotes/${ownQuotes.acceptReference}/accept`, body: { confirm: true } },
  // No card provider in this harness: a well-formed Buy answers 409, writing nothing.
  'POST /api/user/quotes/:reference/buy': { method: 'POST', path: () => `/api/user/quotes/${ownQuotes.acceptReference}/buy`, body: { confirm: true } },
  // The run's policy was made by hand: no answers to price, so 409; a malformed length 400.
  'POST /api/user/policies/:policyNumber/extension': { method: 'POST', path: () => `/api/user/policies/${ids.policyNumber}/extension`, body: { durationValue: 1, durationUnit: 'days' } },
  'POST /api/user/policies/:policyNumber/extension/:id/buy': { method: 'POST', path: () => `/api/user/policies/${ids.policyNumber}/extension/1/buy` },
  'GET /api/user/policies/:policyNumber/renewal': { method: 'GET', path: () => `/api/user/policies/${ids.policyNumber}/renewal` },
  'GET /api/policies/:policyNumber/certificate': { method: 'GET', path: () => `/api/policies/${ids.policyNumber}/certificate`, query: { download: '1' } },
  'GET /api/policies/:policyNumber/documents/:kind': { method: 'GET', path: () => `/api/policies/${ids.policyNumber}/documents/schedule`, query: { download: '1' } },
  'GET /api/verify/:code': { method: 'GET', path: () => `/api/verify/${verifyCode}` },
  'GET /api/admin/stats': { method: 'GET', path: () => '/api/admin/stats' },
  'GET /api/admin/stats/queues': { method: 'GET', path: () => '/api/admin/stats/queues' },
  'GET /api/admin/stats/decisions': { method: 'GET', path: () => '/api/admin/stats/decisions' },
  'GET /api/admin/rates': { method: 'GET', path: () => '/api/admin/rates' },
  // A version from a year on: one the fuzzer makes whole is stored, and prices nothing the run asks for.
  'POST /api/admin/rates': { method: 'POST', path: () => '/api/admin/rates', body: { name: 'Fuzz rates', effectiveFrom: new Date(T0 + 365 * 86_400_000).toISOString(), rates: exampleRateVersion.rates } },
  'GET /api/admin/staff': { method: 'GET', path: () => '/api/admin/staff' },
  'GET /api/admin/users': { method: 'GET', path: () => '/api/admin/users', query: LIST_QUERY },
  'POST /api/admin/users': { method: 'POST', path: () => '/api/admin/users', body: { username: 'fuzzmade', email: 'fuzzmade@example.test', password: 'longenough1', isAdmin: false, isOwner: false } },
  'PUT /api/admin/users/:id': { method: 'PUT', path: () => `/api/admin/users/${ids.victim}`, body: { username: 'fuzzvictim', email: 'fuzzvictim@example.test', isAdmin: false, isOwner: false } },
  'GET /api/admin/users/:id/policies': { method: 'GET', path: () => `/api/admin/users/${ids.victim}/policies` },
  'GET /api/admin/users/:id/cover': { method: 'GET', path: () => `/api/admin/users/${ids.victim}/cover` },
  'GET /api/admin/users/:id/overview': { method: 'GET', path: () => `/api/admin/users/${ids.victim}/overview` },
  'GET /api/admin/policies': { method: 'GET', path: () => '/api/admin/policies', query: LIST_QUERY },
  'POST /api/admin/policies': { method: 'POST', path: () => '/api/admin/policies', body: FUZZ_POLICY },
  'PUT /api/admin/policies/:id': { method: 'PUT', path: () => `/api/admin/policies/${ids.policy}`, body: FUZZ_POLICY },
  'GET /api/admin/policies/:id/history': { method: 'GET', path: () => `/api/admin/policies/${ids.policy}/history` },
  'GET /api/admin/policies/:id/payments': { method: 'GET', path: () => `/api/admin/policies/${ids.policy}/payments` },
  'POST /api/admin/policies/:id/payments': { method: 'POST', path: () => `/api/admin/policies/${ids.policy}/payments`, body: { amount: '£12.50', method: 'card-by-phone', reference: 'FUZZ-1' } },
  // A cancellation set for later can be set again and again; voiding works once, then answers 409.
  'POST /api/admin/policies/:id/cancel': {
    method: 'POST',
    path: () => `/api/admin/policies/${ownPolicies.cancel}/cancel`,
    body: { reason: 'Fuzz cancellation', effectiveDate: '2026-07-05', effectiveTime: '10:00' },
  },
  'POST /api/admin/policies/:id/void': { method: 'POST', path: () => `/api/admin/policies/${ownPolicies.void}/void`, body: { reason: 'Fuzz voiding' } },
  'POST /api/admin/policies/:id/resend': { method: 'POST', path: () => `/api/admin/policies/${ids.policy}/resend`, body: { what: 'documents' } },
  'GET /api/admin/logs': { method: 'GET', path: () => '/api/admin/logs', query: LIST_QUERY },
  'POST /api/admin/logs': { method: 'POST', path: () => '/api/admin/logs', body: { action: 'Fuzz entry', level: 'info' } },
  'GET /api/admin/quotes': { method: 'GET', path: () => '/api/admin/quotes', query: { ...LIST_QUERY, status: 'open' } },
  'GET /api/admin/quotes/:id': { method: 'GET', path: () => `/api/admin/quotes/${ids.quote}` },
  'PUT /api/admin/quotes/:id': { method: 'PUT', path: () => `/api/admin/quotes/${ids.quote}`, body: { status: 'contacted', assigneeId: null } },
  'POST /api/admin/quotes/:id/offer': { method: 'POST', path: () => `/api/admin/quotes/${ownQuotes.offer}/offer`, body: { premium: '64.50', validHours: 24 } },
  'POST /api/admin/quotes/:id/policy': {
    method: 'POST',
    path: () => `/api/admin/quotes/${ownQuotes.policy}/policy`,
    body: { licenseNumber: 'FUZZ0001', status: 'pending', carModel: 'Fuzz car', startTime: '10:00', premium: '£64.50', product: 'learner' },
  },
  'POST /api/admin/quotes/:id/acceptance': { method: 'POST', path: () => `/api/admin/quotes/${ownQuotes.acceptance}/acceptance`, body: { confirm: true } },
  'POST /api/admin/quotes/:id/notes': { method: 'POST', path: () => `/api/admin/quotes/${ids.quote}/notes`, body: { text: 'Fuzz note\nsecond line' } },
  'GET /api/admin/callbacks': { method: 'GET', path: () => '/api/admin/callbacks', query: { ...LIST_QUERY, status: 'overdue' } },
  'GET /api/admin/callbacks/:id': { method: 'GET', path: () => `/api/admin/callbacks/${ids.callback}` },
  'PUT /api/admin/callbacks/:id': { method: 'PUT', path: () => `/api/admin/callbacks/${ids.callback}`, body: { status: 'contacted', assigneeId: null } },
  'POST /api/admin/callbacks/:id/notes': { method: 'POST', path: () => `/api/admin/callbacks/${ids.callback}/notes`, body: { text: 'Fuzz note' } },
  'GET /api/admin/report.csv': { method: 'GET', path: () => '/api/admin/report.csv' },
  'POST /api/user/claims': {
    method: 'POST',
    path: () => '/api/user/claims',
    // A getter: the policy number is known once the owner's policy exists.
    get body() {
      return {
        clientId: '5a0e4f3c-2b1d-4c7e-8f9a-0b1c2d3e4f5a',
        policyNumber: ownerPolicy.policyNumber,
        kind: 'accident',
        occurredAt: '2026-07-01T11:00:00Z',
        location: 'Fuzz Road',
        description: 'Fuzzed\nclaim',
        phone: '07700 900123',
        injuries: true,
        injuryDetails: 'A bruise',
        otherVehicles: [{ registration: 'FU22 ZZZ' }],
        witnesses: [{ name: 'Wit Ness' }],
        policeReference: 'FZ-1',
      };
    },
  },
  'GET /api/user/claims': { method: 'GET', path: () => '/api/user/claims' },
  'GET /api/admin/claims': { method: 'GET', path: () => '/api/admin/claims', query: { ...LIST_QUERY, status: 'overdue' } },
  'GET /api/admin/claims/:id': { method: 'GET', path: () => `/api/admin/claims/${ids.claim}` },
  'PUT /api/admin/claims/:id': { method: 'PUT', path: () => `/api/admin/claims/${ids.claim}`, body: { status: 'contacted', assigneeId: null } },
  'POST /api/admin/claims/:id/notes': { method: 'POST', path: () => `/api/admin/claims/${ids.claim}/notes`, body: { text: 'Fuzz note' } },
  'GET /api/admin/claims/:id/photos/:position': { method: 'GET', path: () => `/api/admin/claims/${ids.claim}/photos/1`, query: { size: 'thumb' } },
};
// Logout and the deletes act on the path and the token alone: they get the path-parameter and forged-token
// properties below instead of body generators (a valid token or a small id would end the run's own session
// or data).
// GET /metrics takes no input but its bearer token, and is off (404) in this harness: the Authorization values it
// refuses are generated in tests/server/metrics.test.ts. The card provider's webhook is off (404) here too, and with a
// provider reads nothing past its signature: tests/server/online-payments.test.ts sends it bad, unsigned and oversized bodies.
const NOT_FUZZED = ['POST /api/logout', 'DELETE /api/admin/users/:id', 'DELETE /api/admin/policies/:id', 'GET /metrics', 'POST /api/payments/webhook'];

/** Every table a refused write must leave as it was (throttle and audit are written on purpose for logins). */
async function snapshot(includeAudit: boolean): Promise<string> {
  // What earlier requests left for later is written first, so that none of it lands between two snapshots: the
  // refusals counted in memory (audit/refusal-log.ts), reset links waiting for their moment (after-answer.ts).
  await settleAfterAnswer(h.deps);
  await h.deps.refusals.log.flush();
  const tables = ['users', 'policies', 'policy_payments', 'policy_versions', 'policy_lists', 'quote_requests', 'callback_requests', 'claims', 'claim_photos', 'request_notes', 'mail_outbox', 'one_time_tokens', 'revoked_tokens', 'counters'];
  if (includeAudit) tables.push('audit_logs');
  // The audit log's own counters (drizzle/0008_audit_log_upkeep.sql) move with its entries: left out with them.
  const counted = includeAudit ? '1' : "name not like 'audit_logs%'";
  // One statement: on a libSQL server each is a round trip, and this runs twice for every generated request.
  const rs = await h.database.client.execute(
    `select ${tables.map((t) => `(select count(*) from ${t}) ${t}`).join(', ')}, ` +
      `(select max(updated_at) from users) u, (select max(updated_at) from policies) p, (select max(updated_at) from quote_requests) q, (select max(updated_at) from callback_requests) c, (select max(updated_at) from claims) cl, (select total(value) from counters where ${counted}) k`,
  );
  return JSON.stringify(rs.rows[0]);
}

/** Every generated request's status, printed at the end: the evidence that the runs reach both sides. */
const statuses = new Map<number, number>();
const tally = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

async function expectSound(res: Response, label: string): Promise<void> {
  tally(res.status);
  const text = await res.text();
  expect(res.status, `${label} -> ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    // A clear error: JSON with an error text.
    const body = JSON.parse(text) as { error?: unknown };
    expect(typeof body.error, `${label}: ${text.slice(0, 200)}`).toBe('string');
    expect((body.error as string).length).toBeGreaterThan(0);
  }
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'fuzz-owner', isOwner: true });
  owner = await h.tokenFor('fuzz-owner');
  const victim = await h.addUser({ username: 'fuzzvictim' });
  const policy = await json<{ id: number; policyNumber: string }>(await h.request('POST', '/api/admin/policies', { token: owner, body: { ...validPolicy, userId: victim } }));
  const quote = await h.request('POST', '/api/quotes', { body: validQuote, headers: { 'x-forwarded-for': '100.64.0.1' } });
  expect(quote.status).toBe(201);
  const callback = await h.request('POST', '/api/callbacks', { body: ROUTES['POST /api/callbacks']!.body, headers: { 'x-forwarded-for': '100.64.0.2' } });
  expect(callback.status).toBe(201);
  const firstId = async (table: string) => Number((await h.database.client.execute(`select min(id) id from ${table}`)).rows[0]!['id']);
  const ownerId = Number((await h.database.client.execute("select id from users where username = 'fuzz-owner'")).rows[0]!['id']);
  const own = await json<{ policyNumber: string }>(await h.request('POST', '/api/admin/policies', { token: owner, body: { ...validPolicy, userId: ownerId } }));
  ownerPolicy.policyNumber = own.policyNumber;
  const photo = (await sharp({ create: { width: 40, height: 30, channels: 3, background: 'grey' } }).jpeg().toBuffer()).toString('base64');
  const claim = await h.request('POST', '/api/user/claims', { token: owner, body: { ...ROUTES['POST /api/user/claims']!.body, clientId: randomUUID(), photos: [{ data: photo }] } });
  expect(claim.status).toBe(201);
  ids = {
    victim,
    policy: policy.id,
    policyNumber: policy.policyNumber,
    quote: await firstId('quote_requests'),
    callback: await firstId('callback_requests'),
    claim: await firstId('claims'),
  };
  verifyCode = String((await h.database.client.execute({ sql: 'select verify_code from policies where id = ?', args: [policy.id] })).rows[0]!['verify_code']);
});
/**
 * Requests of their own for the offer, acceptance and policy routes: issuing closes one, and the other routes keep
 * ids.quote open. The policy's is priced and accepted (issuing needs it), the acceptance's priced, and the customer's
 * (the owner's own address) priced for the owner to accept.
 */
const ownQuotes = { offer: 0, policy: 0, acceptance: 0, accept: 0, acceptReference: '' };
/** Policies of their own for cancelling and voiding: the other routes keep ids.policy active. */
const ownPolicies = { cancel: 0, void: 0 };
beforeAll(async () => {
  for (const [kind, status] of [['cancel', 'active'], ['void', 'pending']] as const) {
    const res = await h.request('POST', '/api/admin/policies', { token: owner, body: { ...validPolicy, userId: ids.victim, status } });
    ownPolicies[kind] = (await json<{ id: number }>(res)).id;
  }
});
beforeAll(async () => {
  for (const [i, kind] of (['offer', 'policy', 'acceptance', 'accept'] as const).entries()) {
    const email = kind === 'accept' ? 'fuzz-owner@example.test' : `fuzz-${kind}@example.test`;
    const res = await h.request('POST', '/api/quotes', { body: { ...validQuote, email }, headers: { 'x-forwarded-for': `100.64.1.${i + 1}` } });
    const { reference } = await json<{ reference: string }>(res);
    ownQuotes[kind] = Number((await h.database.client.execute({ sql: 'select id from quote_requests where reference = ?', args: [reference] })).rows[0]!['id']);
    if (kind === 'accept') ownQuotes.acceptReference = reference;
    if (kind !== 'offer') expect((await h.request('POST', `/api/admin/quotes/${ownQuotes[kind]}/offer`, { token: owner, body: { premium: '64.50', validHours: 720 } })).status).toBe(200);
  }
  expect((await h.request('POST', `/api/admin/quotes/${ownQuotes.policy}/acceptance`, { token: owner , body: { confirm: true } })).status).toBe(200);
});
afterAll(async () => {
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
  console.log(`fuzz: ${total} generated requests; by status ${byStatus}`);
  await h.close();
});

describe('the fuzzed route table', () => {
  it('covers every route the app serves, the API and GET /metrics (or says why not)', () => {
    const served = h.app.routes
      .filter((r) => r.method !== 'ALL' && (r.path.startsWith('/api/') || r.path === '/metrics') && !r.path.endsWith('*'))
      .map((r) => `${r.method} ${r.path}`);
    expect([...new Set(served)].sort()).toEqual([...Object.keys(ROUTES), ...NOT_FUZZED].sort());
  });
});

let addressCounter = 0;
/** Spread over many addresses, so the per-address throttles answer 429 only where a test means them to. */
const nextAddress = () => `100.${64 + ((addressCounter >> 16) & 63)}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

describe.each(Object.entries(ROUTES))('%s', (key, route) => {
  const send = (opts: { body?: unknown; rawBody?: string; query?: string; headers?: Record<string, string>; token?: string | null }) => {
    const path = route.path() + (opts.query ? `?${opts.query}` : '');
    const headers = { 'x-forwarded-for': nextAddress(), ...opts.headers };
    const token = opts.token === null ? undefined : (opts.token ?? owner);
    if (route.method === 'GET') return h.request('GET', path, { token, headers });
    return h.request(route.method, path, { token, headers, ...(opts.rawBody !== undefined ? { rawBody: opts.rawBody } : { body: opts.body }) });
  };

  if (route.method !== 'GET') {
    it('answers mutated valid bodies with a 2xx or a clear 4xx, and writes nothing when it refuses', async () => {
      await fc.assert(
        fc.asyncProperty(mutated(route.body ?? {}), async (body) => {
          const before = await snapshot(!route.logsRefusals);
          const res = await send({ body });
          await expectSound(res, `${key} ${JSON.stringify(body).slice(0, 200)}`);
          if (res.status >= 400) expect(await snapshot(!route.logsRefusals), `${key} refused but wrote`).toBe(before);
        }),
        { numRuns: RUNS },
      );
    });

    it('answers any JSON, and bytes that are not JSON, without a 5xx or a write', async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(anyBody.map((b) => ({ body: b })), fc.string({ unit: 'binary', maxLength: 200 }).map((raw) => ({ rawBody: raw }))), async (payload) => {
          const before = await snapshot(!route.logsRefusals);
          const res = await send(payload);
          await expectSound(res, `${key} ${JSON.stringify(payload).slice(0, 200)}`);
          if (res.status >= 400) expect(await snapshot(!route.logsRefusals)).toBe(before);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('answers hostile query strings and headers without a 5xx', async () => {
    const query = fc
      .dictionary(fc.constantFrom('limit', 'offset', 'search', 'status', 'download', 'q', 'page'), fc.oneof(hostileString, fc.integer().map(String)), { maxKeys: 4 })
      .map((q) => new URLSearchParams({ ...(route.query ?? {}), ...q }).toString());
    const headers = fc.record(
      {
        authorization: fc.oneof(fc.constant(`Bearer ${'a'.repeat(20)}.${'b'.repeat(20)}.${'c'.repeat(20)}`), fc.constant('Bearer '), fc.constant('Basic Zm9vOmJhcg=='), hostileString.map((s) => `Bearer ${s}`)),
        'content-type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1'),
        accept: fc.constantFrom('*/*', 'text/html', 'application/pdf', 'image/*'),
        'x-forwarded-for': fc.oneof(fc.constant('not-an-ip'), fc.constant('1.2.3.4, 5.6.7.8'), fc.ipV6(), fc.ipV4()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, headers, fc.boolean(), async (q, hdrs, signedIn) => {
        // Header values must be valid HTTP: drop what fetch itself would refuse to send.
        const safe = Object.fromEntries(Object.entries(hdrs).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v)));
        const before = route.method !== 'GET' ? await snapshot(!route.logsRefusals) : '';
        const res = await send({
          query: q,
          headers: safe,
          token: signedIn && !('authorization' in safe) ? owner : null,
          ...(route.method !== 'GET' ? { body: route.body ?? {} } : {}),
        });
        await expectSound(res, `${key} ?${q} ${JSON.stringify(safe)}`);
        if (route.method !== 'GET') {
          // A body declared as anything but JSON (UTF-8) is 415 before it is read, and writes nothing; JSON
          // never is (docs/api.md#conventions). A GET's stray Content-Type is not looked at.
          const notJson = 'content-type' in safe && safe['content-type'] !== 'application/json';
          expect(res.status === 415, `${key} as ${String(safe['content-type'])} -> ${res.status}`).toBe(notJson);
          if (notJson) expect(await snapshot(!route.logsRefusals), `${key} 415 but wrote`).toBe(before);
        } else {
          expect(res.status, key).not.toBe(415);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('path parameters and the routes without input', () => {
  // Every route with a parameter, the deletes included: ids that are not numbers, numbers far beyond any row,
  // and hostile text. (Small ids would delete the run's own records: those are the matrix's business.)
  const templates = () => [
    ...new Set(h.app.routes.filter((r) => r.method !== 'ALL' && r.path.includes('/:')).map((r) => `${r.method} ${r.path}`)),
  ];
  // Encoded as a browser would; a lone surrogate cannot be, so it goes as the bytes a lax client sends.
  const encoded = (v: string) => {
    try {
      return encodeURIComponent(v);
    } catch {
      return '%ED%A0%80';
    }
  };
  const param = fc.oneof(
    hostileString.map(encoded),
    fc.integer({ min: 10_000_000 }).map(String),
    fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '%201'),
    // Sent raw: broken percent-encoding.
    fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', '%2F..%2F'),
  );

  it('answers hostile path parameters on every such route with a clear 4xx or 2xx, and writes nothing when it refuses', async () => {
    expect(templates().length).toBeGreaterThanOrEqual(10);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...templates()), param, async (template, value) => {
        const [method, pattern] = template.split(' ') as [string, string];
        const path = pattern.replace(/:[A-Za-z]+/, value);
        const before = await snapshot(true);
        const res = await h.request(method, path, { token: owner, body: ROUTES[template]?.body ?? (method === 'PUT' ? {} : undefined) });
        await expectSound(res, `${method} ${path}`);
        if (res.status >= 400) expect(await snapshot(true), `${method} ${path} refused but wrote`).toBe(before);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it("takes only plain digits as an id: ' 1', '1e3', '0x10' and the like are refused, never read as another row", async () => {
    for (const id of ['%201', '1e0', '0x1', '1.0', '+1', '01.', '0', '-1', '9'.repeat(16)]) {
      const before = await snapshot(true);
      const res = await h.request('DELETE', `/api/admin/policies/${id}`, { token: owner });
      expect(res.status, id).toBe(400);
      expect(JSON.stringify(await json(res)), id).toMatch(/id must be/);
      expect(await snapshot(true)).toBe(before);
    }
    expect((await h.request('GET', `/api/admin/quotes/${String(ids.quote).padStart(3, '0')}`, { token: owner })).status).toBe(200);
  });

  it('answers POST /api/logout with forged or hostile tokens with a 401 and revokes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileString, fc.constant(`${owner.slice(0, -4)}AAAA`), fc.constant('a.b.c')), async (token) => {
        const before = await snapshot(true);
        const res = await h.request('POST', '/api/logout', { headers: { authorization: `Bearer ${token.replace(/[^\t\x20-\x7e]/g, '')}` } });
        await expectSound(res, `logout with ${JSON.stringify(token).slice(0, 80)}`);
        expect(res.status).toBe(401);
        expect(await snapshot(true)).toBe(before);
      }),
      { numRuns: RUNS },
    );
    // The run's own session still works.
    expect((await h.request('GET', '/api/me', { token: owner })).status).toBe(200);
  });
});

describe('tRPC procedures over HTTP', () => {
  const procedures = Object.entries(appRouter._def.procedures) as unknown as Array<[string, { _def: { type: string } }]>;
  const SKIPPED = ['account.logout'];
  /** Refused, these still count and log the attempt, by design (a wrong password, a wrong code). */
  const LOGS_REFUSALS = new Set(['account.login', 'account.secondFactor.login', 'account.secondFactor.confirm', 'account.secondFactor.remove', 'account.passkeyLogin.login', 'account.passkeys.add']);

  it.each(procedures.filter(([p]) => !SKIPPED.includes(p)))('%s answers any input with a result or a 4xx, never a 5xx', async (path, proc) => {
    const isQuery = proc._def.type === 'query';
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyBody, mutated({ id: 1, limit: 10, offset: 0, search: 'x', ...validQuote, ...FUZZ_POLICY })), async (input) => {
        const before = await snapshot(!LOGS_REFUSALS.has(path));
        const url = isQuery ? `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input) ?? 'null')}` : `/trpc/${path}`;
        const res = await h.request(isQuery ? 'GET' : 'POST', url, {
          token: owner,
          headers: { 'x-forwarded-for': nextAddress() },
          ...(isQuery ? {} : { rawBody: JSON.stringify(input) ?? 'null' }),
        });
        tally(res.status);
        const text = await res.text();
        expect(res.status, `${path} ${JSON.stringify(input).slice(0, 200)} -> ${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(text).toContain('"message"');
          expect(await snapshot(!LOGS_REFUSALS.has(path))).toBe(before);
        }
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});

describe('verification codes at both doors', () => {
  // Any text as a code: the answer is the certificate (the real code, in any case, spaced) or the one 404, never
  // a 5xx, a 400 or anything else; and a lookup writes nothing but its throttle count. A policy of its own: the
  // path-parameter properties above may delete small ids.
  let realCode = '';
  beforeAll(async () => {
    const policy = await json<{ id: number }>(await h.request('POST', '/api/admin/policies', { token: owner, body: { ...validPolicy, holderName: 'Fuzz Verify' } }));
    realCode = String((await h.database.client.execute({ sql: 'select verify_code from policies where id = ?', args: [policy.id] })).rows[0]!['verify_code']);
  });
  const code = fc.oneof(
    hostileString,
    fc.constantFrom('0', 'I', 'O', 'U', 'L').map((c) => `${'7'.repeat(19)}${c}`),
    fc.string({ unit: fc.constantFrom(...'0123456789ABCDEFGHJKMNPQRSTVWXYZabcdef -'), minLength: 18, maxLength: 28 }),
    fc.constant(null).map(() => realCode.toLowerCase()),
    fc.constant(null).map(() => ` ${realCode} `),
  );
  const isTheRealOne = (c: string) => c.trim().toUpperCase() === realCode;

  it('GET /api/verify/{code} answers 200 for the real code and 404 for anything else', async () => {
    await fc.assert(
      fc.asyncProperty(code, async (c) => {
        let path: string;
        try {
          path = `/api/verify/${encodeURIComponent(c)}`;
        } catch {
          path = '/api/verify/%ED%A0%80';
        }
        const before = await snapshot(true);
        const res = await h.request('GET', path, { headers: { 'x-forwarded-for': nextAddress() } });
        await expectSound(res.clone(), `verify ${JSON.stringify(c).slice(0, 80)}`);
        expect(res.status, JSON.stringify(c).slice(0, 80)).toBe(isTheRealOne(c) ? 200 : 404);
        expect(await snapshot(true)).toBe(before);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('verify.byCode answers the view for the real code, BAD_REQUEST for broken text and NOT_FOUND for anything else', async () => {
    await fc.assert(
      fc.asyncProperty(code, async (c) => {
        const res = await h.request('GET', `/trpc/verify.byCode?input=${encodeURIComponent(JSON.stringify({ code: c }))}`, { headers: { 'x-forwarded-for': nextAddress() } });
        tally(res.status);
        // JSON carries a lone surrogate as an escape, and every input refuses it (docs/api.md#conventions).
        const expected = isTheRealOne(c) ? 200 : isWellFormedText(c) ? 404 : 400;
        expect(res.status, `${JSON.stringify(c).slice(0, 80)} -> ${await res.clone().text()}`).toBe(expected);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
