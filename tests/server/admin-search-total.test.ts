// The policy and user searches' totals (docs/api.md#lists): exact up to ADMIN_SEARCH_EXACT_TOTAL matches, past it
// the bound with totalIsLowerBound (REST: X-Total-Is-Lower-Bound; the users route also in its body), as the audit
// log's are past LOG_SEARCH_EXACT_TOTAL; a 1-2 character term (a LIKE, run off the main thread) is bounded the same
// way. A product's name, and the unsearched list, keep their exact counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SEARCH_EXACT_TOTAL } from '../../src-server/contract/limits';
import type { PolicyView, UserView } from '../../src-server/contract/views';
import type { Caller } from '../../src-server/deps';
import { listPolicies } from '../../src-server/modules/policies/policies/service';
import { listUsers } from '../../src-server/modules/accounts/users/service';
import { createHarness, json, type Harness } from './harness';

let h: Harness;
let token: string;
const ADMIN: Caller = { id: 0, username: 'searcher', isAdmin: true, isOwner: false, jti: 'test', exp: 0 };
const BROAD = ADMIN_SEARCH_EXACT_TOTAL + 5;

/** `n` policies held by '<holder> 1'..'<holder> n' (ids in that order), written in one statement; the triggers keep the index and counters. */
async function bulkPolicies(n: number, holder: string, product = 'temporary'): Promise<void> {
  await h.database.client.execute({
    sql: `with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ?)
      insert into policies(policy_number, holder_name, car_model, driver_name, license_number, start_date, start_time, end_date, end_time,
        start_at, end_at, status, product, created_at, updated_at)
      select 'KC-' || ? || '-' || i, ? || ' ' || i, 'Tata Nano', 'Someone Else', 'LICENCE', '2026-07-01', '09:00', '2026-07-08', '09:00', 0, 1, 'active', ?, 0, 0 from seq`,
    args: [n, holder.slice(0, 4).toUpperCase(), holder, product],
  });
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'searcher', isAdmin: true });
  token = await h.tokenFor('searcher');
  await bulkPolicies(BROAD, 'Broadholder');
  await bulkPolicies(ADMIN_SEARCH_EXACT_TOTAL, 'Exactholder', 'learner');
  await h.database.client.execute({
    sql: `with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ?)
      insert into users(username, email, password_hash, created_at, updated_at) select 'crowd' || i, 'crowd' || i || '@sharedhost.example', 'x', 0, 0 from seq`,
    args: [BROAD],
  });
});
afterAll(() => h.close());

async function restPolicies(term: string, query = '') {
  const res = await h.request('GET', `/api/admin/policies?search=${encodeURIComponent(term)}${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return { items: await json<PolicyView[]>(res), total: res.headers.get('x-total-count'), lowerBound: res.headers.get('x-total-is-lower-bound') };
}

describe('at the real bound', () => {
  it('a policy search past it: the bound, flagged, at both doors; the page is the newest matches', async () => {
    const rest = await restPolicies('BROADholder', '&limit=3');
    expect([rest.total, rest.lowerBound]).toEqual([String(ADMIN_SEARCH_EXACT_TOTAL), 'true']);
    expect(rest.items.map((p) => p.holderName)).toEqual([0, 1, 2].map((i) => `Broadholder ${BROAD - i}`));
    const trpc = await h.trpc(token).admin.policies.list({ limit: 3, offset: 0, search: 'broadholder' });
    expect([trpc.total, trpc.totalIsLowerBound]).toEqual([ADMIN_SEARCH_EXACT_TOTAL, true]);
    expect(trpc.items).toEqual(rest.items);
  });

  it('exactly at the bound: exact, not flagged; a product and the unsearched list keep their exact counters', async () => {
    expect(await restPolicies('exactholder')).toMatchObject({ total: String(ADMIN_SEARCH_EXACT_TOTAL), lowerBound: 'false' });
    const learner = await restPolicies('Learner driver cover');
    expect([learner.total, learner.lowerBound]).toEqual([String(ADMIN_SEARCH_EXACT_TOTAL), 'false']);
    const all = await h.trpc(token).admin.policies.list({ limit: 1, offset: 0, search: '' });
    expect([all.total, all.totalIsLowerBound]).toEqual([BROAD + ADMIN_SEARCH_EXACT_TOTAL, false]);
  });

  it('a user search past it: the bound, flagged, in the REST body and header and over tRPC', async () => {
    const res = await h.request('GET', '/api/admin/users?search=sharedhost&limit=2', { token });
    const body = await json<{ users: UserView[]; total: number; totalIsLowerBound: boolean }>(res);
    expect([body.total, body.totalIsLowerBound, res.headers.get('x-total-is-lower-bound')]).toEqual([ADMIN_SEARCH_EXACT_TOTAL, true, 'true']);
    expect(body.users.map((u) => u.username)).toEqual(['crowd1', 'crowd2']);
    const trpc = await h.trpc(token).admin.users.list({ limit: 2, offset: 0, search: 'SHAREDHOST' });
    expect([trpc.total, trpc.totalIsLowerBound]).toEqual([ADMIN_SEARCH_EXACT_TOTAL, true]);
  });
});

describe('the bound, made small (the services take it)', () => {
  const policies = (term: string, offset = 0, limit = 10, upTo = 20) => listPolicies(h.deps, ADMIN, { limit, offset, search: term }, upTo);

  it('exact up to the bound; past it the bound, or the end of a page further on, flagged while a match lies past the page', async () => {
    // BROAD is 1,005: 'Broadholder 100' is in 100 and 1000 to 1005, 7 matches.
    expect(BROAD).toBe(1005);
    expect(await policies('Broadholder 100', 0, 3, 7)).toMatchObject({ total: 7, totalIsLowerBound: false });
    expect(await policies('Broadholder 100', 0, 3, 6)).toMatchObject({ total: 6, totalIsLowerBound: true });
    const deep = await policies('broadholder', 50, 10);
    expect([deep.total, deep.totalIsLowerBound, deep.items[0]!.holderName]).toEqual([60, true, `Broadholder ${BROAD - 50}`]);
    const last = await policies('broadholder', BROAD - 5, 10);
    expect([last.total, last.totalIsLowerBound, last.items.length]).toEqual([BROAD, false, 5]);
    expect(await listUsers(h.deps, ADMIN, { limit: 5, offset: 0, search: 'crowd1' }, 20)).toMatchObject({ total: 20, totalIsLowerBound: true });
  });

  it('a 1-2 character term (a LIKE off the main thread) is bounded the same way, in the list’s order', async () => {
    // 'ex' is in every 'Exactholder' and in no other policy's searched text.
    const page = await policies('eX', 0, 3, 20);
    expect([page.total, page.totalIsLowerBound]).toEqual([20, true]);
    expect(page.items.map((p) => p.holderName)).toEqual([0, 1, 2].map((i) => `Exactholder ${ADMIN_SEARCH_EXACT_TOTAL - i}`));
    const exact = await policies('ex', 0, 3, ADMIN_SEARCH_EXACT_TOTAL);
    expect([exact.total, exact.totalIsLowerBound]).toEqual([ADMIN_SEARCH_EXACT_TOTAL, false]);
    expect(await policies('qz', 0, 3, 20)).toEqual({ items: [], total: 0, totalIsLowerBound: false });
    const users = await listUsers(h.deps, ADMIN, { limit: 2, offset: 1, search: 'wd' }, 20);
    expect([users.total, users.totalIsLowerBound, users.items.map((u) => u.username)]).toEqual([20, true, ['crowd2', 'crowd3']]);
  });
});
