// The audit log under load (docs/product.md#audit-log, docs/operations.md#housekeeping): refused sign-ins count on
// one entry per key and window instead of a row each (a 429 adds no row); throttle windows and entries past
// AUDIT_RETENTION_DAYS are removed by housekeeping, the latter once a day and in small batches; and the log's
// search goes through its own trigram index and level counters, its slow reads (a broad term's total, a 1-2
// character LIKE) on a worker thread so that other requests are answered meanwhile. Everything on the harness's
// manual clock.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pruneAuditLog } from '../../src-server/platform/audit/retention';
import { LOG_SEARCH_EXACT_TOTAL } from '../../src-server/contract/limits';
import type { LogEntryView } from '../../src-server/contract/views';
import { parseEnv } from '../../src-server/env';
import { listLogs } from '../../src-server/modules/reporting/logs/service';
import { runMaintenance } from '../../src-server/maintenance';
import type { WriteTransaction } from '../../src-server/platform/db/writer';
import { createHarness, json, T0, type Harness } from './harness';

let h: Harness;
let adminId: number;

const DAY_MS = 24 * 3600_000;
const WINDOW_MS = 15 * 60_000;
/** Enough entries that a read of them all is no longer instant. */
const FILLER = 12_500;

beforeAll(async () => {
  h = await createHarness();
  adminId = await h.addUser({ username: 'auditor', isAdmin: true });
  await h.addUser({ username: 'victim' });
});
afterAll(() => h.close());

let addressCounter = 0;
const freshAddress = () => `10.88.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;
const login = (username: string, address = freshAddress()) =>
  h.request('POST', '/api/login', { body: { username, password: 'not-the-password' }, headers: { 'x-forwarded-for': address } });

interface Row {
  action: string;
  count: number;
  created_at: number;
  last_at: number | null;
}
/** The entries whose action is like `pattern`, once the refusals counted in memory are written (audit/refusal-log.ts). */
async function rowsLike(pattern: string): Promise<Row[]> {
  await h.deps.refusals.log.flush();
  const rs = await h.database.client.execute({ sql: 'select action, count, created_at, last_at from audit_logs where action like ? order by id', args: [pattern] });
  return rs.rows.map((r) => ({ action: String(r['action']), count: Number(r['count']), created_at: Number(r['created_at']), last_at: r['last_at'] === null ? null : Number(r['last_at']) }));
}
const sumOf = (rows: Row[]) => rows.reduce((n, r) => n + r.count, 0);
async function scalar(sql: string, args: (string | number)[] = []): Promise<number> {
  return Number((await h.database.client.execute({ sql, args })).rows[0]![0]);
}

/** A session signed at the clock's present (the tests move the clock by days). */
const staff = () => h.deps.tokens.sign({ id: adminId, username: 'auditor', isAdmin: true, isOwner: false, sessionVersion: 0 }, false, h.clock.now()).then((t) => t.token);

async function searchLogs(term: string, query = ''): Promise<{ items: LogEntryView[]; total: number }> {
  const res = await h.request('GET', `/api/admin/logs?search=${encodeURIComponent(term)}${query}`, { token: await staff() });
  expect(res.status, await res.clone().text()).toBe(200);
  return { items: await json<LogEntryView[]>(res), total: Number(res.headers.get('x-total-count')) };
}

/** `n` entries written straight to the table (the triggers run as for the app), `createdAt` each. */
async function bulkEntries(n: number, action: string, createdAt: number, level = 'info'): Promise<void> {
  await h.database.client.execute({
    sql: `with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ?)
      insert into audit_logs(action, level, username, created_at) select ? || ' ' || i, ?, 'bulk' || (i % 50), ? from seq`,
    args: [n, action, level, createdAt],
  });
}

describe('refused sign-ins', () => {
  it('count on one entry per name and window: wrong passwords on one entry, the throttled ones (429) on another, no row each', async () => {
    h.clock.set(T0);
    const statuses: number[] = [];
    const address = freshAddress();
    for (let i = 0; i < 30; i++) {
      statuses.push((await login(i % 2 ? 'VICTIM' : 'victim', address)).status);
      h.clock.advance(1000);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const failed = await rowsLike('Login failed for victim');
    const throttled = await rowsLike('Login throttled for%');
    expect(failed).toHaveLength(1);
    expect(throttled.length).toBeLessThanOrEqual(1);
    // Every attempt is counted once, on one of the two entries.
    expect(failed[0]!.count).toBe(statuses.filter((s) => s === 401).length);
    expect(sumOf(throttled)).toBe(statuses.filter((s) => s === 429).length);
    expect(failed[0]!.created_at).toBe(T0);

    // More refused attempts in the window write no row at all.
    const rowsBefore = await scalar('select count(*) from audit_logs');
    for (let i = 0; i < 40; i++) expect((await login('victim', address)).status).toBe(429);
    await h.deps.refusals.log.flush();
    expect(await scalar('select count(*) from audit_logs')).toBe(rowsBefore);
    expect(sumOf(await rowsLike('Login throttled for%'))).toBe(statuses.filter((s) => s === 429).length + 40);
  });

  it('are shown with their count and last time in the console and the API', async () => {
    const { items } = await searchLogs('Login failed for victim');
    expect(items).toHaveLength(1);
    expect(items[0]!.count).toBeGreaterThan(1);
    expect(items[0]).toMatchObject({ timestamp: new Date(T0).toISOString(), level: 'warning', username: 'victim' });
    expect(Date.parse(items[0]!.lastTimestamp)).toBeGreaterThan(T0);
    // An ordinary entry happened once.
    const posted = await h.request('POST', '/api/admin/logs', { token: await staff(), body: { action: 'Checked the refusals' } });
    const entry = await json<LogEntryView>(posted);
    expect(entry).toMatchObject({ count: 1, lastTimestamp: entry.timestamp });
    expect((await searchLogs('Checked the refusals')).items).toEqual([entry]);
  });

  it('open a new entry once the window has passed', async () => {
    h.clock.advance(WINDOW_MS + 60_000);
    const at = h.clock.now();
    expect((await login('victim')).status).toBe(401);
    const failed = await rowsLike('Login failed for victim');
    expect(failed).toHaveLength(2);
    expect(failed[1]).toMatchObject({ count: 1, created_at: at });
  });

  it('from one address over many names: a row per name refused with 401, then one entry for all the 429s', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await login(`sprayed${i}`, address)).status);
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(await rowsLike('Login failed for sprayed%')).toHaveLength(statuses.filter((s) => s === 401).length);
    const throttled = await rowsLike('Login throttled for an address%');
    expect(throttled).toHaveLength(1);
    expect(throttled[0]!.count).toBe(refused);
  });

  it('throttled password reset requests count on one entry an hour', async () => {
    const before = await rowsLike('Password reset request throttled');
    const address = freshAddress();
    for (let i = 0; i < 40; i++) {
      expect((await h.request('POST', '/api/password-reset/request', { body: { email: `nobody${i}@example.test` }, headers: { 'x-forwarded-for': address } })).status).toBe(200);
    }
    const after = await rowsLike('Password reset request throttled');
    expect(after.length - before.length).toBe(1);
    expect(sumOf(after) - sumOf(before)).toBeGreaterThanOrEqual(30);
  });
});

describe('throttle windows', () => {
  it('are dropped by housekeeping a day after they started', async () => {
    h.clock.set(T0 + 10 * DAY_MS);
    expect((await login('expiring.name', '10.99.0.1')).status).toBe(401);
    expect(await scalar("select count(*) from throttle where key like '%expiring.name%' or key like '%10.99.0.1%'")).toBeGreaterThan(0);
    h.clock.advance(DAY_MS - 60_000);
    await runMaintenance(h.deps);
    expect(await scalar("select count(*) from throttle where key like '%expiring.name%' or key like '%10.99.0.1%'")).toBeGreaterThan(0);
    h.clock.advance(2 * 60_000);
    await runMaintenance(h.deps);
    expect(await scalar("select count(*) from throttle where key like '%expiring.name%' or key like '%10.99.0.1%'")).toBe(0);
  });
});

describe('retention', () => {
  it('reads AUDIT_RETENTION_DAYS: 730 by default, whole days from 1', () => {
    expect(parseEnv({}).AUDIT_RETENTION_DAYS).toBe(730);
    expect(parseEnv({ AUDIT_RETENTION_DAYS: '90' }).AUDIT_RETENTION_DAYS).toBe(90);
    for (const bad of ['0', '-5', '1.5', 'forever']) expect(() => parseEnv({ AUDIT_RETENTION_DAYS: bad }), bad).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('removes entries past the period once a day, in batches of their own transactions, and says so in the log', async () => {
    const now = T0 + 40 * DAY_MS;
    h.clock.set(now);
    await bulkEntries(230, 'Ancient entry', now - 731 * DAY_MS);
    await bulkEntries(20, 'Almost old entry', now - 729 * DAY_MS + 3 * 3600_000);
    expect(await rowsLike('Ancient entry%')).toHaveLength(230);

    // Count the write transactions and what each one deletes.
    const perTransaction: number[] = [];
    const write: WriteTransaction = async (work) => {
      const before = await scalar('select count(*) from audit_logs');
      const result = await h.deps.write(work);
      perTransaction.push(before - (await scalar('select count(*) from audit_logs')));
      return result;
    };
    const deps = { db: h.deps.db, clock: h.deps.clock, write };
    // A run stops after its batches; the next minute carries on.
    expect(await pruneAuditLog(deps, { retentionDays: 730, batchSize: 50, maxBatches: 3 })).toBe(150);
    expect(Math.max(...perTransaction)).toBeLessThanOrEqual(50);
    h.clock.advance(60_000);
    expect(await pruneAuditLog(deps, { retentionDays: 730, batchSize: 50, maxBatches: 3 })).toBe(80);
    expect(Math.max(...perTransaction)).toBeLessThanOrEqual(50);
    expect(await rowsLike('Ancient entry%')).toEqual([]);
    expect(await rowsLike('Almost old entry%')).toHaveLength(20);
    expect((await rowsLike('Audit log: removed % entries older than 730 days')).map((r) => r.action)).toEqual([
      'Audit log: removed 150 entries older than 730 days',
      'Audit log: removed 80 entries older than 730 days',
    ]);
    // The search index and the counters follow the deletions.
    expect((await searchLogs('Ancient entry')).total).toBe(0);
    expect(await scalar("select value from counters where name = 'audit_logs'")).toBe(await scalar('select count(*) from audit_logs'));

    // Done for the day: old entries that appear later wait for tomorrow's run, which the minute job makes.
    await bulkEntries(10, 'Late ancient entry', now - 800 * DAY_MS);
    h.clock.advance(3600_000);
    expect((await runMaintenance(h.deps)).pruned).toBe(0);
    expect(await rowsLike('Late ancient entry%')).toHaveLength(10);
    h.clock.advance(DAY_MS);
    expect((await runMaintenance(h.deps)).pruned).toBe(10);
    expect(await rowsLike('Late ancient entry%')).toEqual([]);
  });

  it('follows the setting: 30 days removes what is older than 30 days', async () => {
    h.clock.advance(DAY_MS + 60_000);
    await bulkEntries(5, 'Month old entry', h.clock.now() - 31 * DAY_MS);
    await bulkEntries(5, 'Recent entry', h.clock.now() - 29 * DAY_MS);
    expect((await runMaintenance(h.deps, { auditRetentionDays: 30 })).pruned).toBeGreaterThanOrEqual(5);
    expect(await rowsLike('Month old entry%')).toEqual([]);
    expect(await rowsLike('Recent entry%')).toHaveLength(5);
  });
});

describe('search', () => {
  it('looks up 3+ characters in the log’s own trigram index, with its count on the fast path', async () => {
    await bulkEntries(3, 'Zephyrine marker', h.clock.now());
    const count = vi.spyOn(h.deps.hot, 'countFtsMatches');
    try {
      const { items, total } = await searchLogs('ZEPHYRINE');
      expect(total).toBe(3);
      expect(items.map((e) => e.action)).toEqual(['Zephyrine marker 3', 'Zephyrine marker 2', 'Zephyrine marker 1']);
      // Counted only up to a bound (docs/api.md#lists), one past it to know whether it was passed.
      expect(count).toHaveBeenCalledWith('audit_logs_fts', 'ZEPHYRINE', LOG_SEARCH_EXACT_TOTAL + 1, undefined); // the log has no column of registrations
    } finally {
      count.mockRestore();
    }
    // Paging within the matches.
    expect((await searchLogs('zephyrine', '&limit=1&offset=1')).items.map((e) => e.action)).toEqual(['Zephyrine marker 2']);
  });

  it('lists a level’s entries when the term names a level, its total from a counter', async () => {
    await h.request('POST', '/api/admin/logs', { token: await staff(), body: { action: 'warning light checked on the van', level: 'info' } });
    const warnings = await searchLogs('Warning');
    expect(warnings.total).toBe(await scalar("select count(*) from audit_logs where level = 'warning'"));
    expect(warnings.items.every((e) => e.level === 'warning')).toBe(true);
    expect(await scalar("select value from counters where name = 'audit_logs_level_info'")).toBe(await scalar("select count(*) from audit_logs where level = 'info'"));
    // The unfiltered total is the counter too.
    const all = await h.request('GET', '/api/admin/logs', { token: await staff() });
    expect(Number(all.headers.get('x-total-count'))).toBe(await scalar('select count(*) from audit_logs'));
  });

  // A 1-2 character term has no trigram to look up: the log is scanned, by statements that may take long, so they go
  // to deps.hot.slowScalar (on an embedded file, the worker thread: tests/server/off-thread.test.ts).
  it('finds 1-2 characters exactly, by the reads that may take long', async () => {
    await bulkEntries(FILLER, 'Filler entry', h.clock.now());
    await bulkEntries(3, 'Qj needle', h.clock.now());
    const expected = await scalar("select count(*) from audit_logs where action like '%qj%' or username like '%qj%' or level like '%qj%'");
    expect(expected).toBe(3);
    const slow = vi.spyOn(h.deps.hot, 'slowScalar');
    try {
      const result = await searchLogs('qJ', '&limit=2&offset=1');
      expect(slow).toHaveBeenCalled();
      expect(result.total).toBe(3);
      expect(result.items.map((e) => e.action)).toEqual(['Qj needle 2', 'Qj needle 1']);
    } finally {
      slow.mockRestore();
    }
  });

  it('counts a broad term’s matches by the reads that may take long', async () => {
    const filler = FILLER;
    // Counted exactly to the end (listLogs takes the bound); the REST answer's bounded total is checked after.
    const caller = { id: adminId, username: 'auditor', isAdmin: true, isOwner: false, jti: 'test', exp: 0 };
    const count = vi.spyOn(h.deps.hot, 'countFtsMatches');
    let result;
    try {
      result = await listLogs(h.deps, caller, { limit: 3, offset: 2, search: 'filler ENTRY' }, filler);
      expect(count).toHaveBeenCalled();
    } finally {
      count.mockRestore();
    }
    expect([result.total, result.totalIsLowerBound]).toEqual([filler, false]);
    expect(result.items.map((e) => e.action)).toEqual([`Filler entry ${filler - 2}`, `Filler entry ${filler - 3}`, `Filler entry ${filler - 4}`]);
    // Past the bound the total is the bound (docs/api.md#lists; tests/server/log-search-total.test.ts).
    expect((await searchLogs('filler ENTRY', '&limit=3&offset=2')).total).toBe(Math.min(filler, LOG_SEARCH_EXACT_TOTAL));
  });
});
