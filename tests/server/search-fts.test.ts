// The admin search's trigram FTS5 indexes and the trigger-kept counters (drizzle/0002_search_fts.sql):
// kept in sync through inserts, updates and deletes; every listed field found; short terms on the LIKE path;
// FTS syntax in a term taken as literal text; counters equal to count(*).
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counters, policies, users } from '../../src-server/platform/db/schema/index';
import { optimizeSearchIndexes } from '../../src-server/platform/db/search-index';
import { createHarness, json, validPolicy, type Harness } from './harness';
import { addPolicy } from './answers';
import type { AdminStats as Stats, PolicyView as Policy, UserView as User } from '../../src-server/contract/views';

let h: Harness;
let adminToken: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'ftsadmin', isAdmin: true });
  adminToken = await h.tokenFor('ftsadmin');
});

afterAll(async () => {
  await h?.close();
});

async function get<T>(path: string): Promise<{ items: T; total: number }> {
  const res = await h.request('GET', path, { token: adminToken });
  expect(res.status, `GET ${path}: ${await res.clone().text()}`).toBe(200);
  return { items: await json<T>(res), total: Number(res.headers.get('x-total-count')) };
}

const searchPolicies = async (term: string) => get<Policy[]>(`/api/admin/policies?limit=100&search=${encodeURIComponent(term)}`);
async function searchUsers(term: string): Promise<{ items: User[]; total: number }> {
  const { items } = await get<{ users: User[]; total: number }>(`/api/admin/users?limit=100&search=${encodeURIComponent(term)}`);
  return { items: items.users, total: items.total };
}
const policyIds = async (term: string) => (await searchPolicies(term)).items.map((p) => p.id);

const createPolicy = (overrides: Record<string, unknown> = {}) => addPolicy(h, adminToken, overrides);

describe('policies_fts and users_fts stay in sync', () => {
  it('finds a new policy by each listed field (number, holder, driver, vehicle, registration, username)', async () => {
    const owner = await h.addUser({ username: 'Zebedee.Quill' });
    const p = await createPolicy({
      userId: owner,
      holderName: 'Marigold Vantablack',
      driverName: 'Octavius Fernsby',
      carModel: 'Skoda Yeticorn',
      registration: 'QZ71 XYV',
    });
    for (const term of [p.policyNumber.slice(3, 9), 'vantablack', 'FERNSBY', 'yeticorn', 'qz71 x', 'zebedee.q']) {
      const { items, total } = await searchPolicies(term);
      expect(items.map((i) => i.id), term).toEqual([p.id]);
      expect(total, term).toBe(1);
    }
  });

  it('follows updates of holder name and registration', async () => {
    const p = await createPolicy({ holderName: 'Perpetua Hollowmere', registration: 'HX09 KLM' });
    expect(await policyIds('hollowmere')).toEqual([p.id]);
    const res = await h.request('PUT', `/api/admin/policies/${p.id}`, {
      token: adminToken,
      body: { ...validPolicy, holderName: 'Perpetua Brightwater', registration: 'JW22 NOP' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await policyIds('hollowmere')).toEqual([]);
    expect(await policyIds('HX09')).toEqual([]);
    expect(await policyIds('brightwater')).toEqual([p.id]);
    expect(await policyIds('jw22 nop')).toEqual([p.id]);
    // A direct write (not through the service) is followed too: the triggers do the work.
    await h.database.db.update(policies).set({ holderName: 'Perpetua Stillwater' }).where(eq(policies.id, p.id));
    expect(await policyIds('brightwater')).toEqual([]);
    expect(await policyIds('stillwater')).toEqual([p.id]);
  });

  it("follows a user's username change into their policies, and their deletion (username becomes null)", async () => {
    const owner = await h.addUser({ username: 'Bartholomew.Kettle', email: 'bart@kettle.example' });
    const a = await createPolicy({ userId: owner, holderName: 'Someone Else' });
    const b = await createPolicy({ userId: owner, holderName: 'Someone Other' });
    expect(await policyIds('bartholomew')).toEqual([b.id, a.id]);
    expect((await searchUsers('bartholomew')).items.map((u) => u.id)).toEqual([owner]);

    await h.database.db.update(users).set({ username: 'Barnaby.Kettle', email: 'barnaby@kettle.example' }).where(eq(users.id, owner));
    expect(await policyIds('bartholomew')).toEqual([]);
    expect(await policyIds('barnaby')).toEqual([b.id, a.id]);
    expect((await searchUsers('bartholomew')).items).toEqual([]);
    expect((await searchUsers('barnaby@KETTLE')).items.map((u) => u.id)).toEqual([owner]);

    // Deleting an account that holds policies closes it (docs/product.md#closed-accounts): still found by its name.
    const res = await h.request('DELETE', `/api/admin/users/${owner}`, { token: adminToken });
    expect(await json(res)).toEqual({ success: true, closed: true });
    expect(await policyIds('barnaby')).toEqual([b.id, a.id]);
    // A row removed outright (by an operator) leaves its policies without a username in the index too.
    await h.database.db.delete(users).where(eq(users.id, owner));
    expect(await policyIds('barnaby')).toEqual([]);
    expect((await searchUsers('barnaby')).items).toEqual([]);
    // The policies themselves are kept and still found by their own fields.
    expect(await policyIds('someone')).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('forgets a deleted policy', async () => {
    const p = await createPolicy({ holderName: 'Ephemeral Wobblesworth', status: 'pending' });
    expect(await policyIds('wobblesworth')).toEqual([p.id]);
    const res = await h.request('DELETE', `/api/admin/policies/${p.id}`, { token: adminToken });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    expect(await searchPolicies('wobblesworth')).toEqual({ items: [], total: 0 });
  });

  it('pages FTS matches newest first with the total of all matches', async () => {
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await createPolicy({ holderName: `Pagination Plunkett ${i}` })).id);
    const first = await get<Policy[]>('/api/admin/policies?limit=2&offset=0&search=plunkett');
    const second = await get<Policy[]>('/api/admin/policies?limit=2&offset=2&search=plunkett');
    expect(first.items.map((p) => p.id)).toEqual([made[4], made[3]]);
    expect(second.items.map((p) => p.id)).toEqual([made[2], made[1]]);
    expect(first.total).toBe(5);
    expect(second.total).toBe(5);
  });

  it('answers the same after the indexes are merged (optimize), and keeps following changes', async () => {
    const before = await searchPolicies('plunkett');
    await optimizeSearchIndexes(h.database.client);
    expect(await searchPolicies('plunkett')).toEqual(before);
    const p = await createPolicy({ holderName: 'Pagination Plunkett 5' });
    expect((await searchPolicies('plunkett')).items[0]?.id).toBe(p.id);
    expect((await searchPolicies('plunkett')).total).toBe(before.total + 1);
  });
});

describe('short terms and FTS syntax', () => {
  it('keeps 1 and 2 character searches working (the LIKE path)', async () => {
    const p = await createPolicy({ holderName: 'Xq Shortname', registration: 'ZZ99 QQQ' });
    expect(await policyIds('xq')).toContain(p.id);
    expect(await policyIds('Xq')).toContain(p.id);
    expect((await searchUsers('ft')).items.map((u) => u.username)).toContain('ftsadmin');
  });

  it('takes quotes, *, OR, NEAR(, - and other FTS syntax as literal text, never as a query error', async () => {
    const odd = await createPolicy({ holderName: 'Quote "Mark" O\'Brien-Smith * OR NEAR( x' });
    const terms = ['"', '""', '"Mark"', 'k" O', '*', 'ith *', 'OR', ' OR ', 'NEAR(', 'NEAR(a b)', '-', 'n-S', 'a:b', '^ab', '(((', 'AND NOT', "O'Brien", '{x}'];
    for (const term of terms) {
      const pRes = await h.request('GET', `/api/admin/policies?search=${encodeURIComponent(term)}`, { token: adminToken });
      expect(pRes.status, `policies ${term}`).toBe(200);
      const uRes = await h.request('GET', `/api/admin/users?search=${encodeURIComponent(term)}`, { token: adminToken });
      expect(uRes.status, `users ${term}`).toBe(200);
    }
    for (const term of ['"Mark"', 'k" O', 'ith *', ' OR NEAR(', "O'Brien-Smith"]) {
      expect(await policyIds(term), term).toEqual([odd.id]);
    }
    // Operators are not operators: 'OR' between words does not widen the match.
    expect(await policyIds('Nonexistent OR Smith')).toEqual([]);
    expect(await policyIds('Smit*')).toEqual([]);
  });
});

describe('control characters in a search', () => {
  it('answer 400 with a clear message on every list, and leave later searches working', async () => {
    for (const list of ['users', 'policies', 'logs', 'quotes', 'callbacks']) {
      const res = await h.request('GET', `/api/admin/${list}?search=${encodeURIComponent('cu\u0000st')}`, { token: adminToken });
      expect(res.status, list).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('search must not contain control characters');
      const after = await h.request('GET', `/api/admin/${list}?search=cust`, { token: adminToken });
      expect(after.status, list).toBe(200);
    }
  });
});

describe('counters', () => {
  async function truth() {
    const [[u], [p], [a]] = await Promise.all([
      h.database.db.select({ n: count() }).from(users),
      h.database.db.select({ n: count() }).from(policies),
      h.database.db.select({ n: count() }).from(policies).where(eq(policies.status, 'active')),
    ]);
    return { users: u!.n, policies: p!.n, policies_active: a!.n };
  }
  /** The three counters this file is about (the per-product ones are tests/server/policy-product.test.ts's). */
  async function stored() {
    const rows = await h.database.db.select().from(counters);
    return Object.fromEntries(rows.filter((r) => ['users', 'policies', 'policies_active'].includes(r.name)).map((r) => [r.name, r.value]));
  }

  it('equal count(*) after a mix of inserts, status changes and deletes', async () => {
    const u1 = await h.addUser({ username: 'counter.one' });
    const u2 = await h.addUser({ username: 'counter.two' });
    const made: Policy[] = [];
    for (const status of ['active', 'pending', 'expired', 'active', 'active']) made.push(await createPolicy({ userId: u1, status }));
    expect(await stored()).toEqual(await truth());

    await h.database.db.update(policies).set({ status: 'expired' }).where(eq(policies.id, made[0]!.id));
    await h.database.db.update(policies).set({ status: 'active' }).where(eq(policies.id, made[1]!.id));
    await h.database.db.update(policies).set({ status: 'active' }).where(eq(policies.id, made[3]!.id)); // unchanged
    await h.database.db.update(policies).set({ status: 'pending' }).where(eq(policies.userId, u1));
    expect(await stored()).toEqual(await truth());

    await h.database.db.delete(policies).where(eq(policies.id, made[2]!.id));
    await h.database.db.update(policies).set({ status: 'active' }).where(eq(policies.id, made[4]!.id));
    await h.database.db.delete(users).where(eq(users.id, u2));
    await h.database.db.run(sql`DELETE FROM policies WHERE id = ${made[4]!.id}`);
    expect(await stored()).toEqual(await truth());

    const t = await truth();
    const statsRes = await h.request('GET', '/api/admin/stats', { token: adminToken });
    expect(await json<Stats>(statsRes)).toEqual({ totalUsers: t.users, totalPolicies: t.policies, activePolicies: t.policies_active, pendingClaims: 0 });
    expect((await get<Policy[]>('/api/admin/policies?limit=1')).total).toBe(t.policies);
    expect((await get<{ total: number }>('/api/admin/users?limit=1')).items.total).toBe(t.users);
  });
});
