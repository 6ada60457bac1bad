// Working the staff queues (docs/product.md#staff-queues): the order by when the 24-hour promise falls due
// (open requests oldest first, then closed ones newest first), the status filter, dueAt, assigning to a staff
// member, notes, what the detail views carry, and who may do any of it. Both doors.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackRequests, quoteRequests } from '../../src-server/platform/db/schema/index';
import { createHarness, json, T0, validPolicy, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { auditEntriesLike } from './quote-flow';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let h: Harness;
let owner: string;
let admin: string;
let customer: string;
const users = { owner: 0, admin: 0, other: 0, customer: 0 };

interface Item {
  id: number;
  reference: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  dueAt: string;
  assignee: { id: number; username: string } | null;
}
interface Note {
  id: number;
  author: string;
  createdAt: string;
  text: string;
}
interface QuoteDetail extends Item {
  product: string | null;
  offer: { premium: number; validUntil: string; offeredAt: string } | null;
  policyNumber: string | null;
  requestedStart: string | null;
  duration: { value: number; unit: string } | null;
  policyId: number | null;
  notes: Note[];
}

/** Quote requests by name: how long before T0 each was made, and its status. */
const QUOTES = {
  A: { ago: 30 * HOUR, status: 'new' },
  B: { ago: 25 * HOUR, status: 'contacted' },
  C: { ago: 2 * HOUR, status: 'new' },
  D: { ago: 40 * HOUR, status: 'closed' },
  E: { ago: 1 * HOUR, status: 'closed' },
  F: { ago: 23 * HOUR, status: 'quoted' },
} as const;
type Name = keyof typeof QUOTES;
const quoteIds = {} as Record<Name, number>;
const ref = (n: Name) => `QR-QUEUE00${n}`;
const callbackIds: number[] = [];

async function insertQuote(name: Name, extra: Partial<typeof quoteRequests.$inferInsert> = {}): Promise<number> {
  const at = T0 - QUOTES[name].ago;
  const [row] = await h.database.db
    .insert(quoteRequests)
    .values({
      reference: ref(name),
      status: QUOTES[name].status,
      firstName: 'Quinn',
      lastName: `Queue${name}`,
      email: `quinn.${name.toLowerCase()}@example.test`,
      phone: '07700900123',
      postcode: 'SW1A 1AA',
      details: JSON.stringify({ name }),
      fingerprint: `fp-${name}`,
      // Due 24 hours after it was made: no cover start asked (as requests from before the wizard asked).
      dueAt: at + DAY,
      createdAt: at,
      updatedAt: at,
      ...extra,
    })
    .returning({ id: quoteRequests.id });
  return row!.id;
}

const auditActions = (like: string) => auditEntriesLike(h, like);

const refs = async (path: string) => {
  const res = await h.request('GET', path, { token: admin });
  expect(res.status, path).toBe(200);
  return { refs: (await json<Item[]>(res)).map((i) => i.reference), total: res.headers.get('x-total-count') };
};

const code = (p: Promise<unknown>) => p.then(() => 'resolved', (e: unknown) => (e instanceof TRPCError ? e.code : String(e)));

beforeAll(async () => {
  h = await createHarness();
  users.owner = await h.addUser({ username: 'olivia', isOwner: true });
  users.admin = await h.addUser({ username: 'adam', isAdmin: true });
  users.other = await h.addUser({ username: 'ayla', isAdmin: true });
  users.customer = await h.addUser({ username: 'cara' });
  [owner, admin, customer] = await Promise.all([h.tokenFor('olivia'), h.tokenFor('adam'), h.tokenFor('cara')]);
  for (const name of Object.keys(QUOTES) as Name[]) quoteIds[name] = await insertQuote(name);
  // Callbacks: one overdue, one due later, one closed.
  for (const [i, [ago, status]] of ([[26 * HOUR, 'new'], [3 * HOUR, 'contacted'], [50 * HOUR, 'closed']] as const).entries()) {
    const [row] = await h.database.db
      .insert(callbackRequests)
      .values({ reference: `CB-QUEUE00${i}`, status, name: `Cal ${i}`, email: `cal${i}@example.test`, phone: '07700900456', reasonForContact: 'quotes', dueAt: T0 - ago + DAY, createdAt: T0 - ago, updatedAt: T0 - ago })
      .returning({ id: callbackRequests.id });
    callbackIds.push(row!.id);
  }
});
afterAll(() => h.close());

describe('the order: by when each falls due', () => {
  it('lists open requests soonest due first (the most overdue at the top), then closed ones newest first', async () => {
    expect(await refs('/api/admin/quotes')).toEqual({ refs: ['A', 'B', 'F', 'C', 'E', 'D'].map((n) => ref(n as Name)), total: '6' });
    expect((await refs('/api/admin/callbacks')).refs).toEqual(['CB-QUEUE000', 'CB-QUEUE001', 'CB-QUEUE002']);
  });

  it('pages across the open and closed parts without losing or repeating a row', async () => {
    const all = (await refs('/api/admin/quotes')).refs;
    for (const limit of [1, 2, 3, 4, 5, 7]) {
      const seen: string[] = [];
      for (let offset = 0; offset < 8; offset += limit) {
        const page = await refs(`/api/admin/quotes?limit=${limit}&offset=${offset}`);
        expect(page.total).toBe('6');
        seen.push(...page.refs);
      }
      expect(seen, `limit ${limit}`).toEqual(all);
    }
  });

  it('gives every item its stored dueAt (24 hours after it was made here: none asked for cover)', async () => {
    const items = await json<Item[]>(await h.request('GET', '/api/admin/quotes', { token: admin }));
    for (const item of items) expect(Date.parse(item.dueAt) - Date.parse(item.createdAt), item.reference).toBe(DAY);
    expect(items.find((i) => i.reference === ref('A'))!.dueAt).toBe(new Date(T0 - 30 * HOUR + DAY).toISOString());
    const cbs = await json<Item[]>(await h.request('GET', '/api/admin/callbacks', { token: admin }));
    for (const item of cbs) expect(Date.parse(item.dueAt) - Date.parse(item.createdAt)).toBe(DAY);
  });
});

describe('the status filter', () => {
  it('narrows to one status, to open ones, or to overdue ones (still owed an answer and made 24 hours or more ago)', async () => {
    const cases: [string, Name[]][] = [
      ['new', ['A', 'C']],
      ['contacted', ['B']],
      ['quoted', ['F']],
      ['closed', ['E', 'D']],
      ['open', ['A', 'B', 'F', 'C']],
      ['overdue', ['A', 'B']],
    ];
    for (const [status, names] of cases) {
      expect(await refs(`/api/admin/quotes?status=${status}`), status).toEqual({ refs: names.map(ref), total: String(names.length) });
    }
    expect((await refs('/api/admin/callbacks?status=overdue')).refs).toEqual(['CB-QUEUE000']);
    expect((await refs('/api/admin/callbacks?status=closed')).refs).toEqual(['CB-QUEUE002']);
  });

  it('counts overdue from the moment the promise falls due, by the server clock; a quoted request never is', async () => {
    // C (new, made 2 h before T0) falls due at T0 + 22 h; F was quoted (23 h before T0): it waits on the customer.
    // A session lasts 12 hours: a fresh one at the later time.
    const overdueAt = async (at: number) => {
      h.clock.set(at);
      const res = await h.request('GET', '/api/admin/quotes?status=overdue', { token: await h.tokenFor('adam') });
      return (await json<Item[]>(res)).map((i) => i.reference);
    };
    try {
      expect(await overdueAt(T0 + 22 * HOUR - 1)).toEqual([ref('A'), ref('B')]);
      expect(await overdueAt(T0 + 22 * HOUR)).toEqual([ref('A'), ref('B'), ref('C')]);
      expect(await overdueAt(T0 + 40 * HOUR)).not.toContain(ref('F'));
    } finally {
      h.clock.set(T0);
    }
  });

  it('combines with a search, and a blank status is no filter', async () => {
    expect(await refs('/api/admin/quotes?status=new&search=queuec')).toEqual({ refs: [ref('C')], total: '1' });
    expect(await refs('/api/admin/quotes?status=closed&search=queuec')).toEqual({ refs: [], total: '0' });
    // A search matching in both parts keeps the order and counts each row once.
    expect(await refs('/api/admin/quotes?search=quinn')).toEqual({ refs: ['A', 'B', 'F', 'C', 'E', 'D'].map((n) => ref(n as Name)), total: '6' });
    expect((await refs('/api/admin/quotes?status=')).total).toBe('6');
  });

  it('refuses an unknown filter with 400', async () => {
    for (const status of ['archived', 'NEW', 'all']) {
      const res = await h.request('GET', `/api/admin/quotes?status=${status}`, { token: admin });
      expect(res.status, status).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.['status']).toBeTruthy();
    }
  });

  it('works over tRPC with { items, total }', async () => {
    const page = await h.trpc(admin).admin.quotes.list({ status: 'overdue' });
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.reference)).toEqual([ref('A'), ref('B')]);
    expect((await h.trpc(admin).admin.callbacks.list({ status: 'open' })).total).toBe(2);
    // @ts-expect-error deliberately bad input: 'archived' is not a filter
    expect(await code(h.trpc(admin).admin.quotes.list({ status: 'archived' }))).toBe('BAD_REQUEST');
  });
});

describe('assigning a request to a staff member', () => {
  it('assigns to an admin or an owner, shows the assignee in the list and the detail, and logs each change', async () => {
    const id = quoteIds.C;
    const put = (body: unknown, token = owner) => h.request('PUT', `/api/admin/quotes/${id}`, { token, body });

    h.clock.set(T0 + 60_000);
    const detail = await expectJson<QuoteDetail>(put({ assigneeId: users.admin }), 200);
    expect(detail.assignee).toEqual({ id: users.admin, username: 'adam' });
    expect(detail.status).toBe('new');
    expect(detail.updatedAt).toBe(new Date(T0 + 60_000).toISOString());
    const listed = await json<Item[]>(await h.request('GET', '/api/admin/quotes?status=new', { token: admin }));
    expect(listed.find((i) => i.id === id)!.assignee).toEqual({ id: users.admin, username: 'adam' });

    expect((await json<QuoteDetail>(await put({ assigneeId: users.owner }))).assignee).toEqual({ id: users.owner, username: 'olivia' });
    // The same assignee again changes and logs nothing.
    expect((await put({ assigneeId: users.owner })).status).toBe(200);
    expect((await json<QuoteDetail>(await put({ assigneeId: null }))).assignee).toBeNull();
    expect((await put({ assigneeId: null })).status).toBe(200);
    h.clock.set(T0);

    expect(await auditActions(`Quote request ${ref('C')}:%`)).toEqual([
      { action: `Quote request ${ref('C')}: assignee none -> adam`, username: 'olivia' },
      { action: `Quote request ${ref('C')}: assignee adam -> olivia`, username: 'olivia' },
      { action: `Quote request ${ref('C')}: assignee olivia -> none`, username: 'olivia' },
    ]);
  });

  it('changes status and assignee in one call, logging each', async () => {
    const id = quoteIds.F;
    const res = await h.request('PUT', `/api/admin/quotes/${id}`, { token: admin, body: { status: 'contacted', assigneeId: users.admin } });
    expect(await json<QuoteDetail>(res)).toMatchObject({ status: 'contacted', assignee: { id: users.admin, username: 'adam' } });
    expect(await auditActions(`Quote request ${ref('F')}:%`)).toEqual([
      { action: `Quote request ${ref('F')}: status quoted -> contacted`, username: 'adam' },
      { action: `Quote request ${ref('F')}: assignee none -> adam`, username: 'adam' },
    ]);
    await h.request('PUT', `/api/admin/quotes/${id}`, { token: admin, body: { status: 'quoted', assigneeId: null } });
  });

  it('refuses a customer account, an unknown account or a malformed id with 400 on assigneeId, changing nothing', async () => {
    const id = quoteIds.A;
    for (const assigneeId of [users.customer, 99_999, 'adam', -1, 1.5, true]) {
      const res = await h.request('PUT', `/api/admin/quotes/${id}`, { token: admin, body: { status: 'closed', assigneeId } });
      expect(res.status, String(assigneeId)).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.['assigneeId'], String(assigneeId)).toBeTruthy();
    }
    const refused = await json<ErrorBody>(await h.request('PUT', `/api/admin/quotes/${id}`, { token: admin, body: { assigneeId: users.customer } }));
    expect(refused.details?.fieldErrors?.['assigneeId']).toEqual(['The assignee must be a staff account (an admin or an owner)']);
    const rs = await h.database.client.execute({ sql: 'select status, assignee_id from quote_requests where id = ?', args: [id] });
    expect(rs.rows[0]).toMatchObject({ status: 'new', assignee_id: null });
    expect(await auditActions(`Quote request ${ref('A')}:%`)).toEqual([]);
  });

  it('assigns callbacks the same way, over tRPC too', async () => {
    const id = callbackIds[0]!;
    const res = await h.request('PUT', `/api/admin/callbacks/${id}`, { token: admin, body: { assigneeId: users.other } });
    expect(await json<Item>(res)).toMatchObject({ assignee: { id: users.other, username: 'ayla' } });
    const c = h.trpc(admin);
    expect((await c.admin.callbacks.update({ id, assigneeId: users.admin })).assignee).toEqual({ id: users.admin, username: 'adam' });
    expect((await c.admin.quotes.update({ id: quoteIds.B, assigneeId: users.other })).assignee).toEqual({ id: users.other, username: 'ayla' });
    expect(await code(c.admin.callbacks.update({ id, assigneeId: users.customer }))).toBe('BAD_REQUEST');
    // Typed as optional fields; the schema refuses the empty change.
    expect(await code(c.admin.quotes.update({ id }))).toBe('BAD_REQUEST');
    expect(await code(c.admin.quotes.update({ id: 99_999, status: 'closed' }))).toBe('NOT_FOUND');
    expect(await auditActions('Callback request CB-QUEUE000:%')).toEqual([
      { action: 'Callback request CB-QUEUE000: assignee none -> ayla', username: 'adam' },
      { action: 'Callback request CB-QUEUE000: assignee ayla -> adam', username: 'adam' },
    ]);
  });

  it('an assignee whose account is deleted leaves the request unassigned', async () => {
    const temp = await h.addUser({ username: 'temp-staff', isAdmin: true });
    await h.request('PUT', `/api/admin/quotes/${quoteIds.E}`, { token: owner, body: { assigneeId: temp } });
    expect((await h.request('DELETE', `/api/admin/users/${temp}`, { token: owner })).status).toBe(200);
    const detail = await json<QuoteDetail>(await h.request('GET', `/api/admin/quotes/${quoteIds.E}`, { token: admin }));
    expect(detail.assignee).toBeNull();
  });

  it('lists who can be assigned: admins and owners by username, never customers', async () => {
    expect(await expectJson(h.request('GET', '/api/admin/staff', { token: admin }), 200)).toEqual([
      { id: users.admin, username: 'adam' },
      { id: users.other, username: 'ayla' },
      { id: users.owner, username: 'olivia' },
    ]);
    expect(await h.trpc(admin).admin.staff()).toEqual(await json(await h.request('GET', '/api/admin/staff', { token: admin })));
  });
});

describe('notes', () => {
  it('records who and when, keeps line breaks, answers 201 and shows them newest first in the detail', async () => {
    const id = quoteIds.A;
    h.clock.set(T0 + 5 * 60_000);
    const note = await expectJson<Note>(h.request('POST', `/api/admin/quotes/${id}/notes`, { token: admin, body: { text: '  Called, no answer.\r\nTry again at 3.  ' } }), 201);
    expect(note).toEqual({ id: expect.any(Number) as number, author: 'adam', createdAt: new Date(T0 + 5 * 60_000).toISOString(), text: 'Called, no answer.\nTry again at 3.' });
    h.clock.set(T0 + 10 * 60_000);
    const second = await json<Note>(await h.request('POST', `/api/admin/quotes/${id}/notes`, { token: owner, body: { text: 'Spoke to Quinn: wants cover from Friday.' } }));
    h.clock.set(T0);

    const detail = await json<QuoteDetail>(await h.request('GET', `/api/admin/quotes/${id}`, { token: admin }));
    expect(detail.notes).toEqual([second, note]);
    expect(detail.notes.map((n) => n.author)).toEqual(['olivia', 'adam']);
    expect(await auditActions(`Quote request ${ref('A')}: note%`)).toEqual([
      { action: `Quote request ${ref('A')}: note added`, username: 'adam' },
      { action: `Quote request ${ref('A')}: note added`, username: 'olivia' },
    ]);
    // The log says a note was added, never what it says.
    expect(JSON.stringify(await auditActions('%'))).not.toContain('no answer');
  });

  it('keeps each request’s notes to itself: a callback with the same id as a quote has its own', async () => {
    const sameId = callbackIds.find((c) => Object.values(quoteIds).includes(c))!;
    expect((await h.request('POST', `/api/admin/callbacks/${sameId}/notes`, { token: admin, body: { text: 'Callback booked for 2pm.' } })).status).toBe(201);
    const cb = await json<{ notes: Note[] }>(await h.request('GET', `/api/admin/callbacks/${sameId}`, { token: admin }));
    expect(cb.notes.map((n) => n.text)).toEqual(['Callback booked for 2pm.']);
    const quote = await json<QuoteDetail>(await h.request('GET', `/api/admin/quotes/${sameId}`, { token: admin }));
    expect(quote.notes.map((n) => n.text)).not.toContain('Callback booked for 2pm.');
    expect((await h.trpc(admin).admin.callbacks.addNote({ id: sameId, text: 'Second' })).author).toBe('adam');
    expect((await h.trpc(admin).admin.callbacks.get({ id: sameId })).notes.map((n) => n.text)).toEqual(['Second', 'Callback booked for 2pm.']);
  });

  it('takes 1 to 2000 characters and refuses control characters other than line breaks, writing nothing', async () => {
    const id = quoteIds.B;
    expect((await h.request('POST', `/api/admin/quotes/${id}/notes`, { token: admin, body: { text: 'é'.repeat(2000) } })).status).toBe(201);
    const before = await h.database.client.execute('select count(*) n from request_notes');
    const cases: [unknown, string][] = [
      ['x'.repeat(2001), 'Note must be at most 2000 characters'],
      ['', 'Note is required'],
      [' \n\r\n ', 'Note is required'],
      ['tab\there', 'Note must not contain control characters (line breaks are fine)'],
      ['nul\u0000', 'Note must not contain control characters (line breaks are fine)'],
      ['esc\u001b[31m', 'Note must not contain control characters (line breaks are fine)'],
      ['del\u007f', 'Note must not contain control characters (line breaks are fine)'],
      [42, 'Note is required'],
      [undefined, 'Note is required'],
    ];
    for (const [text, message] of cases) {
      const res = await h.request('POST', `/api/admin/quotes/${id}/notes`, { token: admin, body: text === undefined ? {} : { text } });
      expect(res.status, JSON.stringify(text)).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.['text'], JSON.stringify(text)).toEqual([message]);
    }
    expect((await h.database.client.execute('select count(*) n from request_notes')).rows[0]).toEqual(before.rows[0]);
    // @ts-expect-error deliberately bad input: no text
    expect(await code(h.trpc(admin).admin.quotes.addNote({ id }))).toBe('BAD_REQUEST');
    expect(await code(h.trpc(admin).admin.quotes.addNote({ id, text: 'bell\u0007' }))).toBe('BAD_REQUEST');
  });

  it('answers 404 for an unknown request and writes nothing', async () => {
    const before = await h.database.client.execute('select (select count(*) from request_notes) n, (select count(*) from audit_logs) a');
    for (const path of ['/api/admin/quotes/99999/notes', '/api/admin/callbacks/99999/notes']) {
      const res = await h.request('POST', path, { token: admin, body: { text: 'Lost' } });
      expect(res.status, path).toBe(404);
    }
    expect(await json<ErrorBody>(await h.request('POST', '/api/admin/quotes/99999/notes', { token: admin, body: { text: 'Lost' } }))).toEqual({ error: 'Quote request not found' });
    expect(await code(h.trpc(admin).admin.callbacks.addNote({ id: 99_999, text: 'Lost' }))).toBe('NOT_FOUND');
    const after = await h.database.client.execute('select (select count(*) from request_notes) n, (select count(*) from audit_logs) a');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });
});

describe('what the quote detail carries', () => {
  it('the requested start, duration, product, offer in pounds and the policy issued', async () => {
    const policy = await json<{ id: number; policyNumber: string }>(await h.request('POST', '/api/admin/policies', { token: owner, body: validPolicy }));
    const start = Date.UTC(2026, 6, 3, 8, 30);
    const id = await h.database.db
      .insert(quoteRequests)
      .values({
        reference: 'QR-QUEUE0FULL',
        status: 'closed',
        firstName: 'Fay',
        lastName: 'Full',
        email: 'fay@example.test',
        phone: '07700900999',
        postcode: 'M1 1AE',
        details: '{}',
        fingerprint: 'fp-full',
        product: 'learner',
        requestedStartAt: start,
        durationValue: 3,
        durationUnit: 'weeks',
        offerPremiumPence: 6450,
        offerValidUntil: T0 + DAY,
        offeredAt: T0,
        policyId: policy.id,
        createdAt: T0,
        updatedAt: T0,
      })
      .returning({ id: quoteRequests.id })
      .then(([r]) => r!.id);
    const detail = await json<QuoteDetail>(await h.request('GET', `/api/admin/quotes/${id}`, { token: admin }));
    expect(detail).toMatchObject({
      product: 'learner',
      requestedStart: new Date(start).toISOString(),
      duration: { value: 3, unit: 'weeks' },
      offer: { premium: 64.5, validUntil: new Date(T0 + DAY).toISOString(), offeredAt: new Date(T0).toISOString() },
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      notes: [],
    });
    const [listed] = await json<QuoteDetail[]>(await h.request('GET', '/api/admin/quotes?search=QR-QUEUE0FULL', { token: admin }));
    expect(listed).toMatchObject({ product: 'learner', policyNumber: policy.policyNumber, offer: { premium: 64.5 } });
    expect(listed).not.toHaveProperty('notes');
    // The list shows when the cover starts (docs/product.md#staff-queues); the length stays in the detail.
    expect(listed).toMatchObject({ requestedStart: new Date(start).toISOString() });
    expect(listed).not.toHaveProperty('duration');
    // A request from before the wizard asked has nulls, not guesses.
    expect(await json<QuoteDetail>(await h.request('GET', `/api/admin/quotes/${quoteIds.D}`, { token: admin }))).toMatchObject({
      product: null,
      requestedStart: null,
      duration: null,
      policyId: null,
      policyNumber: null,
      offer: null,
    });
  });
});

describe('who may work the queues', () => {
  const routes = (): [string, string, unknown?][] => [
    ['PUT', `/api/admin/quotes/${quoteIds.A}`, { assigneeId: users.admin }],
    ['POST', `/api/admin/quotes/${quoteIds.A}/notes`, { text: 'Sneaky' }],
    ['PUT', `/api/admin/callbacks/${callbackIds[0]}`, { assigneeId: users.admin }],
    ['POST', `/api/admin/callbacks/${callbackIds[0]}/notes`, { text: 'Sneaky' }],
    ['GET', '/api/admin/quotes?status=overdue'],
    ['GET', '/api/admin/staff'],
    ['GET', '/api/admin/stats/queues'],
  ];

  it('answers 401 to an anonymous caller and 403 to a customer, writing nothing', async () => {
    const snapshot = () =>
      h.database.client.execute(
        'select (select count(*) from request_notes) n, (select count(*) from audit_logs) a, (select group_concat(coalesce(assignee_id, 0)) from quote_requests) q, (select group_concat(coalesce(assignee_id, 0)) from callback_requests) c',
      );
    const before = await snapshot();
    for (const [method, path, body] of routes()) {
      expect((await h.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      const refused = await h.request(method, path, { token: customer, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await json(refused)).toEqual({ error: 'You do not have permission to do that' });
    }
    const c = h.trpc(customer);
    expect(await code(c.admin.quotes.update({ id: quoteIds.A, assigneeId: users.customer }))).toBe('FORBIDDEN');
    expect(await code(c.admin.quotes.addNote({ id: quoteIds.A, text: 'Sneaky' }))).toBe('FORBIDDEN');
    expect(await code(c.admin.staff())).toBe('FORBIDDEN');
    expect(await code(c.admin.queueCounts())).toBe('FORBIDDEN');
    expect(await code(h.trpc().admin.callbacks.addNote({ id: callbackIds[0]!, text: 'Sneaky' }))).toBe('UNAUTHORIZED');
    expect((await snapshot()).rows[0]).toEqual(before.rows[0]);
  });

  it('answers 404 to staff for an unknown request', async () => {
    for (const [method, path, body] of [
      ['PUT', '/api/admin/quotes/99999', { assigneeId: users.admin }],
      ['PUT', '/api/admin/callbacks/99999', { status: 'closed' }],
      ['GET', '/api/admin/callbacks/99999'],
    ] as const) {
      expect((await h.request(method, path, { token: admin, body })).status, `${method} ${path}`).toBe(404);
    }
  });
});
