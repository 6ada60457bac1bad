// Who may call what, generated from the app's own route table: a new route without an entry here fails.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src-server/api/trpc';
import { createHarness, json, validPolicy, type Harness } from './harness';
import { expectJson } from './answers';
import { exampleRateVersion } from '../../src-server/modules/pricing';

type Tier = 'public' | 'customer' | 'admin';
/** The example rate version's rates: a `rates` a new version may be written with. */
const exampleRates = (exampleRateVersion as { rates: Record<string, unknown> }).rates;
interface RouteCase {
  tier: Tier;
  /** A concrete path for the pattern; `{policy}` and `{user}` are filled in per test. */
  sample: string;
  body?: unknown;
}

const REST: Record<string, RouteCase> = {
  'GET /api/health': { tier: 'public', sample: '/api/health' },
  'GET /api/openapi.json': { tier: 'public', sample: '/api/openapi.json' },
  'GET /api/docs': { tier: 'public', sample: '/api/docs' },
  'GET /api/docs/scalar-api-reference-1.46.4.js': { tier: 'public', sample: '/api/docs/scalar-api-reference-1.46.4.js' },
  'POST /api/login': { tier: 'public', sample: '/api/login', body: { username: 'x', password: 'y' } },
  'POST /api/register': { tier: 'public', sample: '/api/register', body: {} },
  'POST /api/password-reset/request': { tier: 'public', sample: '/api/password-reset/request', body: {} },
  'POST /api/password-reset/confirm': { tier: 'public', sample: '/api/password-reset/confirm', body: {} },
  'POST /api/callbacks': { tier: 'public', sample: '/api/callbacks', body: {} },
  'POST /api/quotes': { tier: 'public', sample: '/api/quotes', body: {} },
  'POST /api/logout': { tier: 'customer', sample: '/api/logout' },
  'GET /api/me': { tier: 'customer', sample: '/api/me' },
  'POST /api/account/verify-email/request': { tier: 'customer', sample: '/api/account/verify-email/request' },
  'POST /api/account/verify-email/confirm': { tier: 'customer', sample: '/api/account/verify-email/confirm', body: {} },
  'POST /api/account/verify-email/code': { tier: 'customer', sample: '/api/account/verify-email/code', body: {} },
  'GET /api/account': { tier: 'customer', sample: '/api/account' },
  'PUT /api/account': { tier: 'customer', sample: '/api/account', body: { name: 'Matrix' } },
  'POST /api/account/email': { tier: 'customer', sample: '/api/account/email', body: { email: 'matrix@example.test', currentPassword: 'x' } },
  'POST /api/account/email/confirm': { tier: 'customer', sample: '/api/account/email/confirm', body: {} },
  'POST /api/account/password': { tier: 'customer', sample: '/api/account/password', body: {} },
  'GET /api/account/sessions': { tier: 'customer', sample: '/api/account/sessions' },
  'DELETE /api/account/sessions/:id': { tier: 'customer', sample: '/api/account/sessions/{user}' },
  'POST /api/account/sessions/sign-out-others': { tier: 'customer', sample: '/api/account/sessions/sign-out-others' },
  'POST /api/login/second-factor': { tier: 'public', sample: '/api/login/second-factor', body: {} },
  'GET /api/account/second-factor': { tier: 'customer', sample: '/api/account/second-factor' },
  'POST /api/login/passkey/options': { tier: 'public', sample: '/api/login/passkey/options' },
  'POST /api/login/passkey': { tier: 'public', sample: '/api/login/passkey', body: {} },
  'GET /api/account/passkeys': { tier: 'customer', sample: '/api/account/passkeys' },
  'POST /api/account/passkeys/options': { tier: 'customer', sample: '/api/account/passkeys/options', body: {} },
  'POST /api/account/passkeys': { tier: 'customer', sample: '/api/account/passkeys', body: {} },
  'POST /api/account/passkeys/remove': { tier: 'customer', sample: '/api/account/passkeys/remove', body: { id: 1 } },
  'POST /api/account/second-factor/setup': { tier: 'customer', sample: '/api/account/second-factor/setup' },
  'POST /api/account/second-factor/confirm': { tier: 'customer', sample: '/api/account/second-factor/confirm', body: {} },
  'POST /api/account/second-factor/remove': { tier: 'customer', sample: '/api/account/second-factor/remove', body: {} },
  // Owners only: a customer's 403 is checked here, an admin's in auth-matrix.test.ts.
  'PUT /api/admin/second-factor-rule': { tier: 'admin', sample: '/api/admin/second-factor-rule', body: { required: false } },
  'GET /api/user/policies': { tier: 'customer', sample: '/api/user/policies' },
  'GET /api/user/policies/paid': { tier: 'customer', sample: '/api/user/policies/paid' },
  'GET /api/account/data': { tier: 'customer', sample: '/api/account/data' },
  'POST /api/account/close': { tier: 'customer', sample: '/api/account/close', body: { password: 'wrong-password' } },
  'GET /api/user/quotes': { tier: 'customer', sample: '/api/user/quotes' },
  'POST /api/user/quotes/:reference/accept': { tier: 'customer', sample: '/api/user/quotes/QR-MATRIX01/accept', body: { confirm: true } },
  'POST /api/user/quotes/:reference/buy': { tier: 'customer', sample: '/api/user/quotes/QR-MATRIX01/buy', body: { confirm: true } },
  'POST /api/user/policies/:policyNumber/extension': { tier: 'customer', sample: '/api/user/policies/{policy}/extension', body: { durationValue: 1, durationUnit: 'days' } },
  'POST /api/user/policies/:policyNumber/extension/:id/buy': { tier: 'customer', sample: '/api/user/policies/{policy}/extension/1/buy' },
  'GET /api/user/policies/:policyNumber/renewal': { tier: 'customer', sample: '/api/user/policies/{policy}/renewal' },
  'GET /api/policies/:policyNumber/certificate': { tier: 'customer', sample: '/api/policies/{policy}/certificate' },
  'GET /api/policies/:policyNumber/documents/:kind': { tier: 'customer', sample: '/api/policies/{policy}/documents/schedule' },
  'GET /api/verify/:code': { tier: 'public', sample: '/api/verify/7Q4M2XHPAB3CDEFGHJK0' },
  'GET /api/admin/stats': { tier: 'admin', sample: '/api/admin/stats' },
  'GET /api/admin/stats/queues': { tier: 'admin', sample: '/api/admin/stats/queues' },
  'GET /api/admin/stats/decisions': { tier: 'admin', sample: '/api/admin/stats/decisions' },
  // Owners only: a customer's 403 is checked here, an admin's in auth-matrix.test.ts.
  'GET /api/admin/rates': { tier: 'admin', sample: '/api/admin/rates' },
  'POST /api/admin/rates': { tier: 'admin', sample: '/api/admin/rates', body: { name: 'Matrix rates', rates: exampleRates } },
  'GET /api/admin/staff': { tier: 'admin', sample: '/api/admin/staff' },
  'GET /api/admin/users': { tier: 'admin', sample: '/api/admin/users' },
  'POST /api/admin/users': { tier: 'admin', sample: '/api/admin/users', body: { username: 'matrixuser', email: 'matrix@example.test', password: 'longenough1' } },
  'PUT /api/admin/users/:id': { tier: 'admin', sample: '/api/admin/users/{user}', body: { username: 'target', email: 'target@example.test' } },
  'DELETE /api/admin/users/:id': { tier: 'admin', sample: '/api/admin/users/{user}' },
  'GET /api/admin/users/:id/policies': { tier: 'admin', sample: '/api/admin/users/{user}/policies' },
  'GET /api/admin/users/:id/cover': { tier: 'admin', sample: '/api/admin/users/{user}/cover' },
  'GET /api/admin/users/:id/overview': { tier: 'admin', sample: '/api/admin/users/{user}/overview' },
  'GET /api/admin/policies': { tier: 'admin', sample: '/api/admin/policies' },
  'POST /api/admin/policies': { tier: 'admin', sample: '/api/admin/policies', body: validPolicy },
  'PUT /api/admin/policies/:id': { tier: 'admin', sample: '/api/admin/policies/{policyId}', body: validPolicy },
  'GET /api/admin/policies/:id/history': { tier: 'admin', sample: '/api/admin/policies/{policyId}/history' },
  'GET /api/admin/policies/:id/payments': { tier: 'admin', sample: '/api/admin/policies/{policyId}/payments' },
  'POST /api/admin/policies/:id/payments': { tier: 'admin', sample: '/api/admin/policies/{policyId}/payments', body: { amount: '10', method: 'other' } },
  'POST /api/admin/policies/:id/cancel': { tier: 'admin', sample: '/api/admin/policies/{policyId}/cancel', body: { reason: 'Matrix check' } },
  'POST /api/admin/policies/:id/void': { tier: 'admin', sample: '/api/admin/policies/{policyId}/void', body: { reason: 'Matrix check' } },
  'POST /api/admin/policies/:id/resend': { tier: 'admin', sample: '/api/admin/policies/{policyId}/resend', body: { what: 'documents' } },
  'DELETE /api/admin/policies/:id': { tier: 'admin', sample: '/api/admin/policies/{policyId}' },
  'GET /api/admin/logs': { tier: 'admin', sample: '/api/admin/logs' },
  'POST /api/admin/logs': { tier: 'admin', sample: '/api/admin/logs', body: { action: 'Matrix check' } },
  'GET /api/admin/quotes': { tier: 'admin', sample: '/api/admin/quotes' },
  'GET /api/admin/quotes/:id': { tier: 'admin', sample: '/api/admin/quotes/{user}' },
  'PUT /api/admin/quotes/:id': { tier: 'admin', sample: '/api/admin/quotes/{user}', body: { status: 'closed' } },
  'POST /api/admin/quotes/:id/offer': { tier: 'admin', sample: '/api/admin/quotes/{user}/offer', body: { premium: '64.50' } },
  'POST /api/admin/quotes/:id/policy': { tier: 'admin', sample: '/api/admin/quotes/{user}/policy', body: { licenseNumber: 'MATRIX0001' } },
  'POST /api/admin/quotes/:id/acceptance': { tier: 'admin', sample: '/api/admin/quotes/{user}/acceptance', body: { confirm: true } },
  'POST /api/admin/quotes/:id/notes': { tier: 'admin', sample: '/api/admin/quotes/{user}/notes', body: { text: 'Matrix note' } },
  'GET /api/admin/callbacks': { tier: 'admin', sample: '/api/admin/callbacks' },
  'GET /api/admin/callbacks/:id': { tier: 'admin', sample: '/api/admin/callbacks/{user}' },
  'PUT /api/admin/callbacks/:id': { tier: 'admin', sample: '/api/admin/callbacks/{user}', body: { status: 'closed' } },
  'POST /api/admin/callbacks/:id/notes': { tier: 'admin', sample: '/api/admin/callbacks/{user}/notes', body: { text: 'Matrix note' } },
  'GET /api/admin/report.csv': { tier: 'admin', sample: '/api/admin/report.csv' },
  'POST /api/user/claims': { tier: 'customer', sample: '/api/user/claims', body: {} },
  'GET /api/user/claims': { tier: 'customer', sample: '/api/user/claims' },
  'GET /api/admin/claims': { tier: 'admin', sample: '/api/admin/claims' },
  'GET /api/admin/claims/:id': { tier: 'admin', sample: '/api/admin/claims/{user}' },
  'PUT /api/admin/claims/:id': { tier: 'admin', sample: '/api/admin/claims/{user}', body: { status: 'closed' } },
  'POST /api/admin/claims/:id/notes': { tier: 'admin', sample: '/api/admin/claims/{user}/notes', body: { text: 'Matrix note' } },
  'GET /api/admin/claims/:id/photos/:position': { tier: 'admin', sample: '/api/admin/claims/{user}/photos/1' },
};

/**
 * Routes whose access fits none of the tiers: each names the test that covers it. GET /metrics opens only to the
 * scraper's METRICS_TOKEN, never to a user's token, and is absent (404) without it. POST /api/payments/webhook takes
 * no session: the card provider's signature is its proof, and without a card provider (this harness) it is absent.
 */
const OWN_ACCESS: Record<string, string> = {
  'GET /metrics': 'tests/server/metrics.test.ts',
  'POST /api/payments/webhook': 'tests/server/online-payments.test.ts',
};

const TRPC: Record<string, 'public' | 'customer' | 'admin' | 'owner'> = {
  'account.login': 'public',
  'account.register': 'public',
  'passwordReset.request': 'public',
  'passwordReset.confirm': 'public',
  'callbacks.request': 'public',
  'quotes.submit': 'public',
  'account.logout': 'customer',
  'account.me': 'customer',
  'account.verifyEmail.request': 'customer',
  'account.verifyEmail.confirm': 'customer',
  'account.verifyEmail.code': 'customer',
  'account.details': 'customer',
  'account.updateDetails': 'customer',
  'account.changeEmail': 'customer',
  'account.confirmEmailChange': 'customer',
  'account.changePassword': 'customer',
  'account.sessions': 'customer',
  'account.endSession': 'customer',
  'account.signOutOthers': 'customer',
  'account.secondFactor.login': 'public',
  'account.secondFactor.status': 'customer',
  'account.secondFactor.setup': 'customer',
  'account.secondFactor.confirm': 'customer',
  'account.secondFactor.remove': 'customer',
  'account.passkeyLogin.options': 'public',
  'account.passkeyLogin.login': 'public',
  'account.passkeys.list': 'customer',
  'account.passkeys.options': 'customer',
  'account.passkeys.add': 'customer',
  'account.passkeys.remove': 'customer',
  'admin.secondFactorRule': 'owner',
  'policies.mine': 'customer',
  'policies.paid': 'customer',
  'account.data': 'customer',
  'account.close': 'customer',
  'quotes.mine': 'customer',
  'quotes.renewal': 'customer',
  'quotes.accept': 'customer',
  'quotes.buy': 'customer',
  'policies.priceExtension': 'customer',
  'policies.buyExtension': 'customer',
  'verify.byCode': 'public',
  'admin.stats': 'admin',
  'admin.queueCounts': 'admin',
  'admin.decisionCounts': 'admin',
  'admin.rates.list': 'owner',
  'admin.rates.create': 'owner',
  'admin.staff': 'admin',
  'admin.users.list': 'admin',
  'admin.users.create': 'admin',
  'admin.users.update': 'admin',
  'admin.users.delete': 'admin',
  'admin.users.coverHeld': 'admin',
  'admin.users.overview': 'admin',
  'admin.policies.list': 'admin',
  'admin.policies.ofUser': 'admin',
  'admin.policies.create': 'admin',
  'admin.policies.update': 'admin',
  'admin.policies.history': 'admin',
  'admin.policies.payments': 'admin',
  'admin.policies.recordPayment': 'admin',
  'admin.policies.cancel': 'admin',
  'admin.policies.void': 'admin',
  'admin.policies.resend': 'admin',
  'admin.policies.delete': 'admin',
  'admin.logs.list': 'admin',
  'admin.logs.add': 'admin',
  'admin.quotes.list': 'admin',
  'admin.quotes.get': 'admin',
  'admin.quotes.update': 'admin',
  'admin.quotes.addNote': 'admin',
  'admin.quotes.offer': 'admin',
  'admin.quotes.issuePolicy': 'admin',
  'admin.quotes.recordAcceptance': 'admin',
  'admin.callbacks.list': 'admin',
  'admin.callbacks.get': 'admin',
  'admin.callbacks.update': 'admin',
  'admin.callbacks.addNote': 'admin',
  'claims.report': 'customer',
  'claims.mine': 'customer',
  'admin.claims.list': 'admin',
  'admin.claims.get': 'admin',
  'admin.claims.update': 'admin',
  'admin.claims.addNote': 'admin',
};

let h: Harness;
let customer: string;
let otherCustomer: string;
let admin: string;
let policyNumber: string;
let policyId: number;
let customerId: number;

beforeAll(async () => {
  h = await createHarness();
  customerId = await h.addUser({ username: 'cust' });
  await h.addUser({ username: 'other' });
  await h.addUser({ username: 'boss', isOwner: true });
  [customer, otherCustomer, admin] = await Promise.all([h.tokenFor('cust'), h.tokenFor('other'), h.tokenFor('boss')]);
  const created = await json<{ policyNumber: string; id: number }>(
    await h.request('POST', '/api/admin/policies', { token: admin, body: { ...validPolicy, userId: customerId } }),
  );
  policyNumber = created.policyNumber;
  policyId = created.id;
});
afterAll(() => h.close());

const fill = (sample: string, user: number) =>
  sample.replace('{policy}', policyNumber).replace('{policyId}', String(policyId)).replace('{user}', String(user));

describe('the route table', () => {
  it('has an entry for every route the app serves (the API and GET /metrics; tRPC below)', () => {
    const served = new Set(
      h.app.routes
        .filter((r) => r.method !== 'ALL' && (r.path.startsWith('/api/') || r.path === '/metrics') && !r.path.endsWith('*'))
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...served].sort()).toEqual([...Object.keys(REST), ...Object.keys(OWN_ACCESS)].sort());
  });

  it('a route of its own access rule gives a user nothing: GET /metrics without METRICS_TOKEN, and the webhook without a card provider, are 404 whoever asks', async () => {
    for (const token of [undefined, customer, admin]) {
      expect((await h.request('GET', '/metrics', { token })).status).toBe(404);
      expect((await h.request('POST', '/api/payments/webhook', { token, rawBody: '{}', headers: { 'stripe-signature': 't=1,v1=0' } })).status).toBe(404);
    }
  });

  it('has an entry for every tRPC procedure', () => {
    expect(Object.keys(appRouter._def.procedures).sort()).toEqual(Object.keys(TRPC).sort());
  });
});

describe.each(Object.entries(REST).filter(([, c]) => c.tier !== 'public'))('%s', (key, route) => {
  const method = key.split(' ')[0]!;
  it('answers 401 to an anonymous caller and to a forged token', async () => {
    for (const token of [undefined, 'forged.token.value']) {
      expect(await expectJson(h.request(method, fill(route.sample, 999), { token, body: route.body }), 401)).toEqual({ error: 'Please sign in to continue' });
    }
  });

  if (route.tier === 'admin') {
    it('answers 403 to a customer and writes nothing', async () => {
      const before = await h.database.client.execute('select (select count(*) from users) u, (select count(*) from policies) p');
      expect((await h.request(method, fill(route.sample, customerId), { token: customer, body: route.body })).status).toBe(403);
      const after = await h.database.client.execute('select (select count(*) from users) u, (select count(*) from policies) p');
      expect(after.rows[0]).toEqual(before.rows[0]);
    });
  }
});

describe('customer routes reach only the caller’s own records', () => {
  it('another customer’s policy number answers 404 like a missing one', async () => {
    const foreign = await h.request('GET', `/api/policies/${policyNumber}/certificate`, { token: otherCustomer });
    const missing = await h.request('GET', '/api/policies/KC-0000000000/certificate', { token: otherCustomer });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await json(foreign)).toEqual(await json(missing));
    expect((await h.request('GET', `/api/policies/${policyNumber}/certificate`, { token: customer })).status).toBe(200);
    for (const kind of ['certificate', 'schedule', 'statement-of-fact', 'summary']) {
      const foreignDoc = await h.request('GET', `/api/policies/${policyNumber}/documents/${kind}`, { token: otherCustomer });
      expect(foreignDoc.status, kind).toBe(404);
      const missingDoc = await h.request('GET', `/api/policies/KC-0000000000/documents/${kind}`, { token: otherCustomer });
      expect(await json(foreignDoc)).toEqual(await json(missingDoc));
    }
  });

  it('the other customer’s list does not include it', async () => {
    const list = await json<unknown[]>(await h.request('GET', '/api/user/policies', { token: otherCustomer }));
    expect(list).toEqual([]);
  });

  it('a claim on another customer’s policy answers 404 like a missing one and stores nothing; their claims stay theirs', async () => {
    const claim = (number: string) => ({
      clientId: crypto.randomUUID(),
      policyNumber: number,
      kind: 'vandalism',
      occurredAt: new Date(h.clock.now() - 60_000).toISOString(),
      location: 'Outside',
      description: 'Scratched',
      phone: '07700 900123',
      injuries: false,
    });
    const foreign = await h.request('POST', '/api/user/claims', { token: otherCustomer, body: claim(policyNumber) });
    const missing = await h.request('POST', '/api/user/claims', { token: otherCustomer, body: claim('KC-0000000000') });
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(await json(foreign)).toEqual(await json(missing));
    expect(Number((await h.database.client.execute('select count(*) n from claims')).rows[0]!['n'])).toBe(0);
    expect((await h.request('POST', '/api/user/claims', { token: customer, body: claim(policyNumber) })).status).toBe(201);
    expect(await json(await h.request('GET', '/api/user/claims', { token: otherCustomer }))).toEqual([]);
  });
});

describe('admin routes work for an admin', () => {
  it.each(Object.entries(REST).filter(([, c]) => c.tier === 'admin' && !c.sample.includes('{')))('%s', async (key, route) => {
    const res = await h.request(key.split(' ')[0]!, route.sample, { token: admin, body: route.body });
    expect([200, 201]).toContain(res.status);
  });
});

describe('tRPC tiers', () => {
  it('refuses every non-public procedure to an anonymous caller, and admin ones to a customer', async () => {
    const anon = h.trpc();
    const cust = h.trpc(customer);
    for (const [path, tier] of Object.entries(TRPC)) {
      if (tier === 'public') continue;
      const call = (caller: unknown) => {
        const fn = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (i?: unknown) => Promise<unknown>;
        return fn({}).then(
          () => 'OK',
          (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
        );
      };
      expect(await call(anon), path).toBe('UNAUTHORIZED');
      if (tier === 'admin' || tier === 'owner') expect(await call(cust), path).toBe('FORBIDDEN');
    }
  });
});

describe('HTTP hygiene', () => {
  it('sets strict security headers on API answers, errors and unknown paths', async () => {
    for (const res of [await h.request('GET', '/api/admin/stats', { token: admin }), await h.request('GET', '/api/nope'), await h.request('GET', '/nope')]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('marks authenticated answers no-store and gives each a request id', async () => {
    const res = await h.request('GET', '/api/user/policies', { token: customer });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown /api path, and the bare prefixes, with 404 JSON', async () => {
    for (const path of ['/api/does/not/exist', '/api', '/trpc']) {
      const res = await h.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(await json(res), path).toEqual({ error: 'Not found' });
    }
  });

  it('answers 413 for a body over 100 KB, and writes nothing', async () => {
    expect(await expectJson(h.request('POST', '/api/admin/logs', { token: admin, rawBody: JSON.stringify({ action: 'x'.repeat(101 * 1024) }) }), 413)).toEqual({ error: 'The request body is too large (100 KB at most)' });
    expect((await h.request('POST', '/trpc/admin.logs.add', { token: admin, rawBody: JSON.stringify({ action: 'x'.repeat(101 * 1024) }) })).status).toBe(413);
  });

  it('answers a server fault with 500, a request id and no stack trace', async () => {
    const broken = await createHarness();
    await broken.addUser({ username: 'root', isOwner: true });
    const token = await broken.tokenFor('root');
    await broken.database.client.execute('drop table audit_logs');
    const res = await broken.request('GET', '/api/admin/logs', { token });
    expect(res.status).toBe(500);
    const body = await json<Record<string, unknown>>(res);
    expect(body.error).toBe('Something went wrong on our side. Please try again.');
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toMatch(/stack|audit_logs|SQLITE|at \//);
    await broken.close();
  });
});
