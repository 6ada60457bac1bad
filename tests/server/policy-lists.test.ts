// Each account's stored policy list (src-server/platform/db/read-models/policy-list.ts, applied by
// drizzle/0011_policy_lists.sql) is what policies.mine answers. These tests hold the migration to the module's SQL, and
// the stored list, after every kind of write, to the list built from the policies themselves with the service's
// toPolicyView.
import { readFileSync } from 'node:fs';
import { asc, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_LIST_MIGRATION, POLICY_LIST_READ_SQL } from '../../src-server/platform/db/read-models/policy-list';
import { policies, users } from '../../src-server/platform/db/schema/index';
import { toPolicyView } from '../../src-server/modules/policies/policies/service';
import { createHarness, json, validPolicy, type Harness } from './harness';
import { addPolicy } from './answers';
import { queryPlan } from './query-plan';

const MIGRATION = readFileSync(new URL('../../drizzle/0011_policy_lists.sql', import.meta.url), 'utf8');

let h: Harness;
let owner: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'lists-owner', isOwner: true });
  owner = await h.tokenFor('lists-owner');
});
afterAll(() => h.close());

type Args = Array<string | number | null>;
const sql = (text: string, args: Args = []) => h.database.client.execute({ sql: text, args });
/** A write made beside the app's services, in the app's write queue (so never waiting in SQLite's busy handler). */
const write = (text: string, args: Args = []) => h.deps.write.outside(() => sql(text, args));

/** The list each account should have, from its policies now. */
async function expectedListOf(userId: number): Promise<unknown[]> {
  const [user] = await h.database.db.select().from(users).where(eq(users.id, userId));
  const rows = await h.database.db.select().from(policies).where(eq(policies.userId, userId)).orderBy(desc(policies.startAt), desc(policies.id));
  return rows.map((r) => toPolicyView(r, user!.username));
}

/** Every account's stored list is the one its policies make, and no list is kept for an account that is gone. */
async function expectEveryListHolds(label = ''): Promise<void> {
  const accounts = await h.database.db.select({ id: users.id }).from(users).orderBy(asc(users.id));
  for (const { id } of accounts) {
    expect(JSON.parse(await h.deps.hot.policiesOfUserJson(id)), `${label} account #${id}`).toEqual(await expectedListOf(id));
  }
  const orphans = await sql('select count(*) as n from policy_lists where user_id not in (select id from users)');
  expect(Number(orphans.rows[0]!['n']), `${label} lists of accounts that are gone`).toBe(0);
}

async function makePolicy(userId: number | null, extra: Record<string, unknown> = {}): Promise<number> {
  return (await addPolicy<{ id: number }>(h, owner, { userId, ...extra })).id;
}

describe('a stored policy list', () => {
  it('follows a policy made, changed and deleted through the API, and is what the customer is answered', async () => {
    const userId = await h.addUser({ username: 'Lists.Api' });
    const customer = await h.tokenFor('Lists.Api');
    const mine = async () => json<unknown[]>(await h.request('GET', '/api/user/policies', { token: customer }));
    expect(await mine()).toEqual([]);

    const first = await makePolicy(userId, { premium: 12.5 });
    const second = await makePolicy(userId, { startDate: '2026-07-03', endDate: '2026-07-09', product: 'learner', status: 'pending' });
    expect(await mine()).toEqual(await expectedListOf(userId));
    expect((await mine()).map((p) => (p as { id: number }).id)).toEqual([second, first]); // newest start first

    const changed = { ...validPolicy, userId, holderName: 'Changed Holder', startDate: '2026-07-05', endDate: '2026-07-10', status: 'cancelled', premium: 0.29, reason: 'At the customer\'s request' };
    expect((await h.request('PUT', `/api/admin/policies/${first}`, { token: owner, body: changed })).status).toBe(200);
    const afterChange = await mine();
    expect(afterChange).toEqual(await expectedListOf(userId));
    expect(afterChange[0]).toMatchObject({ id: first, holderName: 'Changed Holder', status: 'cancelled', premium: 0.29 });

    expect((await h.request('DELETE', `/api/admin/policies/${second}`, { token: owner })).status).toBe(200);
    expect((await mine()).map((p) => (p as { id: number }).id)).toEqual([first]);
    await expectEveryListHolds();
  });

  it('is rebuilt when any column it shows or sorts by is written, however the write is made', async () => {
    const userId = await h.addUser({ username: 'Lists.Columns' });
    const id = await makePolicy(userId);
    await makePolicy(userId, { startDate: '2026-07-02', endDate: '2026-07-09' });
    const writes: Array<[string, string | number | null]> = [
      ['policy_number', 'KC-LISTS-1'],
      ['holder_name', 'Zoë "Quotes" \\ Back'],
      ['car_model', '<script>alert(1)</script>'],
      ['driver_name', 'Other Driver'],
      ['license_number', 'OTHER701015A99AA'],
      ['registration', null],
      ['start_date', '2026-06-30'],
      ['start_time', '08:15'],
      ['end_date', '2026-07-20'],
      ['end_time', '18:00'],
      ['status', 'expired'],
      ['product', 'business'],
      ['premium_pence', 123450],
      ['premium_pence', null],
      // Sorting only: the later start comes first.
      ['start_at', Date.UTC(2026, 11, 1)],
    ];
    for (const [column, value] of writes) {
      await write(`update policies set ${column} = ? where id = ?`, [value, id]);
      await expectEveryListHolds(`${column} = ${String(value)}:`);
    }
    expect((JSON.parse(await h.deps.hot.policiesOfUserJson(userId)) as Array<{ id: number }>)[0]!.id).toBe(id);
  });

  it('leaves the account a policy moves off, and joins the one it moves to', async () => {
    const from = await h.addUser({ username: 'Lists.From' });
    const to = await h.addUser({ username: 'Lists.To' });
    const id = await makePolicy(from);
    await makePolicy(from, { startDate: '2026-07-02', endDate: '2026-07-09' });
    await write('update policies set user_id = ? where id = ?', [to, id]);
    await expectEveryListHolds('moved:');
    expect(JSON.parse(await h.deps.hot.policiesOfUserJson(to))).toMatchObject([{ id, userId: to, username: 'Lists.To' }]);
    await write('update policies set user_id = null where id = ?', [id]);
    await expectEveryListHolds('off every account:');
    expect(await h.deps.hot.policiesOfUserJson(to)).toBe('[]');
    await write('update policies set user_id = ? where id = ?', [from, id]);
    await expectEveryListHolds('back:');
  });

  it('shows an account’s new username on every item once it is renamed', async () => {
    const userId = await h.addUser({ username: 'Lists.Before' });
    await makePolicy(userId);
    await makePolicy(userId, { startDate: '2026-07-02', endDate: '2026-07-09' });
    expect((await h.request('PUT', `/api/admin/users/${userId}`, { token: owner, body: { username: 'Lists.After', email: 'lists.before@example.test', password: '' } })).status).toBe(200);
    const list = JSON.parse(await h.deps.hot.policiesOfUserJson(userId)) as Array<{ username: string }>;
    expect(list.map((p) => p.username)).toEqual(['Lists.After', 'Lists.After']);
    await expectEveryListHolds();
  });

  it('stays with a closed account; goes with an account removed, the policies staying on no account', async () => {
    const userId = await h.addUser({ username: 'Lists.Gone' });
    const ids = [await makePolicy(userId), await makePolicy(userId, { startDate: '2026-07-02', endDate: '2026-07-09' })];
    h.clock.set(Date.UTC(2026, 7, 1));
    owner = await h.tokenFor('lists-owner');
    // Holding policies, the account is closed, not deleted (docs/product.md#closed-accounts): its list stays whole.
    const res = await h.request('DELETE', `/api/admin/users/${userId}`, { token: owner });
    expect(await json(res)).toEqual({ success: true, closed: true });
    expect(JSON.parse(await h.deps.hot.policiesOfUserJson(userId))).toHaveLength(2);
    await expectEveryListHolds('closed:');
    // Removed after its records' review (the database's own rule still holds): the policies stay, on no account.
    await write('delete from users where id = ?', [userId]);
    expect((await sql('select count(*) as n from policy_lists where user_id = ?', [userId])).rows[0]!['n']).toBe(0);
    const kept = await h.database.db.select({ userId: policies.userId }).from(policies).where(eq(policies.id, ids[0]!));
    expect(kept).toEqual([{ userId: null }]);
    expect(await h.deps.hot.policiesOfUserJson(userId)).toBe('[]');
    await expectEveryListHolds();
  });

  it('holds after any sequence of writes to policies and accounts', async () => {
    const accounts = [await h.addUser({ username: 'Lists.Prop.A' }), await h.addUser({ username: 'Lists.Prop.B' }), await h.addUser({ username: 'Lists.Prop.C' })];
    const account = fc.constantFrom<number | null>(...accounts, null);
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-09-${String(d).padStart(2, '0')}`);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), userId: account, day }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), userId: account }),
      fc.record({ kind: fc.constant('restart' as const), pick: fc.nat(), day }),
      fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('active', 'pending', 'cancelled', 'expired') }),
      fc.record({ kind: fc.constant('premium' as const), pick: fc.nat(), pence: fc.option(fc.integer({ min: 0, max: 10_000_000 })) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('rename' as const), who: fc.constantFrom(...accounts), name: fc.stringMatching(/^[A-Za-z][A-Za-z0-9.]{2,12}$/) }),
    );
    let run = 0;
    let made = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        run++;
        for (const o of ops) {
          const ids = (await sql('select id from policies order by id')).rows.map((r) => Number(r['id']));
          const picked = 'pick' in o && ids.length > 0 ? ids[o.pick % ids.length]! : null;
          if (o.kind === 'insert') await write(INSERT_POLICY, [`KC-PROP-${++made}`, o.userId, o.day, Date.parse(`${o.day}T09:00:00Z`)]);
          else if (picked === null) continue;
          else if (o.kind === 'move') await write('update policies set user_id = ? where id = ?', [o.userId, picked]);
          else if (o.kind === 'restart') await write('update policies set start_date = ?, start_at = ? where id = ?', [o.day, Date.parse(`${o.day}T09:00:00Z`), picked]);
          else if (o.kind === 'status') await write('update policies set status = ? where id = ?', [o.status, picked]);
          else if (o.kind === 'premium') await write('update policies set premium_pence = ? where id = ?', [o.pence, picked]);
          else if (o.kind === 'delete') await write('delete from policies where id = ?', [picked]);
          if (o.kind === 'rename') await write('update users set username = ? where id = ?', [`${o.name}.${run}`, o.who]);
        }
        await expectEveryListHolds(JSON.stringify(ops));
      }),
      { numRuns: 25 },
    );
  });

  it("is made by the migration from the read model module's statements, and only those", () => {
    // The SQL text without comments and with its whitespace made single spaces.
    const plain = (statement: string) => statement.replace(/--[^\n]*/g, ' ').replace(/\s+/g, ' ').trim();
    const [createTable, ...rest] = MIGRATION.split('--> statement-breakpoint').map(plain);
    expect(createTable).toMatch(/^CREATE TABLE `policy_lists`/);
    expect(rest).toEqual(POLICY_LIST_MIGRATION.map(plain));
  });

  it('is built for existing policies by the migration that adds it', async () => {
    const userId = await h.addUser({ username: 'Lists.Backfill' });
    await makePolicy(userId);
    await write('delete from policy_lists');
    const backfill = MIGRATION.split('--> statement-breakpoint').find((s) => s.trim().startsWith('INSERT INTO policy_lists'))!;
    await write(backfill);
    await expectEveryListHolds('rebuilt:');
    expect(JSON.parse(await h.deps.hot.policiesOfUserJson(userId))).toHaveLength(1);
  });

  it('is read by its primary key', async () => {
    expect(await queryPlan(h.database, POLICY_LIST_READ_SQL, [1])).toEqual(expect.arrayContaining([expect.stringMatching(/^SEARCH policy_lists USING INTEGER PRIMARY KEY/)]));
  });
});

const INSERT_POLICY = `insert into policies (policy_number, user_id, holder_name, car_model, driver_name, license_number, registration,
  start_date, start_time, end_date, end_time, start_at, end_at, status, created_at, updated_at)
  values (?1, ?2, 'Prop Holder', 'Prop Car', 'Prop Driver', 'PROPS701015A99AA', 'AB12 CDE', ?3, '09:00', '2026-10-30', '23:59', ?4,
  ${Date.UTC(2026, 9, 30, 23, 59)}, 'active', 0, 0)`;
