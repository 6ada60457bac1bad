// The per-request reads bypass Drizzle for speed; these tests hold them to the schema and the view.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyView } from '../../src-server/contract/views';
import { clientHotReads, nativeHotReads, type HotReads } from '../../src-server/platform/db/hot-reads';
import { policies } from '../../src-server/platform/db/schema/index';
import { toPolicyView } from '../../src-server/modules/policies/policies/service';
import { createHarness, json, validPolicy, type Harness } from './harness';
import { onServer } from './test-database';

let h: Harness;
let userId: number;
let variants: Array<[string, HotReads] | undefined>;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'owner', isOwner: true });
  userId = await h.addUser({ username: 'Hot.Reader' });
  const token = await h.tokenFor('owner');
  const bodies = [
    { ...validPolicy, userId, registration: '', holderName: 'Zoë "Quotes" \\ Back', premium: '£1,234.50' },
    { ...validPolicy, userId, startDate: '2026-08-01', endDate: '2026-08-02', status: 'pending', product: 'learner', premium: 0.29 },
    { ...validPolicy, userId, startDate: '2026-08-01', endDate: '2026-08-03', carModel: '<script>alert(1)</script>', product: 'business', status: 'cancelled' },
    { ...validPolicy, userId, startDate: '2026-08-02', endDate: '2026-08-03', premium: 19 },
  ];
  for (const body of bodies) expect((await h.request('POST', '/api/admin/policies', { token, body })).status).toBe(201);
  variants = [
    onServer ? undefined : ['native prepared statements', nativeHotReads(`${h.dir}/test.db`, 1000)],
    ['@libsql/client', clientHotReads(h.database.client)],
  ];
});
afterAll(async () => {
  for (const variant of variants) variant?.[1].close();
  await h.close();
});

// Variant 0 reads the embedded file on a native connection of its own (hot-reads.ts nativeHotReads): a libSQL server
// has no file to open, and the app reads through the client there, which variant 1 is.
for (const i of [0, 1]) {
  describe.skipIf(onServer && i === 0)(`hot reads, variant ${i}${i === 0 ? ' (embedded file only)' : ''}`, () => {
    it('answer a customer’s policies exactly as toPolicyView would, newest start first', async () => {
      const [, reads] = variants[i]!;
      const rows = await h.database.db
        .select()
        .from(policies)
        .where(eq(policies.userId, userId))
        .orderBy(desc(policies.startAt), desc(policies.id));
      const expected = rows.map((r) => toPolicyView(r, 'Hot.Reader'));
      expect(expected).toHaveLength(4);
      const built = JSON.parse(await reads.policiesOfUserJson(userId)) as unknown[];
      expect(built).toEqual(expected);
      // The contract's strict schema: a key the SQL adds or forgets fails here, not in a client.
      for (const item of built) expect(policyView.parse(item)).toEqual(item);
    });

    it('are held to the strict schema: an extra or a missing key fails', async () => {
      const [, reads] = variants[i]!;
      const [item] = JSON.parse(await reads.policiesOfUserJson(userId)) as Record<string, unknown>[];
      expect(policyView.safeParse(item).success).toBe(true);
      expect(policyView.safeParse({ ...item, startAt: 0 }).success).toBe(false);
      const { username: _dropped, ...missing } = item!;
      expect(policyView.safeParse(missing).success).toBe(false);
    });

    it('answer an empty array for a user with none', async () => {
      const [, reads] = variants[i]!;
      expect(await reads.policiesOfUserJson(9999)).toBe('[]');
    });

    it('read the caller’s account with roles and revocation', async () => {
      const [, reads] = variants[i]!;
      expect(await reads.callerRow(userId, 'some-jti')).toEqual({
        id: userId,
        username: 'Hot.Reader',
        isAdmin: false,
        isOwner: false,
        sessionVersion: 0,
        revoked: false,
        secondFactorMissing: false,
      });
      await h.database.client.execute({ sql: 'insert or ignore into revoked_tokens (jti, expires_at) values (?, ?)', args: ['gone-jti', 1] });
      expect((await reads.callerRow(userId, 'gone-jti'))?.revoked).toBe(true);
      expect(await reads.callerRow(424242, 'x')).toBeUndefined();
    });

    it('a read that fails leaves nothing behind: the next reads answer as before', async () => {
      const [, reads] = variants[i]!;
      const before = await reads.countFtsMatches('policies_fts', 'Back');
      // A NUL ends the quoted FTS5 string early: SQLite refuses the MATCH.
      await expect(reads.countFtsMatches('policies_fts', 'Ba\u0000ck')).rejects.toThrow();
      expect(await reads.countFtsMatches('policies_fts', 'Back')).toBe(before);
      expect(await reads.countFtsMatches('users_fts', 'Reader')).toBe(1);
      expect((await reads.callerRow(userId, 'some-jti'))?.username).toBe('Hot.Reader');
    });

    it('count trigram matches case-insensitively, with quotes and FTS syntax taken literally', async () => {
      const [, reads] = variants[i]!;
      expect(await reads.countFtsMatches('policies_fts', 'hot.read')).toBe(4); // the owner's username, on each row
      expect(await reads.countFtsMatches('policies_fts', '"quotes"')).toBe(1);
      expect(await reads.countFtsMatches('policies_fts', 'Zoë "Q')).toBe(1);
      expect(await reads.countFtsMatches('policies_fts', 'script OR x')).toBe(0);
      expect(await reads.countFtsMatches('policies_fts', 'NEAR(a b)')).toBe(0);
      expect(await reads.countFtsMatches('users_fts', 'HOT.READER')).toBe(1);
    });

    it('run maintenance statements in one write transaction, answering the rows they changed, or none on failure', async () => {
      const [, reads] = variants[i]!;
      // A merge step: 1 (the command's own row) when there is nothing to merge, 2 or more when it merged.
      expect(await reads.maintenanceWrite(["INSERT INTO users_fts(users_fts, rank) VALUES('merge', 64)"])).toBeGreaterThanOrEqual(1);
      expect(await reads.countFtsMatches('users_fts', 'HOT.READER')).toBe(1);
      const counter = async () => Number((await h.database.client.execute("select value from counters where name = 'users'")).rows[0]![0]);
      const before = await counter();
      expect(await reads.maintenanceWrite(["UPDATE counters SET value = value + 1 WHERE name = 'users'", "UPDATE counters SET value = value - 1 WHERE name = 'users'"])).toBe(2);
      // A failing statement rolls back the ones before it.
      await expect(reads.maintenanceWrite(["UPDATE counters SET value = value + 1 WHERE name = 'users'", 'INSERT INTO no_such_table VALUES (1)'])).rejects.toThrow(/no_such_table/);
      expect(await counter()).toBe(before);
    });
  });
}

it('the REST answer is that JSON, byte for byte valid', async () => {
  const token = await h.tokenFor('Hot.Reader');
  const res = await h.request('GET', '/api/user/policies', { token });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const list = await json<Array<{ holderName: string; carModel: string }>>(res);
  expect(list.map((p) => p.holderName)).toContain('Zoë "Quotes" \\ Back');
  expect(list.map((p) => p.carModel)).toContain('<script>alert(1)</script>');
});
