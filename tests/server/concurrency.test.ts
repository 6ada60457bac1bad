// Concurrency (issue: two admins editing one policy never leave a torn row; policy numbers unique under
// 200 parallel creates; the login throttle exact under parallel failures). Requests are fired together
// through the real app and its single write queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PAIR_RULE } from '../../src-server/modules/accounts/account/service';
import { createHarness, json, validPolicy, type Harness } from './harness';

let h: Harness;
let adminA: string;
let adminB: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'conc-owner', isOwner: true });
  await h.addUser({ username: 'conc-admin', isAdmin: true });
  [adminA, adminB] = await Promise.all([h.tokenFor('conc-owner'), h.tokenFor('conc-admin')]);
});
afterAll(() => h.close());

const policyRow = async (id: number) =>
  (await h.database.client.execute({ sql: 'select holder_name, car_model, driver_name, license_number, registration, end_date, status from policies where id = ?', args: [id] }))
    .rows[0]!;

describe('two admins editing the same policy', () => {
  it('leave exactly one of the two versions, whole, every time (last write wins)', async () => {
    const created = await json<{ id: number }>(await h.request('POST', '/api/admin/policies', { token: adminA, body: validPolicy }));
    const versionA = { ...validPolicy, holderName: 'Alice Version', carModel: 'Audi A3', driverName: 'Alice Version', registration: 'AA11 AAA', endDate: '2026-07-05', status: 'pending' };
    const versionB = { ...validPolicy, holderName: 'Bob Version', carModel: 'BMW 1 Series', driverName: 'Bob Version', registration: 'BB22 BBB', endDate: '2026-07-06', status: 'expired' };
    const shape = (v: typeof versionA) => ({
      holder_name: v.holderName,
      car_model: v.carModel,
      driver_name: v.driverName,
      license_number: v.licenseNumber,
      registration: v.registration,
      end_date: v.endDate,
      status: v.status,
    });
    const winners = new Set<string>();
    for (let round = 0; round < 25; round++) {
      const [a, b] = await Promise.all([
        h.request('PUT', `/api/admin/policies/${created.id}`, { token: adminA, body: versionA }),
        h.request('PUT', `/api/admin/policies/${created.id}`, { token: adminB, body: versionB }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const row = { ...(await policyRow(created.id)) };
      expect([shape(versionA), shape(versionB)]).toContainEqual(row);
      winners.add(String(row['holder_name']));
    }
    // Both orders happen or not, but the row is never a mix; the audit log has every update.
    const logs = await h.database.client.execute("select count(*) n from audit_logs where action like 'Updated policy%'");
    expect(Number(logs.rows[0]!['n'])).toBeGreaterThanOrEqual(50);
    expect(winners.size).toBeGreaterThanOrEqual(1);
  });
});

describe('policy numbers', () => {
  it('are unique under 200 parallel creates, all acknowledged and all stored', async () => {
    const before = Number((await h.database.client.execute('select count(*) n from policies')).rows[0]!['n']);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => h.request('POST', '/api/admin/policies', { token: i % 2 ? adminA : adminB, body: { ...validPolicy, holderName: `Parallel ${i}` } })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(200).fill(201));
    const numbers = await Promise.all(answers.map(async (r) => (await json<{ policyNumber: string }>(r)).policyNumber));
    expect(new Set(numbers).size).toBe(200);
    for (const n of numbers) expect(n).toMatch(/^KC-[0-9A-Z]{10}$/);
    const after = Number((await h.database.client.execute('select count(*) n from policies')).rows[0]!['n']);
    expect(after - before).toBe(200);
    const counter = await h.database.client.execute("select value from counters where name = 'policies'");
    expect(Number(counter.rows[0]!['value'])).toBe(after);
  });
});

describe('the login throttle under parallel attempts', () => {
  // Only failures count (docs/product.md#login): each password found wrong is counted by one atomic upsert after
  // the check, and answered 401 only if its own count stays within the limit; attempts that the failures
  // already recorded refuse are answered 429 before the check and not counted.
  it(`lets exactly ${LOGIN_PAIR_RULE.limit} of 20 parallel wrong passwords for one name from one address through to 401`, async () => {
    await h.addUser({ username: 'conc-target' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.request('POST', '/api/login', { body: { username: 'conc-target', password: `wrong-${i}` }, headers: { 'x-forwarded-for': '192.0.2.1' } }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_PAIR_RULE.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LOGIN_PAIR_RULE.limit);
    const row = await h.database.client.execute({ sql: 'select count from throttle where key = ?', args: ['login:user:conc-target'] });
    expect(Number(row.rows[0]!['count'])).toBeGreaterThanOrEqual(LOGIN_PAIR_RULE.limit);
  });

  it('lets exactly 20 of 30 parallel failures from one address through to 401, across usernames', async () => {
    const address = '198.18.0.77';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => h.request('POST', '/api/login', { body: { username: `nobody-${i}`, password: 'x' }, headers: { 'x-forwarded-for': address } })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const row = await h.database.client.execute({ sql: 'select count from throttle where key = ?', args: [`login:ip:${address}`] });
    expect(Number(row.rows[0]!['count'])).toBeGreaterThanOrEqual(20);
  });
});
