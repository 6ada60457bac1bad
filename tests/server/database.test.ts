import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { queryPlan } from './query-plan';
import { onServer } from './test-database';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** PRAGMA synchronous's answers. */
const SYNCHRONOUS_NORMAL = 1;
const SYNCHRONOUS_FULL = 2;

const pragma = async (name: string) => Object.values((await h.database.client.execute(`PRAGMA ${name}`)).rows[0]!)[0];

describe('database settings', () => {
  it('uses WAL and foreign keys', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
  });

  // sqld sets its connections up itself and refuses PRAGMA synchronous=FULL: it runs NORMAL, with durability of
  // its own (docs/operations.md#what-a-libsql-server-does-not-give).
  it('writes with synchronous FULL (on a libSQL server: the server’s NORMAL)', async () => {
    expect(await pragma('synchronous')).toBe(onServer ? SYNCHRONOUS_NORMAL : SYNCHRONOUS_FULL);
  });

  // The busy timeout is the app's for the file's lock (db/client.ts); a libSQL server waits for its own locks.
  it.skipIf(onServer)('waits for a lock up to its busy timeout (embedded file only)', async () => {
    expect(await pragma('busy_timeout')).toBeGreaterThanOrEqual(1000);
  });

  it('keeps them on a connection the pool opens for a transaction', async () => {
    // Hold one pooled connection in a transaction so the next statement must use another.
    const tx = await h.database.client.transaction('write');
    try {
      expect(Object.values((await tx.execute('PRAGMA foreign_keys')).rows[0]!)[0]).toBe(1);
      expect(Object.values((await h.database.client.execute('PRAGMA synchronous')).rows[0]!)[0]).toBe(onServer ? SYNCHRONOUS_NORMAL : SYNCHRONOUS_FULL);
      expect(Object.values((await h.database.client.execute('PRAGMA foreign_keys')).rows[0]!)[0]).toBe(1);
    } finally {
      await tx.rollback();
    }
  });

  it('applies every committed migration', async () => {
    const tables = (await h.database.client.execute("select name from sqlite_master where type = 'table' order by name")).rows.map((r) => r['name']);
    for (const t of ['users', 'policies', 'audit_logs', 'quote_requests', 'callback_requests', 'one_time_tokens', 'throttle', 'mail_outbox', 'revoked_tokens']) {
      expect(tables).toContain(t);
    }
  });

  it.each([
    ['a customer’s policies', 'select * from policies where user_id = 1 order by start_at desc'],
    ['a policy by number', "select * from policies where policy_number = 'KC-1'"],
    ['the expiry sweep', "select id from policies where status = 'active' and end_at <= 0"],
    ['a login by username', "select * from users where lower(username) = lower('x')"],
    ['an e-mail clash', "select * from users where lower(email) = lower('x')"],
    ['a reset token', "select * from one_time_tokens where token_hash = 'x'"],
    ['pending mail', "select * from mail_outbox where status = 'pending' order by id"],
    ['new quote requests', "select * from quote_requests where status = 'new' order by created_at"],
    ['revocation sweep', 'select * from revoked_tokens where expires_at < 0'],
  ])('looks up %s through an index', async (_name, query) => {
    const plan = (await queryPlan(h.database, query)).join(' | ');
    expect(plan).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
    expect(plan).not.toMatch(/SCAN (policies|users|one_time_tokens|mail_outbox|quote_requests|revoked_tokens)\b(?! USING)/);
  });

  it('keeps a deleted user’s policies (user_id set null) and drops their reset tokens', async () => {
    const c = h.database.client;
    await c.execute("insert into users (id, username, email, password_hash, created_at, updated_at) values (50, 'gone', 'gone@x.test', 'x', 0, 0)");
    await c.execute(
      "insert into policies (policy_number, user_id, holder_name, car_model, driver_name, license_number, start_date, start_time, end_date, end_time, start_at, end_at, created_at, updated_at) values ('KC-GONE', 50, 'h', 'c', 'd', 'l', '2026-01-01', '09:00', '2026-01-02', '09:00', 0, 1, 0, 0)",
    );
    await c.execute("insert into one_time_tokens (kind, user_id, token_hash, expires_at, created_at) values ('reset', 50, 'hash-gone', 1, 0)");
    await c.execute('delete from users where id = 50');
    expect((await c.execute("select user_id from policies where policy_number = 'KC-GONE'")).rows[0]!['user_id']).toBeNull();
    expect((await c.execute("select count(*) n from one_time_tokens where token_hash = 'hash-gone'")).rows[0]!['n']).toBe(0);
  });

  it('refuses a policy pointing at a user that does not exist', async () => {
    await expect(
      h.database.client.execute(
        "insert into policies (policy_number, user_id, holder_name, car_model, driver_name, license_number, start_date, start_time, end_date, end_time, start_at, end_at, created_at, updated_at) values ('KC-ORPHAN', 9999, 'h', 'c', 'd', 'l', '2026-01-01', '09:00', '2026-01-02', '09:00', 0, 1, 0, 0)",
      ),
    ).rejects.toThrow(/FOREIGN KEY/);
    // libSQL leaves the connection this failed on with its next read transaction open (stale to the app's writes,
    // which have a connection of their own): replaced, as after an EXPLAIN (query-plan.ts).
    await h.database.client.reconnect();
  });
});

describe('the write queue', () => {
  it('runs many concurrent write transactions in one process without deadlock or loss', async () => {
    const writes = Array.from({ length: 100 }, (_, i) =>
      h.deps.write(async (tx) => {
        const { auditLogs } = await import('../../src-server/platform/db/schema/index');
        await tx.insert(auditLogs).values({ action: `queued ${i}`, level: 'info', createdAt: i });
        // Yield between statements: another transaction must not slip in and block the event loop.
        await new Promise((r) => setTimeout(r, 1));
        await tx.insert(auditLogs).values({ action: `queued ${i} second`, level: 'info', createdAt: i });
      }),
    );
    await Promise.all(writes);
    const n = await h.database.client.execute("select count(*) n from audit_logs where action like 'queued %'");
    expect(n.rows[0]!['n']).toBe(200);
  });

  it('rolls a failed transaction back whole and carries on', async () => {
    const { auditLogs } = await import('../../src-server/platform/db/schema/index');
    await expect(
      h.deps.write(async (tx) => {
        await tx.insert(auditLogs).values({ action: 'half-written', level: 'info', createdAt: 0 });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await h.deps.write((tx) => tx.insert(auditLogs).values({ action: 'after the failure', level: 'info', createdAt: 0 }));
    const rows = await h.database.client.execute("select action from audit_logs where action in ('half-written', 'after the failure')");
    expect(rows.rows.map((r) => r['action'])).toEqual(['after the failure']);
  });
});
