// Staff queues for quote and callback requests (docs/product.md#staff-queues): listed by when the 24-hour
// promise falls due (open requests oldest first) with X-Total-Count, paged and searched on the server, opened
// one at a time, and moved between new, contacted, quoted and closed with every change logged. Ordering,
// filters, assignees, notes and the overview counts in depth: queue-*.test.ts.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackRequests, quoteRequests } from '../../src-server/platform/db/schema/index';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';

let h: Harness;
let admin: string;
let customer: string;
const quoteIds: number[] = [];
const callbackIds: number[] = [];

interface QuoteItem {
  id: number;
  reference: string;
  status: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  postcode: string;
  createdAt: string;
  updatedAt: string;
  details?: unknown;
}
interface CallbackItem {
  id: number;
  reference: string;
  status: string;
  name: string;
  reasonForContact: string;
  createdAt: string;
}

const quotes = [
  { reference: 'QR-AAAA0001', firstName: 'Ann', lastName: 'Archer', email: 'ann@example.test', phone: '07700900001', postcode: 'SW1A 1AA' },
  { reference: 'QR-AAAA0002', firstName: 'Bob', lastName: 'Baker', email: 'bob@example.test', phone: '07700900002', postcode: 'M1 1AE' },
  { reference: 'QR-AAAA0003', firstName: 'Cara', lastName: 'Cole', email: 'cara@example.test', phone: '07700900003', postcode: 'LS1 4AP' },
];
const callbacks = [
  { reference: 'CB-BBBB0001', name: 'Dev Dhillon', email: 'dev@example.test', phone: '07700900011', reasonForContact: 'policies' },
  { reference: 'CB-BBBB0002', name: 'Eve Evans', email: 'eve@example.test', phone: '07700900012', reasonForContact: 'claims' },
];

async function auditActions(like: string): Promise<string[]> {
  const res = await h.database.client.execute({ sql: 'select action from audit_logs where action like ? order by id', args: [like] });
  return res.rows.map((r) => String(r['action']));
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'staff', isAdmin: true });
  await h.addUser({ username: 'cust' });
  [admin, customer] = await Promise.all([h.tokenFor('staff'), h.tokenFor('cust')]);
  for (const [i, q] of quotes.entries()) {
    const at = T0 + i * 60_000;
    const [row] = await h.database.db
      .insert(quoteRequests)
      .values({
        ...q,
        status: 'new',
        details: JSON.stringify({ step: 2, vehicle: 'Ford Fiesta', index: i }),
        fingerprint: `fp-${i}`,
        clientAddress: '203.0.113.9',
        // Stored due 24 hours on, as a request that asked for no cover start is.
        dueAt: at + 24 * 3_600_000,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: quoteRequests.id });
    quoteIds.push(row!.id);
  }
  for (const [i, cb] of callbacks.entries()) {
    const at = T0 + i * 60_000;
    const [row] = await h.database.db
      .insert(callbackRequests)
      .values({ ...cb, status: 'new', clientAddress: '203.0.113.9', dueAt: at + 24 * 3_600_000, createdAt: at, updatedAt: at })
      .returning({ id: callbackRequests.id });
    callbackIds.push(row!.id);
  }
});
afterAll(() => h.close());

describe('GET /api/admin/quotes', () => {
  it('answers an array, soonest due (oldest) first, with X-Total-Count, ISO timestamps and no client address', async () => {
    const res = await h.request('GET', '/api/admin/quotes', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    const items = await json<QuoteItem[]>(res);
    expect(items.map((q) => q.reference)).toEqual(['QR-AAAA0001', 'QR-AAAA0002', 'QR-AAAA0003']);
    expect(items[0]).toEqual({
      id: quoteIds[0],
      reference: 'QR-AAAA0001',
      status: 'new',
      firstName: 'Ann',
      lastName: 'Archer',
      email: 'ann@example.test',
      phone: '07700900001',
      postcode: 'SW1A 1AA',
      createdAt: new Date(T0).toISOString(),
      updatedAt: new Date(T0).toISOString(),
      dueAt: new Date(T0 + 24 * 3_600_000).toISOString(),
      assignee: null,
      product: null,
      requestedStart: null,
      offer: null,
      policyNumber: null,
      decision: null,
      decisionRule: null,
      decisionReason: null,
      rateVersionId: null,
    });
    expect(JSON.stringify(items)).not.toMatch(/203\.0\.113|clientAddress|fingerprint/);
  });

  it('pages with limit and offset; the total stays the whole count', async () => {
    const res = await h.request('GET', '/api/admin/quotes?limit=2&offset=2', { token: admin });
    expect(res.headers.get('x-total-count')).toBe('3');
    expect((await json<QuoteItem[]>(res)).map((q) => q.reference)).toEqual(['QR-AAAA0003']);
    const first = await json<QuoteItem[]>(await h.request('GET', '/api/admin/quotes?limit=2', { token: admin }));
    expect(first).toHaveLength(2);
  });

  it('searches case-insensitively by reference, name, email, phone and postcode', async () => {
    const cases: [string, string[]][] = [
      ['qr-aaaa0002', ['QR-AAAA0002']],
      ['cOLE', ['QR-AAAA0003']],
      ['ANN@', ['QR-AAAA0001']],
      ['900002', ['QR-AAAA0002']],
      ['ls1', ['QR-AAAA0003']],
      ['%', []],
    ];
    for (const [search, expected] of cases) {
      const res = await h.request('GET', `/api/admin/quotes?search=${encodeURIComponent(search)}`, { token: admin });
      expect((await json<QuoteItem[]>(res)).map((q) => q.reference), search).toEqual(expected);
      expect(res.headers.get('x-total-count'), search).toBe(String(expected.length));
    }
  });

  it('refuses a bad limit with 400', async () => {
    expect((await h.request('GET', '/api/admin/quotes?limit=1000', { token: admin })).status).toBe(400);
  });
});

describe('GET /api/admin/quotes/:id', () => {
  it('answers one request with its details parsed', async () => {
    const item = await expectJson<QuoteItem>(h.request('GET', `/api/admin/quotes/${quoteIds[1]}`, { token: admin }), 200);
    expect(item).toMatchObject({ id: quoteIds[1], reference: 'QR-AAAA0002', details: { step: 2, vehicle: 'Ford Fiesta', index: 1 } });
    expect(JSON.stringify(item)).not.toMatch(/203\.0\.113/);
  });

  it('answers 404 for a missing one and 400 for a bad id', async () => {
    expect(await expectJson<ErrorBody>(h.request('GET', '/api/admin/quotes/99999', { token: admin }), 404)).toEqual({ error: 'Quote request not found' });
    expect((await h.request('GET', '/api/admin/quotes/abc', { token: admin })).status).toBe(400);
  });
});

describe('PUT /api/admin/quotes/:id', () => {
  it('changes the status, logs each change, and treats an unchanged status as a no-op', async () => {
    const id = quoteIds[0]!;
    h.clock.advance(1000);
    for (const status of ['contacted', 'quoted', 'closed']) {
      expect(await expectJson<QuoteItem>(h.request('PUT', `/api/admin/quotes/${id}`, { token: admin, body: { status } }), 200)).toMatchObject({ id, status });
    }
    expect(await expectJson<QuoteItem>(h.request('PUT', `/api/admin/quotes/${id}`, { token: admin, body: { status: 'closed' } }), 200)).toMatchObject({ id, status: 'closed' });

    expect(await auditActions('Quote request QR-AAAA0001:%')).toEqual([
      'Quote request QR-AAAA0001: status new -> contacted',
      'Quote request QR-AAAA0001: status contacted -> quoted',
      'Quote request QR-AAAA0001: status quoted -> closed',
    ]);
    const who = await h.database.client.execute({ sql: 'select username from audit_logs where action like ?', args: ['Quote request QR-AAAA0001:%'] });
    expect(new Set(who.rows.map((r) => r['username']))).toEqual(new Set(['staff']));
    const stored = await h.database.client.execute({ sql: 'select status from quote_requests where id = ?', args: [id] });
    expect(stored.rows[0]!['status']).toBe('closed');
  });

  it('refuses an unknown status, or nothing to change, with 400 and changes nothing', async () => {
    const id = quoteIds[1]!;
    for (const body of [{ status: 'archived' }, { status: 'NEW' }, { status: 3 }, { status: null }]) {
      const res = await h.request('PUT', `/api/admin/quotes/${id}`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.['status']).toBeTruthy();
    }
    expect((await expectJson<ErrorBody>(h.request('PUT', `/api/admin/quotes/${id}`, { token: admin, body: {} }), 400)).details?.formErrors).toEqual(['Nothing to change: give a status or an assignee']);
    const stored = await h.database.client.execute({ sql: 'select status from quote_requests where id = ?', args: [id] });
    expect(stored.rows[0]!['status']).toBe('new');
    expect(await auditActions('Quote request QR-AAAA0002:%')).toEqual([]);
  });

  it('answers 404 for a missing request and writes no log', async () => {
    expect((await h.request('PUT', '/api/admin/quotes/99999', { token: admin, body: { status: 'closed' } })).status).toBe(404);
  });

  it('the status is searchable', async () => {
    const res = await h.request('GET', '/api/admin/quotes?search=closed', { token: admin });
    expect((await json<QuoteItem[]>(res)).map((q) => q.reference)).toEqual(['QR-AAAA0001']);
  });
});

describe('/api/admin/callbacks', () => {
  it('lists oldest first with X-Total-Count; searches by reason; no client address', async () => {
    const res = await h.request('GET', '/api/admin/callbacks', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    const items = await json<CallbackItem[]>(res);
    expect(items.map((c) => c.reference)).toEqual(['CB-BBBB0001', 'CB-BBBB0002']);
    expect(JSON.stringify(items)).not.toMatch(/203\.0\.113|clientAddress/);

    const search = await h.request('GET', '/api/admin/callbacks?search=CLAIMS', { token: admin });
    expect((await json<CallbackItem[]>(search)).map((c) => c.reference)).toEqual(['CB-BBBB0002']);
    expect(search.headers.get('x-total-count')).toBe('1');
  });

  it('includes requests sent through the support form', async () => {
    const sent = await h.request('POST', '/api/callbacks', {
      body: { name: 'Form Sender', email: 'form@example.test', phone: '07700 900123', reasonForContact: 'other' },
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(sent.status).toBe(201);
    const { reference } = await json<{ reference: string }>(sent);
    const res = await h.request('GET', `/api/admin/callbacks?search=${reference}`, { token: admin });
    const [item] = await json<CallbackItem[]>(res);
    expect(item).toMatchObject({ reference, name: 'Form Sender', status: 'new', reasonForContact: 'other' });
    expect(JSON.stringify(item)).not.toContain('198.51.100.77');
  });

  it('opens one, 404 when missing', async () => {
    const res = await h.request('GET', `/api/admin/callbacks/${callbackIds[0]}`, { token: admin });
    expect(await json<CallbackItem>(res)).toMatchObject({ reference: 'CB-BBBB0001', name: 'Dev Dhillon' });
    expect(await expectJson<ErrorBody>(h.request('GET', '/api/admin/callbacks/99999', { token: admin }), 404)).toEqual({ error: 'Callback request not found' });
  });

  it('changes the status with a log line; refuses an unknown status', async () => {
    const id = callbackIds[1]!;
    expect(await expectJson<CallbackItem>(h.request('PUT', `/api/admin/callbacks/${id}`, { token: admin, body: { status: 'contacted' } }), 200)).toMatchObject({ id, status: 'contacted' });
    expect((await h.request('PUT', `/api/admin/callbacks/${id}`, { token: admin, body: { status: 'done' } })).status).toBe(400);
    expect(await auditActions('Callback request CB-BBBB0002:%')).toEqual(['Callback request CB-BBBB0002: status new -> contacted']);
  });
});

describe('who may use the queues', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/quotes'],
    ['GET', '/api/admin/quotes/1'],
    ['PUT', '/api/admin/quotes/1', { status: 'closed' }],
    ['GET', '/api/admin/callbacks'],
    ['GET', '/api/admin/callbacks/1'],
    ['PUT', '/api/admin/callbacks/1', { status: 'closed' }],
  ];

  it('answers 401 to an anonymous caller and 403 to a customer, changing nothing', async () => {
    const before = await h.database.client.execute('select (select group_concat(status) from quote_requests) q, (select group_concat(status) from callback_requests) c');
    for (const [method, path, body] of routes) {
      expect((await h.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await h.request(method, path, { token: customer, body })).status, `${method} ${path}`).toBe(403);
    }
    const after = await h.database.client.execute('select (select group_concat(status) from quote_requests) q, (select group_concat(status) from callback_requests) c');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });
});

describe('tRPC admin.quotes and admin.callbacks', () => {
  it('list answers { items, total }; get and a status change work; errors map to tRPC codes', async () => {
    const c = h.trpc(admin);
    const page = await c.admin.quotes.list({ limit: 2 });
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    const one = await c.admin.quotes.get({ id: quoteIds[2]! });
    expect(one.details).toEqual({ step: 2, vehicle: 'Ford Fiesta', index: 2 });
    expect((await c.admin.quotes.update({ id: quoteIds[2]!, status: 'quoted' })).status).toBe('quoted');
    expect(await auditActions('Quote request QR-AAAA0003:%')).toEqual(['Quote request QR-AAAA0003: status new -> quoted']);

    const cbs = await c.admin.callbacks.list({ search: 'dhillon' });
    expect(cbs).toMatchObject({ total: 1, items: [{ reference: 'CB-BBBB0001' }] });
    expect((await c.admin.callbacks.get({ id: callbackIds[0]! })).name).toBe('Dev Dhillon');
    expect((await c.admin.callbacks.update({ id: callbackIds[0]!, status: 'closed' })).status).toBe('closed');

    const code = (p: Promise<unknown>) => p.then(() => 'resolved', (e: unknown) => (e instanceof TRPCError ? e.code : String(e)));
    expect(await code(c.admin.quotes.get({ id: 99999 }))).toBe('NOT_FOUND');
    expect(await code(c.admin.callbacks.update({ id: 99999, status: 'closed' }))).toBe('NOT_FOUND');
    // @ts-expect-error deliberately bad input: 'archived' is not a request status
    expect(await code(c.admin.quotes.update({ id: quoteIds[2]!, status: 'archived' }))).toBe('BAD_REQUEST');
    expect(await code(h.trpc(customer).admin.quotes.list({}))).toBe('FORBIDDEN');
    expect(await code(h.trpc().admin.callbacks.list({}))).toBe('UNAUTHORIZED');
  });
});
