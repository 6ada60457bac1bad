// The admin policies REST API, the impersonated read, stats, the expiry sweep and the logs list
// (docs/api.md#admin-statistics-users-and-policies; docs/product.md#time, #policies-and-certificates, #admin-console).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src-server/contract/messages';
import { auditLogs, policies, users } from '../../src-server/platform/db/schema/index';
import { sweepExpiredPolicies } from '../../src-server/modules/policies/policies/service';
import { runMaintenance } from '../../src-server/maintenance';
import { cancelReason, createHarness, json, T0, validPolicy, type ErrorBody, type Harness } from './harness';
import { addPolicy, expectJson } from './answers';
import type { AdminStats as Stats, LogEntryView as LogEntry, PolicyView as Policy } from '../../src-server/contract/views';


const POLICY_NUMBER = /^KC-[0-9A-HJKMNP-TV-Z]{10}$/;
const STATUSES = ['active', 'expired', 'pending'] as const;
const REQUIRED = ['holderName', 'carModel', 'driverName', 'licenseNumber', 'startDate', 'startTime', 'endDate', 'endTime'] as const;

let h: Harness;
let adminToken: string;
let customerToken: string;
let cathyId: number;
let daveId: number;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'pat', isAdmin: true });
  cathyId = await h.addUser({ username: 'cathy' });
  daveId = await h.addUser({ username: 'dave' });
  adminToken = await h.tokenFor('pat');
  customerToken = await h.tokenFor('cathy');
});

afterAll(async () => {
  await h?.close();
});

// ---- helpers --------------------------------------------------------------------------------------

async function policyCount(): Promise<number> {
  const [r] = await h.database.db.select({ n: count() }).from(policies);
  return r!.n;
}

async function policyRow(id: number) {
  const [r] = await h.database.db.select().from(policies).where(eq(policies.id, id));
  return r;
}

const create = (overrides: Record<string, unknown> = {}, token = adminToken) => addPolicy<Policy>(h, token, overrides);

async function list(query: string): Promise<{ res: Response; items: Policy[] }> {
  const res = await h.request('GET', `/api/admin/policies${query}`, { token: adminToken });
  expect(res.status, `GET /api/admin/policies${query}`).toBe(200);
  return { res, items: await json<Policy[]>(res) };
}

async function logs(query: string): Promise<{ res: Response; items: LogEntry[] }> {
  const res = await h.request('GET', `/api/admin/logs${query}`, { token: adminToken });
  expect(res.status, `GET /api/admin/logs${query}`).toBe(200);
  return { res, items: await json<LogEntry[]>(res) };
}

async function logsMatching(search: string): Promise<LogEntry[]> {
  return (await logs(`?limit=100&search=${encodeURIComponent(search)}`)).items;
}

async function stats(): Promise<Stats> {
  return expectJson<Stats>(h.request('GET', '/api/admin/stats', { token: adminToken }), 200);
}

async function expect400(body: Record<string, unknown>, field: string): Promise<ErrorBody> {
  const before = await policyCount();
  const res = await h.request('POST', '/api/admin/policies', { token: adminToken, body });
  expect(res.status, `${field}: ${await res.clone().text()}`).toBe(400);
  const e = await json<ErrorBody>(res);
  expect(e.error).toBe(messages.invalidInput);
  expect(e.details?.fieldErrors?.[field]?.length ?? 0, JSON.stringify(e)).toBeGreaterThan(0);
  expect(await policyCount()).toBe(before);
  return e;
}

// ---- access ----------------------------------------------------------------------------------------

describe('access', () => {
  it.each([
    ['GET', '/api/admin/policies'],
    ['POST', '/api/admin/policies'],
    ['PUT', '/api/admin/policies/1'],
    ['DELETE', '/api/admin/policies/1'],
    ['GET', '/api/admin/users/1/policies'],
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/logs'],
    ['POST', '/api/admin/logs'],
  ])('%s %s: 401 without a token, 403 for a customer', async (method, path) => {
    const before = await policyCount();
    const body = method === 'POST' && path.endsWith('logs') ? { action: 'sneaky' } : method === 'GET' || method === 'DELETE' ? undefined : validPolicy;
    expect((await h.request(method, path, { body })).status).toBe(401);
    expect((await expectJson<ErrorBody>(h.request(method, path, { token: customerToken, body }), 403)).error).toBe(messages.forbidden);
    expect(await policyCount()).toBe(before);
  });
});

// ---- POST -----------------------------------------------------------------------------------------

describe('POST /api/admin/policies', () => {
  it('creates a policy: 201, server-made number, 12-hour times stored as 24-hour, registration upper-cased, active by default', async () => {
    const before = await policyCount();
    const { status: _omit, ...noStatus } = validPolicy;
    const res = await h.request('POST', '/api/admin/policies', {
      token: adminToken,
      body: { ...noStatus, startTime: '09:00 AM', endTime: '11:59 PM', registration: 'ab12  cde', policyNumber: 'KC-CHOSENBYME', id: 4242 },
    });
    expect(res.status).toBe(201);
    const p = await json<Policy>(res);
    expect(p.policyNumber).toMatch(POLICY_NUMBER);
    expect(p.policyNumber).not.toBe('KC-CHOSENBYME');
    expect(p.id).not.toBe(4242);
    expect(p).toMatchObject({
      userId: null,
      username: null,
      holderName: validPolicy.holderName,
      carModel: validPolicy.carModel,
      driverName: validPolicy.driverName,
      licenseNumber: validPolicy.licenseNumber,
      registration: 'AB12 CDE',
      startDate: '2026-07-01',
      startTime: '09:00',
      endDate: '2026-07-08',
      endTime: '23:59',
      status: 'active',
    });
    expect(await policyCount()).toBe(before + 1);
    const stored = (await policyRow(p.id))!;
    expect(stored).toMatchObject({ policyNumber: p.policyNumber, startTime: '09:00', endTime: '23:59', registration: 'AB12 CDE', status: 'active', userId: null });
    // 09:00 and 23:59 UK summer time (BST) are 08:00 and 22:59 UTC.
    expect(stored.startAt).toBe(Date.UTC(2026, 6, 1, 8, 0));
    expect(stored.endAt).toBe(Date.UTC(2026, 6, 8, 22, 59));

    const entries = await logsMatching(`Created new policy: ${p.policyNumber}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ username: 'pat', level: 'info' });
  });

  it.each([
    ['12:00 AM', '00:00'],
    ['12:30 PM', '12:30'],
    ['1:05 pm', '13:05'],
    ['07:45', '07:45'],
  ])('reads start time %s as %s', async (input, stored) => {
    const p = await create({ startTime: input });
    expect(p.startTime).toBe(stored);
    expect((await policyRow(p.id))!.startTime).toBe(stored);
  });

  it('takes an optional userId: "", null and missing mean no user; a user id joins the username', async () => {
    const blank = await create({ userId: '' });
    expect(blank).toMatchObject({ userId: null, username: null });
    const nul = await create({ userId: null });
    expect(nul).toMatchObject({ userId: null, username: null });
    const missing = await create();
    expect(missing).toMatchObject({ userId: null, username: null });
    const numeric = await create({ userId: cathyId });
    expect(numeric).toMatchObject({ userId: cathyId, username: 'cathy' });
    const text = await create({ userId: String(daveId) });
    expect(text).toMatchObject({ userId: daveId, username: 'dave' });
    expect((await policyRow(text.id))!.userId).toBe(daveId);
  });

  it.each([[999999], ['999999']])('refuses an unknown userId (%o) with 400 naming userId, writing nothing', async (userId) => {
    await expect400({ ...validPolicy, userId }, 'userId');
  });

  it.each([[0], [-1], ['abc'], [1.5]])('refuses a malformed userId (%o) with 400', async (userId) => {
    await expect400({ ...validPolicy, userId }, 'userId');
  });

  it.each(REQUIRED.map((f) => [f]))('refuses a missing %s with 400 naming it, writing nothing', async (field) => {
    const body: Record<string, unknown> = { ...validPolicy };
    delete body[field];
    await expect400(body, field);
  });

  it.each(REQUIRED.map((f) => [f]))('refuses a blank %s with 400 naming it', async (field) => {
    await expect400({ ...validPolicy, [field]: '   ' }, field);
  });

  it.each([
    ['startDate', '2026-02-30'],
    ['endDate', '2026-02-30'],
    ['startDate', '2026-13-01'],
    ['endDate', '2027-02-29'],
  ])('refuses an impossible %s %s with 400', async (field, value) => {
    await expect400({ ...validPolicy, [field]: value, ...(field === 'endDate' ? {} : { endDate: '2026-12-31' }) }, field);
  });

  it.each([
    ['startDate', 'tomorrow'],
    ['startDate', '2026-7-1'],
    ['endDate', '01/08/2026'],
  ])('refuses a malformed %s %s with 400 (never a 500)', async (field, value) => {
    await expect400({ ...validPolicy, [field]: value }, field);
  });

  it.each([
    ['startTime', '25:00'],
    ['endTime', '13:00 PM'],
    ['startTime', 'nine'],
  ])('refuses an impossible %s %s with 400', async (field, value) => {
    await expect400({ ...validPolicy, [field]: value }, field);
  });

  it('refuses an end before (or equal to) the start with 400', async () => {
    const e = await expect400({ ...validPolicy, startDate: '2026-07-10', endDate: '2026-07-09' }, 'endDate');
    expect(e.details?.fieldErrors?.endDate).toContain(messages.endBeforeStart);
    await expect400({ ...validPolicy, startDate: '2026-07-10', startTime: '10:00', endDate: '2026-07-10', endTime: '09:59' }, 'endDate');
    await expect400({ ...validPolicy, startDate: '2026-07-10', startTime: '10:00', endDate: '2026-07-10', endTime: '10:00 AM' }, 'endDate');
  });

  it('refuses an unknown status and a bad registration with 400', async () => {
    await expect400({ ...validPolicy, status: 'lapsed' }, 'status');
    await expect400({ ...validPolicy, registration: 'AB12-CDE!' }, 'registration');
    await expect400({ ...validPolicy, registration: 'ABCDEFGHIJK' }, 'registration');
  });

  it('answers 400 for a body that is not JSON, writing nothing', async () => {
    const before = await policyCount();
    const res = await h.request('POST', '/api/admin/policies', { token: adminToken, rawBody: '{"holderName": ' });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error).toBe(messages.malformedJson);
    expect(await policyCount()).toBe(before);
  });

  it('gives 50 policies 50 distinct numbers', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 50; i++) numbers.push((await create({ holderName: `Bulk Holder ${i}` })).policyNumber);
    for (const n of numbers) expect(n).toMatch(POLICY_NUMBER);
    expect(new Set(numbers).size).toBe(50);
    // Not sequential: the numbers do not come out sorted.
    expect([...numbers].sort()).not.toEqual(numbers);
  });
});

// ---- PUT ------------------------------------------------------------------------------------------

describe('PUT /api/admin/policies/{id}', () => {
  it('updates every field, keeps the number, and logs it', async () => {
    const p = await create({ userId: cathyId });
    const next = {
      userId: daveId,
      holderName: 'Bea Jones',
      carModel: 'Vauxhall Corsa 1.2',
      driverName: 'Bea Jones',
      licenseNumber: 'JONES802026B99BB',
      registration: 'xy70 zzz',
      startDate: '2026-08-01',
      startTime: '10:15 AM',
      endDate: '2026-08-15',
      endTime: '06:30 PM',
      status: 'pending',
      product: 'learner',
      premium: '£1,234.5',
    };
    const u = await expectJson<Policy>(h.request('PUT', `/api/admin/policies/${p.id}`, { token: adminToken, body: next }), 200);
    const expected = {
      id: p.id,
      policyNumber: p.policyNumber,
      userId: daveId,
      username: 'dave',
      holderName: 'Bea Jones',
      carModel: 'Vauxhall Corsa 1.2',
      driverName: 'Bea Jones',
      licenseNumber: 'JONES802026B99BB',
      registration: 'XY70 ZZZ',
      startDate: '2026-08-01',
      startTime: '10:15',
      endDate: '2026-08-15',
      endTime: '18:30',
      status: 'pending',
      product: 'learner',
      premium: 1234.5,
    };
    expect(u).toEqual(expected);
    const { items } = await list(`?search=${p.policyNumber}`);
    expect(items).toEqual([expected]);
    const row = (await policyRow(p.id))!;
    expect(row.startAt).toBe(Date.UTC(2026, 7, 1, 9, 15));
    expect(row.endAt).toBe(Date.UTC(2026, 7, 15, 17, 30));
    const entries = await logsMatching(`Updated policy: ${p.policyNumber}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.username).toBe('pat');

    // Unassigning the user and dropping the registration.
    expect(await expectJson(h.request('PUT', `/api/admin/policies/${p.id}`, { token: adminToken, body: { ...next, userId: '', registration: '' } }), 200)).toMatchObject({ userId: null, username: null, registration: null });
  });

  it('answers 404 for a missing id and 400 for a bad one or a bad body, changing nothing', async () => {
    expect((await expectJson<ErrorBody>(h.request('PUT', '/api/admin/policies/999999', { token: adminToken, body: validPolicy }), 404)).error).toBe(messages.policyNotFound);
    expect((await h.request('PUT', '/api/admin/policies/abc', { token: adminToken, body: validPolicy })).status).toBe(400);

    const p = await create();
    const before = await policyRow(p.id);
    expect((await h.request('PUT', `/api/admin/policies/${p.id}`, { token: adminToken, body: { ...validPolicy, holderName: '', userId: 999999 } })).status).toBe(400);
    expect((await expectJson<ErrorBody>(h.request('PUT', `/api/admin/policies/${p.id}`, { token: adminToken, body: { ...validPolicy, holderName: 'Changed', userId: 999999 } }), 400)).details?.fieldErrors?.userId?.length).toBeGreaterThan(0);
    expect(await policyRow(p.id)).toEqual(before);
  });

  it.each([
    ['startDate', '   '],
    ['endTime', ''],
    ['endDate', 'next week'],
  ])('refuses a bad %s (%o) on update with 400 naming it (never a 500), changing nothing', async (field, value) => {
    const p = await create();
    const before = await policyRow(p.id);
    expect((await expectJson<ErrorBody>(h.request('PUT', `/api/admin/policies/${p.id}`, { token: adminToken, body: { ...validPolicy, holderName: 'Changed', [field]: value } }), 400)).details?.fieldErrors?.[field]?.length).toBeGreaterThan(0);
    expect(await policyRow(p.id)).toEqual(before);
  });

  it.each(STATUSES.flatMap((from) => STATUSES.filter((to) => to !== from).map((to) => [from, to])))(
    'moves status from %s to %s',
    async (from, to) => {
      const p = await create({ status: from });
      expect(p.status).toBe(from);
      expect((await expectJson<Policy>(h.request('PUT', `/api/admin/policies/${p.id}`, { token: adminToken, body: { ...validPolicy, status: to } }), 200)).status).toBe(to);
      expect((await policyRow(p.id))!.status).toBe(to);
    },
  );
});

// ---- DELETE ---------------------------------------------------------------------------------------

describe('DELETE /api/admin/policies/{id}', () => {
  it('deletes a policy that never was in force (200), then answers 404; logs the number', async () => {
    const p = await create({ status: 'pending' });
    const before = await policyCount();
    expect(await expectJson(h.request('DELETE', `/api/admin/policies/${p.id}`, { token: adminToken }), 200)).toEqual({ success: true });
    expect(await policyRow(p.id)).toBeUndefined();
    expect(await policyCount()).toBe(before - 1);
    expect((await expectJson<ErrorBody>(h.request('DELETE', `/api/admin/policies/${p.id}`, { token: adminToken }), 404)).error).toBe(messages.policyNotFound);
    expect((await list(`?search=${p.policyNumber}`)).items).toEqual([]);
    const entries = await logsMatching(`Deleted policy: ${p.policyNumber}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.username).toBe('pat');
    expect((await h.request('DELETE', '/api/admin/policies/abc', { token: adminToken })).status).toBe(400);
  });
});

// ---- GET list -------------------------------------------------------------------------------------

describe('GET /api/admin/policies', () => {
  it('answers an array with X-Total-Count, newest first, 10 per page by default', async () => {
    const total = await policyCount();
    expect(total).toBeGreaterThan(20);
    const { res, items } = await list('');
    expect(Array.isArray(items)).toBe(true);
    expect(res.headers.get('X-Total-Count')).toBe(String(total));
    expect(items).toHaveLength(10);
    for (const p of items) expect(STATUSES).toContain(p.status);

    const a = await create({ holderName: 'Newest Minus One' });
    h.clock.advance(1000);
    const b = await create({ holderName: 'Newest Of All' });
    const first = await list('?limit=2');
    expect(first.items.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(first.res.headers.get('X-Total-Count')).toBe(String(total + 2));

    const page2 = await list('?offset=10');
    expect(page2.items).toHaveLength(10);
    const page1 = await list('');
    const all = await list('?limit=100');
    expect(page1.items.map((p) => p.id)).toEqual(all.items.slice(0, 10).map((p) => p.id));
    expect(page2.items.map((p) => p.id)).toEqual(all.items.slice(10, 20).map((p) => p.id));
    const ids = all.items.map((p) => p.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
  });

  it.each([['limit=0'], ['limit=101'], ['limit=abc'], ['offset=-1']])('refuses %s with 400', async (q) => {
    expect((await h.request('GET', `/api/admin/policies?${q}`, { token: adminToken })).status).toBe(400);
  });

  it('joins the username, and sends null where there is no user', async () => {
    const mine = await create({ userId: cathyId, holderName: 'Joined Holder' });
    const none = await create({ holderName: 'Unjoined Holder' });
    const { items } = await list('?search=joined holder');
    const byId = new Map(items.map((p) => [p.id, p]));
    expect(byId.get(mine.id)).toMatchObject({ userId: cathyId, username: 'cathy' });
    expect(byId.get(none.id)).toMatchObject({ userId: null, username: null });
  });

  it('searches number, holder, driver, vehicle, registration and username, case-insensitively', async () => {
    const searchUser = await h.addUser({ username: 'Searchable.Sam' });
    const target = await create({
      userId: searchUser,
      holderName: 'Zebedee Quorn',
      driverName: 'Ignatius Fothergill',
      carModel: 'Xylophone Roadster',
      registration: 'QZ99 WXY',
    });
    const decoy = await create({ holderName: 'Decoy Person', driverName: 'Decoy Person', carModel: 'Plain Car', registration: 'AA11 AAA' });

    for (const term of [
      target.policyNumber.toLowerCase(),
      target.policyNumber.slice(3, 9),
      'zebedee',
      'QUORN',
      'fothergill',
      'IgNaTiUs',
      'xylophone road',
      'qz99',
      'z99 wx',
      'searchable.sam',
      'SEARCHABLE',
    ]) {
      const { res, items } = await list(`?search=${encodeURIComponent(term)}`);
      expect(items.map((p) => p.id), term).toEqual([target.id]);
      expect(res.headers.get('X-Total-Count'), term).toBe('1');
    }
    const none = await list('?search=nothing-matches-this');
    expect(none.items).toEqual([]);
    expect(none.res.headers.get('X-Total-Count')).toBe('0');
    // The search narrows the total too.
    const decoys = await list('?search=decoy');
    expect(decoys.items.map((p) => p.id)).toEqual([decoy.id]);
  });

  it('takes % and _ in the search literally', async () => {
    const { items } = await list(`?search=${encodeURIComponent('%')}`);
    expect(items).toEqual([]);
    const underscore = await list(`?search=${encodeURIComponent('_')}`);
    expect(underscore.items).toEqual([]);
  });
});

// ---- impersonated read ----------------------------------------------------------------------------

describe('GET /api/admin/users/{id}/policies', () => {
  it("answers that user's policies only, and logs the read", async () => {
    const ivyId = await h.addUser({ username: 'ivy' });
    const p1 = await create({ userId: ivyId, startDate: '2026-07-02' });
    const p2 = await create({ userId: ivyId, startDate: '2026-07-03' });
    await create({ userId: cathyId });
    await create();

    const items = await expectJson<Policy[]>(h.request('GET', `/api/admin/users/${ivyId}/policies`, { token: adminToken }), 200);
    expect(items.map((p) => p.id).sort()).toEqual([p1.id, p2.id].sort());
    for (const p of items) expect(p).toMatchObject({ userId: ivyId, username: 'ivy' });

    const entries = await logsMatching(`user #${ivyId}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toContain(`#${ivyId}`);
    expect(entries[0]!.username).toBe('pat');

    const empty = await h.addUser({ username: 'nopolicies' });
    expect(await expectJson(h.request('GET', `/api/admin/users/${empty}/policies`, { token: adminToken }), 200)).toEqual([]);
  });

  it('answers 404 for a missing user and 400 for a bad id', async () => {
    const logsBefore = (await h.database.db.select({ n: count() }).from(auditLogs))[0]!.n;
    expect((await expectJson<ErrorBody>(h.request('GET', '/api/admin/users/999999/policies', { token: adminToken }), 404)).error).toBe(messages.userNotFound);
    expect((await h.request('GET', '/api/admin/users/abc/policies', { token: adminToken })).status).toBe(400);
    expect((await h.database.db.select({ n: count() }).from(auditLogs))[0]!.n).toBe(logsBefore);
  });
});

// ---- stats ----------------------------------------------------------------------------------------

describe('GET /api/admin/stats', () => {
  it('counts users, policies and active policies (pendingClaims 0: no claims here), following the data', async () => {
    const s0 = await stats();
    expect(Object.keys(s0).sort()).toEqual(['activePolicies', 'pendingClaims', 'totalPolicies', 'totalUsers']);
    const [u] = await h.database.db.select({ n: count() }).from(users);
    const [p] = await h.database.db.select({ n: count() }).from(policies);
    const [a] = await h.database.db.select({ n: count() }).from(policies).where(eq(policies.status, 'active'));
    expect(s0).toEqual({ totalUsers: u!.n, totalPolicies: p!.n, activePolicies: a!.n, pendingClaims: 0 });
    expect(s0.activePolicies).toBeLessThan(s0.totalPolicies);

    await h.addUser({ username: 'statsuser' });
    const active = await create({ status: 'active' });
    const pending = await create({ status: 'pending' });
    expect(await stats()).toEqual({
      totalUsers: s0.totalUsers + 1,
      totalPolicies: s0.totalPolicies + 2,
      activePolicies: s0.activePolicies + 1,
      pendingClaims: 0,
    });

    await h.request('PUT', `/api/admin/policies/${pending.id}`, { token: adminToken, body: { ...validPolicy, status: 'active' } });
    expect((await stats()).activePolicies).toBe(s0.activePolicies + 2);
    await h.request('PUT', `/api/admin/policies/${active.id}`, { token: adminToken, body: { ...validPolicy, status: 'expired' } });
    expect((await stats()).activePolicies).toBe(s0.activePolicies + 1);
    // Once active it is kept (docs/product.md#policies); a policy never in force goes from the count when deleted.
    expect((await h.request('DELETE', `/api/admin/policies/${pending.id}`, { token: adminToken })).status).toBe(409);
    const draft = await create({ status: 'pending' });
    expect((await stats()).totalPolicies).toBe(s0.totalPolicies + 3);
    expect((await h.request('DELETE', `/api/admin/policies/${draft.id}`, { token: adminToken })).status).toBe(200);
    expect(await stats()).toEqual({
      totalUsers: s0.totalUsers + 1,
      totalPolicies: s0.totalPolicies + 2,
      activePolicies: s0.activePolicies + 1,
      pendingClaims: 0,
    });
  });
});

// ---- expiry sweep ---------------------------------------------------------------------------------

describe('the expiry sweep (UK local time)', () => {
  it('expires active policies whose UK end has passed, logs each, and leaves the rest', async () => {
    h.clock.set(T0); // 2026-07-01 12:00 UTC = 13:00 BST
    const base = { startDate: '2026-07-01', startTime: '09:00', endDate: '2026-07-01' };
    const ended = await create({ ...base, endTime: '12:59' }); // 11:59 UTC: over
    const endsNow = await create({ ...base, endTime: '13:00' }); // 12:00 UTC: at "now", over
    const running = await create({ ...base, endTime: '13:30' }); // 12:30 UTC: still running
    const pendingPast = await create({ ...base, endTime: '10:00', status: 'pending' });
    const expiredAlready = await create({ ...base, endTime: '10:00', status: 'expired' });
    const statsBefore = await stats();

    const result = await runMaintenance(h.deps);
    expect(result.expired).toBe(2);

    expect((await policyRow(ended.id))!.status).toBe('expired');
    expect((await policyRow(endsNow.id))!.status).toBe('expired');
    expect((await policyRow(running.id))!.status).toBe('active');
    expect((await policyRow(pendingPast.id))!.status).toBe('pending');
    expect((await policyRow(expiredAlready.id))!.status).toBe('expired');
    expect((await stats()).activePolicies).toBe(statsBefore.activePolicies - result.expired);

    for (const p of [ended, endsNow]) {
      const entries = await logsMatching(`Policy expired: ${p.policyNumber}`);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ username: 'system', timestamp: new Date(T0).toISOString() });
    }
    for (const p of [running, pendingPast, expiredAlready]) {
      expect(await logsMatching(`Policy expired: ${p.policyNumber}`)).toEqual([]);
    }

    // A second run changes nothing.
    expect(await sweepExpiredPolicies(h.deps)).toBe(0);
    expect(await logsMatching(`Policy expired: ${ended.policyNumber}`)).toHaveLength(1);

    // Half an hour later the running one has ended too.
    h.clock.set(T0 + 30 * 60_000);
    expect(await sweepExpiredPolicies(h.deps)).toBe(1);
    expect((await policyRow(running.id))!.status).toBe('expired');
    expect(await logsMatching(`Policy expired: ${running.policyNumber}`)).toHaveLength(1);
    expect((await policyRow(pendingPast.id))!.status).toBe('pending');
    h.clock.set(T0);
  });

  it('uses GMT in winter: an end at 12:30 UK time is still running at 12:00 UTC', async () => {
    const winter = await createHarness(Date.UTC(2026, 0, 15, 12, 0));
    try {
      await winter.addUser({ username: 'winteradmin', isAdmin: true });
      const token = await winter.tokenFor('winteradmin');
      const make = async (endTime: string) => {
        const res = await winter.request('POST', '/api/admin/policies', {
          token,
          body: { ...validPolicy, startDate: '2026-01-15', startTime: '09:00', endDate: '2026-01-15', endTime },
        });
        expect(res.status).toBe(201);
        return json<Policy>(res);
      };
      const later = await make('12:30'); // 12:30 UTC in winter: still running
      const earlier = await make('11:59'); // 11:59 UTC: over
      expect(await sweepExpiredPolicies(winter.deps)).toBe(1);
      const statusOf = async (id: number) => (await winter.database.db.select().from(policies).where(eq(policies.id, id)))[0]!.status;
      expect(await statusOf(later.id)).toBe('active');
      expect(await statusOf(earlier.id)).toBe('expired');
    } finally {
      await winter.close();
    }
  });
});

// ---- logs -----------------------------------------------------------------------------------------

describe('/api/admin/logs', () => {
  it('lists entries newest first with X-Total-Count', async () => {
    const [total] = await h.database.db.select({ n: count() }).from(auditLogs);
    const { res, items } = await logs('');
    expect(res.headers.get('X-Total-Count')).toBe(String(total!.n));
    expect(items).toHaveLength(10);
    for (const e of items) expect(Object.keys(e).sort()).toEqual(['action', 'count', 'id', 'lastTimestamp', 'level', 'timestamp', 'username']);

    const posted: LogEntry[] = [];
    for (const action of ['order check one', 'order check two', 'order check three']) {
      h.clock.advance(1000);
      posted.push(await expectJson<LogEntry>(h.request('POST', '/api/admin/logs', { token: adminToken, body: { action } }), 201));
    }
    const latest = await logs('?limit=3');
    expect(latest.items.map((e) => e.action)).toEqual(['order check three', 'order check two', 'order check one']);
    expect(latest.items.map((e) => e.timestamp)).toEqual(posted.map((e) => e.timestamp).reverse());
    expect(latest.res.headers.get('X-Total-Count')).toBe(String(total!.n + 3));

    const second = await logs('?limit=2&offset=1');
    expect(second.items.map((e) => e.action)).toEqual(['order check two', 'order check one']);
    h.clock.set(T0);
  });

  it.each([['limit=0'], ['limit=101'], ['limit=abc'], ['offset=-1']])('refuses %s with 400', async (q) => {
    expect((await h.request('GET', `/api/admin/logs?${q}`, { token: adminToken })).status).toBe(400);
  });

  it('searches action, username and level, case-insensitively', async () => {
    const loggerId = await h.addUser({ username: 'LogKeeper', isAdmin: true });
    expect(loggerId).toBeGreaterThan(0);
    const keeperToken = await h.tokenFor('LogKeeper');
    expect((await h.request('POST', '/api/admin/logs', { token: keeperToken, body: { action: 'Quixotic marker entry', level: 'warning' } })).status).toBe(201);
    expect((await h.request('POST', '/api/admin/logs', { token: adminToken, body: { action: 'Plain marker entry', level: 'info' } })).status).toBe(201);

    const byAction = await logs('?search=QUIXOTIC');
    expect(byAction.items.map((e) => e.action)).toEqual(['Quixotic marker entry']);
    expect(byAction.res.headers.get('X-Total-Count')).toBe('1');

    const byUser = await logs('?search=logkeeper&limit=100');
    expect(byUser.items.map((e) => e.action)).toContain('Quixotic marker entry');
    expect(byUser.items.map((e) => e.action)).not.toContain('Plain marker entry');
    for (const e of byUser.items) expect(`${e.action} ${e.username} ${e.level}`.toLowerCase()).toContain('logkeeper');

    const byLevel = await logs('?search=WARNING&limit=100');
    expect(byLevel.items.map((e) => e.action)).toContain('Quixotic marker entry');
    expect(byLevel.items.map((e) => e.action)).not.toContain('Plain marker entry');
    for (const e of byLevel.items) expect(`${e.action} ${e.username} ${e.level}`.toLowerCase()).toContain('warning');
  });

  it('POST writes info or warning entries (default info) under the caller’s name', async () => {
    h.clock.set(T0 + 5000);
    const entryA = await expectJson<LogEntry>(h.request('POST', '/api/admin/logs', { token: adminToken, body: { action: 'Generated system report' } }), 201);
    expect(entryA).toMatchObject({ action: 'Generated system report', level: 'info', username: 'pat', timestamp: new Date(T0 + 5000).toISOString() });

    expect(await expectJson(h.request('POST', '/api/admin/logs', { token: adminToken, body: { action: 'Client warning entry', level: 'warning' } }), 201)).toMatchObject({ level: 'warning', username: 'pat' });

    expect(await expectJson(h.request('POST', '/api/admin/logs', { token: adminToken, body: { action: 'Client explicit info', level: 'info', username: 'someone-else' } }), 201)).toMatchObject({ level: 'info', username: 'pat' });

    const { items } = await logs('?limit=3');
    expect(items.map((e) => [e.action, e.level, e.username])).toEqual([
      ['Client explicit info', 'info', 'pat'],
      ['Client warning entry', 'warning', 'pat'],
      ['Generated system report', 'info', 'pat'],
    ]);
    h.clock.set(T0);
  });

  it.each([
    ['error level', { action: 'Client error entry', level: 'error' }, 'level'],
    ['unknown level', { action: 'Client debug entry', level: 'debug' }, 'level'],
    ['missing action', { level: 'info' }, 'action'],
    ['blank action', { action: '   ' }, 'action'],
  ])('POST refuses %s with 400, writing nothing', async (_label, body, field) => {
    const [before] = await h.database.db.select({ n: count() }).from(auditLogs);
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/admin/logs', { token: adminToken, body }), 400)).details?.fieldErrors?.[field]?.length).toBeGreaterThan(0);
    const [after] = await h.database.db.select({ n: count() }).from(auditLogs);
    expect(after!.n).toBe(before!.n);
  });
});

// ---- cover once in force is kept (last: it leaves cancelled policies behind) ------------------------

describe('DELETE of a policy that was in force', () => {
  // docs/product.md#policies: cover once sold is an insurer's record.
  it.each([
    ['made active', { status: 'active' }, undefined, 'covered'],
    ['made pending, then active, then pending again', { status: 'pending' }, ['active', 'pending'], 'not-covered'],
    ['active, then cancelled', { status: 'active' }, ['cancelled'], 'not-covered'],
    ['made expired', { status: 'expired' }, undefined, 'not-covered'],
  ] as const)('refuses to delete a policy that was in force (%s): 409, nothing removed, its verification answers', async (_, made, changes, verifiedAs) => {
    const p = await create(made);
    for (const status of changes ?? []) {
      expect((await h.request('PUT', `/api/admin/policies/${p.id}`, { token: adminToken, body: { ...validPolicy, status, ...cancelReason(status) } })).status).toBe(200);
    }
    const before = await policyRow(p.id);
    const logsBefore = (await logsMatching(p.policyNumber)).length;
    expect((await expectJson<ErrorBody>(h.request('DELETE', `/api/admin/policies/${p.id}`, { token: adminToken }), 409)).error).toBe('A policy that was in force cannot be deleted; cancel it instead');
    expect(await policyRow(p.id)).toEqual(before);
    expect(await logsMatching(p.policyNumber)).toHaveLength(logsBefore);
    expect(await expectJson(h.request('GET', `/api/verify/${before!.verifyCode}`), 200)).toMatchObject({ status: verifiedAs });
  });

  it('a policy made cancelled and never in force can still be deleted', async () => {
    const p = await create({ status: 'cancelled' });
    expect((await h.request('DELETE', `/api/admin/policies/${p.id}`, { token: adminToken })).status).toBe(200);
    expect(await policyRow(p.id)).toBeUndefined();
  });

  it('the expiry sweep keeps the mark: an expired policy stays undeletable', async () => {
    // Ended before T0, where the suite's clock is or later.
    const p = await create({ status: 'active', startDate: '2026-07-01', startTime: '09:00', endDate: '2026-07-01', endTime: '10:00' });
    await sweepExpiredPolicies(h.deps);
    expect((await policyRow(p.id))!.status).toBe('expired');
    expect((await h.request('DELETE', `/api/admin/policies/${p.id}`, { token: adminToken })).status).toBe(409);
  });
});
