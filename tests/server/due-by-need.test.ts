// Due by need (docs/product.md#staff-queues): a quote request is due at the earlier of received + 24 h and an hour
// before its cover starts, a callback at its preferred time, both moved into opening hours (docs/product.md#opening-hours);
// the queue sorts open requests by that due time and narrows to "cover starts within N hours"; a callback at a closed
// time is refused naming the hours (docs/product.md#callback-requests); quoted requests are due two hours before their
// price lapses and are counted as waiting. Both doors, by the server clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ukLocalToEpoch } from '../../src-server/contract/time';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { submitQuote } from './quote-flow';

const HOUR = 3_600_000;
const uk = (date: string, time: string) => ukLocalToEpoch(date, time);
const HOURS_TEXT = 'Monday to Friday 8am to 8pm, Saturday 9am to 5pm UK time; closed Sundays and bank holidays';

interface Item {
  id: number;
  reference: string;
  status: string;
  dueAt: string;
}

let h: Harness;
let addresses = 0;

/** A fresh session at the clock's time (a session lasts 12 hours). */
const staff = () => h.tokenFor('boss');

const startingAt = (date: string, time: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { policyStartDay: String(d), policyStartMonth: String(m), policyStartYear: String(y), policyStartTime: time };
};

async function list(path: string): Promise<{ items: Item[]; total: string | null }> {
  const res = await h.request('GET', path, { token: await staff() });
  expect(res.status, path).toBe(200);
  return { items: await json<Item[]>(res), total: res.headers.get('x-total-count') };
}

const callback = (callbackDate: string, email = `cb${addresses}@example.test`) =>
  h.request('POST', '/api/callbacks', {
    body: { name: 'Priya Patel', email, phone: '07700 900123', reasonForContact: 'quotes', callbackDate },
    headers: { 'x-forwarded-for': `198.51.100.${++addresses}` },
  });

const dueOf = async (table: 'quote_requests' | 'callback_requests', reference: string) =>
  Number((await h.database.client.execute({ sql: `select due_at from ${table} where reference = ?`, args: [reference] })).rows[0]!['due_at']);

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'boss', isOwner: true });
});
afterAll(() => h.close());

describe('quote requests due by need', () => {
  it('puts a request for cover starting in 2 hours before one for next week made earlier', async () => {
    // T0 is Wednesday 1 July 2026, 13:00 BST: open.
    h.clock.set(T0);
    const nextWeek = await submitQuote(h, startingAt('2026-07-08', '09:00'));
    h.clock.set(T0 + HOUR);
    const soon = await submitQuote(h, startingAt('2026-07-01', '16:00'));

    expect(await dueOf('quote_requests', nextWeek.reference)).toBe(T0 + 24 * HOUR);
    expect(await dueOf('quote_requests', soon.reference)).toBe(uk('2026-07-01', '15:00'));

    const open = await list('/api/admin/quotes?status=open');
    expect(open.items.map((i) => i.reference)).toEqual([soon.reference, nextWeek.reference]);
    expect(open.items[0]!.dueAt).toBe(new Date(uk('2026-07-01', '15:00')).toISOString());
    // Over tRPC the same order.
    const viaTrpc = await h.trpc(await staff()).admin.quotes.list({ status: 'open' });
    expect(viaTrpc.items.map((i) => i.reference)).toEqual([soon.reference, nextWeek.reference]);

    // Overdue from its own due time: the 2-hour one at 15:00, the other not till tomorrow.
    h.clock.set(uk('2026-07-01', '15:00'));
    expect((await list('/api/admin/quotes?status=overdue')).items.map((i) => i.reference)).toEqual([soon.reference]);

    // "Cover starts within N hours", from now (a started cover still matches: it is the most pressing).
    h.clock.set(T0 + HOUR);
    expect((await list('/api/admin/quotes?startsWithin=24')).items.map((i) => i.reference)).toEqual([soon.reference]);
    expect((await list('/api/admin/quotes?startsWithin=200')).total).toBe('2');
    expect((await list('/api/admin/quotes?startsWithin=')).total).toBe('2');
    h.clock.set(T0);
  });

  it('refuses a bad "starts within" and any on callbacks with 400', async () => {
    for (const bad of ['0', '-3', '1.5', 'soon', '745']) {
      const res = await h.request('GET', `/api/admin/quotes?startsWithin=${bad}`, { token: await staff() });
      expect(res.status, bad).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.['startsWithin']).toEqual(['startsWithin must be a whole number of hours from 1 to 744']);
    }
    expect((await expectJson<ErrorBody>(h.request('GET', '/api/admin/callbacks?startsWithin=24', { token: await staff() }), 400)).details?.fieldErrors?.['startsWithin']).toEqual(['startsWithin applies to quote requests only: callbacks ask for no cover']);
  });

  it('moves a due time that falls while the office is shut, skipping the bank holidays', async () => {
    // Christmas Eve 2026, 21:00 GMT (closed): 24 h on is Christmas Day; the office last closed before the request came
    // in, so it is due at the next opening: Tuesday 29 December (Christmas, Boxing Day, Sunday, the substitute day).
    h.clock.set(uk('2026-12-24', '21:00'));
    const christmas = await submitQuote(h, startingAt('2027-01-04', '09:00'));
    expect(await dueOf('quote_requests', christmas.reference)).toBe(uk('2026-12-29', '08:00'));
    // Friday 3 July 2026 at 21:00, 24 h on is Saturday 21:00 (shut): due when Saturday closes, still after it came in.
    h.clock.set(uk('2026-07-03', '21:00'));
    const friday = await submitQuote(h, startingAt('2026-07-20', '09:00'));
    expect(await dueOf('quote_requests', friday.reference)).toBe(uk('2026-07-04', '17:00'));
    h.clock.set(T0);
  });
});

describe('callbacks due at their preferred time, only in opening hours', () => {
  it('refuses a Sunday 03:00 and a bank holiday with a message naming the opening hours, storing nothing', async () => {
    h.clock.set(T0);
    const before = Number((await h.database.client.execute('select count(*) n from callback_requests')).rows[0]!['n']);
    for (const closed of ['2026-07-05T03:00', '2026-07-04T17:00', '2026-07-06T07:59', '2026-07-06T20:00', '2026-08-31T10:00', '2026-12-25T10:00']) {
      const res = await callback(closed);
      expect(res.status, closed).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.['callbackDate'], closed).toEqual([`Choose a time when we are open: ${HOURS_TEXT}`]);
    }
    expect(Number((await h.database.client.execute('select count(*) n from callback_requests')).rows[0]!['n'])).toBe(before);
    await expect(
      h.trpc(undefined, '198.51.100.250').callbacks.request({ name: 'Priya Patel', email: 'sunday@example.test', phone: '07700 900123', reasonForContact: 'quotes', callbackDate: '2026-07-05T03:00' } as never),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('is due at the preferred time, or else 24 hours on moved into opening hours', async () => {
    h.clock.set(T0);
    const { reference } = await expectJson<{ reference: string }>(callback('2026-07-06T08:00', 'monday@example.test'), 201);
    expect(await dueOf('callback_requests', reference)).toBe(uk('2026-07-06', '08:00'));

    // Saturday 18:00 without a time: 24 h on is Sunday, so Monday's opening.
    h.clock.set(uk('2026-07-04', '18:00'));
    expect(await dueOf('callback_requests', (await expectJson<{ reference: string }>(callback('', 'anytime@example.test'), 201)).reference)).toBe(uk('2026-07-06', '08:00'));
    h.clock.set(T0);
  });
});

describe('quoted requests stay in view', () => {
  it('are due two hours before the price lapses, sort by it, and count as waiting with those lapsing', async () => {
    h.clock.set(T0);
    const q = await submitQuote(h, startingAt('2026-07-20', '09:00'));
    const token = await staff();
    expect((await h.request('POST', `/api/admin/quotes/${q.id}/offer`, { token, body: { premium: '64.50', validHours: 5 } })).status).toBe(200);
    expect(await dueOf('quote_requests', q.reference)).toBe(T0 + 3 * HOUR);

    const counts = async () => (await h.trpc(await staff()).admin.queueCounts()).quotes;
    expect(await counts()).toMatchObject({ quoted: 1, lapsing: 0 });
    // In the open list, by its due time: ahead of requests due later.
    const open = (await list('/api/admin/quotes?status=open')).items;
    const mine = open.findIndex((i) => i.reference === q.reference);
    expect(open.slice(mine + 1).every((i) => Date.parse(i.dueAt) >= T0 + 3 * HOUR)).toBe(true);
    expect(open.slice(0, mine).every((i) => Date.parse(i.dueAt) <= T0 + 3 * HOUR)).toBe(true);

    // Within two hours of lapsing (and after), it is lapsing: counted, and never "overdue" (it waits on the customer).
    h.clock.set(T0 + 3 * HOUR);
    expect(await counts()).toMatchObject({ quoted: 1, lapsing: 1 });
    expect((await list('/api/admin/quotes?status=overdue')).items.map((i) => i.reference)).not.toContain(q.reference);
    const rest = await h.request('GET', '/api/admin/stats/queues', { token: await staff() });
    expect((await json<{ quotes: { quoted: number; lapsing: number } }>(rest)).quotes).toMatchObject({ quoted: 1, lapsing: 1 });
    h.clock.set(T0);
  });
});
