// Every list, both doors (docs/product.md#statistics-and-search): a REST list answers the page's items with
// the total in X-Total-Count (/api/admin/users: `{ users, total }` and the header), the tRPC list the same
// page as `{ items, total }`, for an unsearched list, a short term (LIKE) and a longer one (the trigram index
// where the list has one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, validPolicy, type Harness } from './harness';

let h: Harness;
let adminToken: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'lister', isAdmin: true });
  const ids = [];
  for (const name of ['fletcher', 'fletch.b', 'kowalski', 'ann']) ids.push(await h.addUser({ username: name }));
  adminToken = await h.tokenFor('lister');
  for (const [i, userId] of ids.entries()) {
    const body = { ...validPolicy, userId, holderName: i % 2 ? 'Amy Fletcher' : 'Ben Kowalski' };
    expect((await h.request('POST', '/api/admin/policies', { token: adminToken, body })).status).toBe(201);
  }
  for (const [i, firstName] of ['Amelia', 'Fletcher', 'Bo'].entries()) {
    const body = { ...validQuote, firstName, email: `q${i}@example.test` };
    expect((await h.request('POST', '/api/quotes', { body, headers: { 'x-forwarded-for': `198.51.100.${i}` } })).status).toBe(201);
    const callback = { name: `${firstName} Caller`, email: `c${i}@example.test`, phone: '07700 900123', reasonForContact: 'other' };
    expect((await h.request('POST', '/api/callbacks', { body: callback, headers: { 'x-forwarded-for': `198.51.100.${i}` } })).status).toBe(201);
  }
});
afterAll(async () => {
  await h?.close();
});

type Query = { limit?: number; offset?: number; search?: string };
const trpcLists = {
  users: (q: Query) => h.trpc(adminToken).admin.users.list(q),
  policies: (q: Query) => h.trpc(adminToken).admin.policies.list(q),
  logs: (q: Query) => h.trpc(adminToken).admin.logs.list(q),
  quotes: (q: Query) => h.trpc(adminToken).admin.quotes.list(q),
  callbacks: (q: Query) => h.trpc(adminToken).admin.callbacks.list(q),
};

const queries: Query[] = [{}, { limit: 2 }, { limit: 2, offset: 1 }, { search: 'fl' }, { search: 'fletch' }, { search: 'FLETCH', limit: 1, offset: 1 }, { search: 'nothing-like-it' }];

describe.each(Object.keys(trpcLists) as (keyof typeof trpcLists)[])('GET /api/admin/%s', (list) => {
  it.each(queries)('answers the tRPC page, total in X-Total-Count: %o', async (q) => {
    const page = await trpcLists[list](q);
    const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
    const res = await h.request('GET', `/api/admin/${list}?${params}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe(String(page.total));
    // A searched list whose total may be a lower bound says which, at both doors (docs/api.md#lists).
    const bounded = 'totalIsLowerBound' in page;
    expect(bounded).toBe(list === 'users' || list === 'policies' || list === 'logs');
    expect(res.headers.get('x-total-is-lower-bound')).toBe(bounded ? String(page.totalIsLowerBound) : null);
    const body = await json(res);
    expect(body).toEqual(list === 'users' ? { users: page.items, total: page.total, totalIsLowerBound: false } : page.items);
    expect(page.items.length).toBeLessThanOrEqual(q.limit ?? 10);
  });
});

it('finds by a 1-2 character term (LIKE) and a 3+ character term (trigram index) alike, paged after the search', async () => {
  const short = await trpcLists.policies({ search: 'Fl', limit: 100 });
  const long = await trpcLists.policies({ search: 'fLetcher', limit: 100 });
  expect(long.total).toBe(3); // the two Amy Fletcher holders, and the policy of the user fletcher
  expect(long.items.map((p) => p.id)).toEqual([...long.items.map((p) => p.id)].sort((a, b) => b - a));
  expect(short.items.map((p) => p.id)).toEqual(expect.arrayContaining(long.items.map((p) => p.id)));
  const second = await trpcLists.policies({ search: 'fletcher', limit: 1, offset: 1 });
  expect(second).toEqual({ items: [long.items[1]], total: 3, totalIsLowerBound: false });
  const users = await trpcLists.users({ search: 'fletch' });
  expect(users.items.map((u) => u.username)).toEqual(['fletcher', 'fletch.b']);
  expect(users.total).toBe(2);
});
