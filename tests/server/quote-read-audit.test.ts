// Staff opening a quote request answer for it in the audit log (docs/product.md#audit-log), as certificate reads are:
// its detail holds the date of birth, convictions and medical answers that the queue's list does not show. Every
// open at either door writes 'Viewed quote request {reference}' under the staff member, in the same transaction as
// the read; so does a save that changes nothing, since it answers the same detail. Lists, refused reads, the answer
// to a logged change (a quote sent) and callback requests (whose detail shows what the list does) write no such entry.
import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, json, type Harness } from './harness';
import { expectJson } from './answers';
import { submitQuote } from './quote-flow';

let h: Harness;
let ownerToken: string;
let adminToken: string;
let customerToken: string;
let adminId: number;
let quote: { id: number; reference: string };

async function viewedLogs(): Promise<{ action: string; username: string | null; user_id: number | null }[]> {
  const rs = await h.database.client.execute("select action, username, user_id from audit_logs where action like 'Viewed %request%' order by id");
  return rs.rows.map((r) => ({ action: String(r['action']), username: r['username'] as string | null, user_id: r['user_id'] === null ? null : Number(r['user_id']) }));
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'olivia', isOwner: true });
  adminId = await h.addUser({ username: 'adam', isAdmin: true });
  await h.addUser({ username: 'cara' });
  ownerToken = await h.tokenFor('olivia');
  adminToken = await h.tokenFor('adam');
  customerToken = await h.tokenFor('cara');
  quote = await submitQuote(h);
});
afterAll(() => h.close());

describe('opening a quote request', () => {
  it('is logged for every open, at either door, under the staff member who opened it', async () => {
    expect(await expectJson(h.request('GET', `/api/admin/quotes/${quote.id}`, { token: adminToken }), 200)).toMatchObject({ reference: quote.reference, details: { dateOfBirth: '1990-05-17', drivingConvictions: 'None', disabilities: 'no' } });
    expect((await h.trpc(ownerToken).admin.quotes.get({ id: quote.id })).reference).toBe(quote.reference);
    expect(await viewedLogs()).toEqual([
      { action: `Viewed quote request ${quote.reference}`, username: 'adam', user_id: adminId },
      { action: `Viewed quote request ${quote.reference}`, username: 'olivia', user_id: expect.any(Number) },
    ]);
  });

  it('is logged when a save changes nothing (its answer is the whole request), not beside a real change', async () => {
    const before = (await viewedLogs()).length;
    expect((await h.request('PUT', `/api/admin/quotes/${quote.id}`, { token: adminToken, body: { status: 'new' } })).status).toBe(200);
    expect((await viewedLogs()).length).toBe(before + 1);
    expect((await h.request('PUT', `/api/admin/quotes/${quote.id}`, { token: adminToken, body: { status: 'contacted' } })).status).toBe(200);
    expect((await viewedLogs()).length).toBe(before + 1);
  });

  it('shows in the console’s log, found by the reference', async () => {
    const res = await h.request('GET', `/api/admin/logs?search=${encodeURIComponent(`Viewed quote request ${quote.reference}`)}`, { token: ownerToken });
    expect((await json<unknown[]>(res)).length).toBeGreaterThanOrEqual(3);
  });
});

describe('what is not logged as a read', () => {
  it('the list, a refused read (404, 403) and the answer to a quote sent', async () => {
    const before = await viewedLogs();
    expect((await h.request('GET', '/api/admin/quotes', { token: adminToken })).status).toBe(200);
    expect((await h.trpc(adminToken).admin.quotes.list({})).items.length).toBeGreaterThan(0);
    expect((await h.request('GET', '/api/admin/quotes/999999', { token: adminToken })).status).toBe(404);
    expect((await h.request('GET', `/api/admin/quotes/${quote.id}`, { token: customerToken })).status).toBe(403);
    const err = await h.trpc(customerToken).admin.quotes.get({ id: quote.id }).catch((e: unknown) => e);
    expect((err as TRPCError).code).toBe('FORBIDDEN');
    expect((await h.request('POST', `/api/admin/quotes/${quote.id}/offer`, { token: adminToken, body: { premium: '64.50' } })).status).toBe(200);
    expect(await viewedLogs()).toEqual(before);
  });

  it('a callback request: its detail shows what its list row does', async () => {
    expect((await h.request('POST', '/api/callbacks', { body: { name: 'Priya Patel', email: 'priya@example.test', phone: '07700 900123', reasonForContact: 'other' } })).status).toBe(201);
    const id = Number((await h.database.client.execute('select max(id) id from callback_requests')).rows[0]!['id']);
    const before = await viewedLogs();
    expect((await h.request('GET', `/api/admin/callbacks/${id}`, { token: adminToken })).status).toBe(200);
    expect(await viewedLogs()).toEqual(before);
  });
});
