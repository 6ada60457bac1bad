// Accepting a quote (docs/product.md#accepting-a-quote): the customer accepts a price that stands on their own request
// (POST /api/user/quotes/{reference}/accept, quotes.accept), confirming the Statement of Fact; staff record an
// acceptance given by phone (POST /api/admin/quotes/{id}/acceptance, admin.quotes.recordAcceptance). A lapsed price,
// another's request, no confirmation: a clear 4xx writing nothing. Accepting twice answers as done, writing nothing;
// a new price clears the acceptance.
import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyQuoteRequestView, QuoteRequestDetailView } from '../../src-server/contract/views';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { logsMentioning, submitQuote } from './quote-flow';

let h: Harness;
let admin: string;
let cora: string;
let dan: string;

const HOUR = 3_600_000;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'sam', isAdmin: true });
  await h.addUser({ username: 'cora', email: 'cora@example.test' });
  await h.addUser({ username: 'dan', email: 'dan@example.test' });
  admin = await h.tokenFor('sam');
  cora = await h.tokenFor('cora');
  dan = await h.tokenFor('dan');
});
afterAll(() => h.close());

const accept = (reference: string, body: unknown = { confirm: true }, token: string | undefined = cora) =>
  h.request('POST', `/api/user/quotes/${reference}/accept`, { token, body });
const record = (id: number | string, token: string | undefined = admin) => h.request('POST', `/api/admin/quotes/${id}/acceptance`, { token, body: { confirm: true } });
const offer = (id: number, premium: number | string = '64.50', validHours?: number) =>
  h.request('POST', `/api/admin/quotes/${id}/offer`, { token: admin, body: { premium, validHours } });

let coraAsked = 0;
/** Cora's own request (her confirmed address), priced; each a different value, so never taken for the last one sent again. */
async function coraQuote(validHours?: number): Promise<{ id: number; reference: string }> {
  coraAsked += 1;
  const q = await submitQuote(h, { email: 'cora@example.test', firstName: 'Cora', lastName: 'Hale', value: String(1000 + coraAsked) });
  expect((await offer(q.id, '64.50', validHours)).status).toBe(200);
  return q;
}

/** What a refused call must leave as it was. */
async function writes(): Promise<string> {
  const rs = await h.database.client.execute(
    "select (select count(*) from audit_logs) a, (select group_concat(coalesce(accepted_at, '-') || coalesce(accepted_via, '-') || coalesce(accepted_by, '-')) from quote_requests) q",
  );
  return JSON.stringify(rs.rows[0]);
}

async function acceptance(id: number) {
  return (await h.database.client.execute({ sql: 'select accepted_at, accepted_via, accepted_by from quote_requests where id = ?', args: [id] })).rows[0]!;
}

describe('the customer accepting in their account', () => {
  it('accepts a price that stands on their own request: the request answers with its acceptance, logged', async () => {
    h.clock.set(T0);
    const q = await coraQuote();
    h.clock.advance(2 * HOUR);
    const view = await expectJson<MyQuoteRequestView>(accept(q.reference.toLowerCase()), 200);
    expect(view).toMatchObject({
      reference: q.reference,
      status: 'quoted',
      offer: { premium: 64.5, acceptance: { at: new Date(T0 + 2 * HOUR).toISOString(), via: 'online' } },
      policyNumber: null,
    });
    // Who on staff recorded an acceptance is not the customer's to read; here there was none.
    expect(view.offer!.acceptance).not.toHaveProperty('by');
    expect(await acceptance(q.id)).toMatchObject({ accepted_at: T0 + 2 * HOUR, accepted_via: 'online', accepted_by: 'cora' });
    expect(await logsMentioning(h, `Quote request ${q.reference}: quote accepted`)).toEqual([
      { action: `Quote request ${q.reference}: quote accepted online by cora`, username: 'cora' },
    ]);
    // The dashboard's list shows it, with the Statement of Fact (what the customer told us).
    const mine = await json<MyQuoteRequestView[]>(await h.request('GET', '/api/user/quotes', { token: cora }));
    const listed = mine.find((m) => m.reference === q.reference)!;
    expect(listed.offer!.acceptance).toEqual({ at: new Date(T0 + 2 * HOUR).toISOString(), via: 'online' });
    expect(listed.statementOfFact).toEqual(expect.arrayContaining([{ label: 'First name', text: 'Cora' }, { label: 'Last name', text: 'Hale' }]));
  });

  it('answers a second acceptance as done, keeping the first and writing nothing', async () => {
    h.clock.set(T0);
    const q = await coraQuote();
    expect((await accept(q.reference)).status).toBe(200);
    const before = await writes();
    h.clock.advance(HOUR);
    expect((await expectJson<MyQuoteRequestView>(accept(q.reference), 200)).offer!.acceptance).toEqual({ at: new Date(T0).toISOString(), via: 'online' });
    // Staff recording it too keeps the customer's own.
    expect((await record(q.id)).status).toBe(200);
    expect(await writes()).toBe(before);
  });

  it('needs the Statement of Fact confirmed: 400 writing nothing', async () => {
    h.clock.set(T0);
    const q = await coraQuote();
    const before = await writes();
    for (const body of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const res = await accept(q.reference, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = await json<ErrorBody>(res);
      expect(err.details?.fieldErrors?.['confirm'], JSON.stringify(body)).toEqual(['Confirm that your answers are true and complete']);
    }
    expect((await h.request('POST', `/api/user/quotes/${q.reference}/accept`, { token: cora, rawBody: 'null' })).status).toBe(400);
    expect(await writes()).toBe(before);
  });

  it("answers 404 for another's request and an unknown reference, 400 for one that cannot be a reference, writing nothing", async () => {
    h.clock.set(T0);
    const q = await coraQuote();
    const before = await writes();
    expect(await expectJson(accept(q.reference, { confirm: true }, dan), 404)).toEqual({ error: 'Quote request not found' });
    expect((await accept('QR-NOTAREAL')).status).toBe(404);
    // A request from an address no account has confirmed belongs to nobody's dashboard.
    const stranger = await submitQuote(h, { email: 'stranger@example.test' });
    expect((await offer(stranger.id)).status).toBe(200);
    const before2 = await writes();
    expect((await accept(stranger.reference)).status).toBe(404);
    expect((await accept('QR bad!')).status).toBe(400);
    expect(await writes()).toBe(before2);
    expect(before2).not.toBe(before);
  });

  it('refuses a lapsed price with 409 (online and by phone), writing nothing; a price sent again can be accepted', async () => {
    h.clock.set(T0);
    const q = await coraQuote(2);
    h.clock.set(T0 + 2 * HOUR); // the last moment it stands
    const before = await writes();
    h.clock.set(T0 + 2 * HOUR + 1);
    const lapsed = await accept(q.reference);
    expect(lapsed.status).toBe(409);
    expect(await json(lapsed)).toEqual({ error: 'This price has lapsed: ask us to send it again' });
    expect((await record(q.id)).status).toBe(409);
    expect(await writes()).toBe(before);
    expect((await offer(q.id, '70')).status).toBe(200);
    expect((await expectJson<MyQuoteRequestView>(accept(q.reference), 200)).offer).toMatchObject({ premium: 70, acceptance: { via: 'online' } });
  });

  it('accepts up to and including the last moment of the price', async () => {
    h.clock.set(T0);
    const q = await coraQuote(1);
    h.clock.set(T0 + HOUR);
    expect((await accept(q.reference)).status).toBe(200);
  });

  it('answers 409 when there is no price to accept, or the request is closed', async () => {
    h.clock.set(T0);
    const unpriced = await submitQuote(h, { email: 'cora@example.test' });
    expect(await expectJson(accept(unpriced.reference), 409)).toEqual({ error: 'There is no price to accept on this quote request' });
    const closed = await coraQuote();
    expect((await h.request('PUT', `/api/admin/quotes/${closed.id}`, { token: admin, body: { status: 'closed' } })).status).toBe(200);
    expect(await json(await accept(closed.reference))).toEqual({ error: 'This quote request is closed' });
  });

  it('over tRPC: quotes.accept answers the same, and needs the confirmation', async () => {
    h.clock.set(T0);
    const q = await coraQuote();
    const refused = (await h.trpc(cora).quotes.accept({ reference: q.reference, confirm: false as true }).catch((e: unknown) => e)) as TRPCError;
    expect(refused.code).toBe('BAD_REQUEST');
    const view = await h.trpc(cora).quotes.accept({ reference: q.reference, confirm: true });
    expect(view.offer!.acceptance).toEqual({ at: new Date(T0).toISOString(), via: 'online' });
    expect(((await h.trpc(dan).quotes.accept({ reference: q.reference, confirm: true }).catch((e: unknown) => e)) as TRPCError).code).toBe('NOT_FOUND');
  });

  it('is for signed-in customers: 401 signed out', async () => {
    h.clock.set(T0);
    const q = await coraQuote();
    expect((await h.request('POST', `/api/user/quotes/${q.reference}/accept`, { body: { confirm: true } })).status).toBe(401);
  });
});

describe('staff recording an acceptance given by phone', () => {
  it('records it with who and when, logged, and the console reads it', async () => {
    h.clock.set(T0);
    const q = await submitQuote(h, { email: 'phone.customer@example.test' });
    expect((await offer(q.id)).status).toBe(200);
    h.clock.advance(HOUR);
    const view = await expectJson<QuoteRequestDetailView>(record(q.id), 200);
    expect(view.offer).toMatchObject({ premium: 64.5, acceptance: { at: new Date(T0 + HOUR).toISOString(), via: 'phone', by: 'sam' } });
    expect(await logsMentioning(h, `Quote request ${q.reference}: quote accepted`)).toEqual([
      { action: `Quote request ${q.reference}: quote accepted by phone, recorded by sam`, username: 'sam' },
    ]);
  });

  it('a new price clears the acceptance', async () => {
    h.clock.set(T0);
    const q = await submitQuote(h, { email: 'reprice@example.test' });
    await offer(q.id);
    await record(q.id);
    const res = await offer(q.id, '99');
    expect((await json<QuoteRequestDetailView>(res)).offer).toMatchObject({ premium: 99, acceptance: null });
    expect(await acceptance(q.id)).toEqual({ accepted_at: null, accepted_via: null, accepted_by: null });
  });

  it('answers 409 without a price, 404 for no such request, and is for staff only (401, 403), writing nothing', async () => {
    h.clock.set(T0);
    const q = await submitQuote(h, { email: 'no.price@example.test' });
    const before = await writes();
    expect(await expectJson(record(q.id), 409)).toEqual({ error: 'There is no price to accept on this quote request' });
    expect((await record(987_654)).status).toBe(404);
    expect((await record(q.id, cora)).status).toBe(403);
    expect((await h.request('POST', `/api/admin/quotes/${q.id}/acceptance`)).status).toBe(401);
    expect(((await h.trpc(cora).admin.quotes.recordAcceptance({ id: q.id, confirm: true }).catch((e: unknown) => e)) as TRPCError).code).toBe('FORBIDDEN');
    expect(await writes()).toBe(before);
    await offer(q.id);
    // Staff confirm the customer agreed the Statement of Fact on the call; without it nothing is written.
    const unconfirmed = await writes();
    expect(JSON.stringify(await expectJson(h.request('POST', `/api/admin/quotes/${q.id}/acceptance`, { token: admin, body: {} }), 400))).toContain('Confirm that the customer agreed on the phone that the Statement of Fact is true and complete');
    expect(await writes()).toBe(unconfirmed);
    const view = await h.trpc(admin).admin.quotes.recordAcceptance({ id: q.id, confirm: true });
    expect(view.offer!.acceptance).toMatchObject({ via: 'phone', by: 'sam' });
  });
});
