// Refusals cost nothing shared (docs/operations.md#refusals): once the database's counter has refused a key, later
// requests for it are refused from the process's memory until its window ends, with no database write on their
// path (nor, for sign-ins and lookups, any read); the refusals' audit entries are counted in memory and written
// in batches with the same entries and counts as a write per refusal would give. Counted by spying on the app's
// writes and reads, on the harness's manual clock.
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src-server/app';
import { createRefusalLog } from '../../src-server/platform/audit/refusal-log';
import { createRefusalGate, LIFTABLE_TRUST_MS } from '../../src-server/platform/auth/refusal-gate';
import { openDatabase } from '../../src-server/platform/db/client';
import { validQuote } from '../fixtures/quote';
import { addCheapUser } from './cheap-user';
import { databaseWork, throttleCount } from './database-work';
import { createHarness, json, PASSWORD, T0, TEST_SECRET, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  h.clock.set(T0);
});
afterAll(() => h.close());

const WRONG = 'not-the-password';
let addressCounter = 0;
const freshAddress = () => `10.55.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;

const login = (username: string, password: string, address: string, app: Harness['app'] = h.app) =>
  app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ username, password }) });
const verify = (address: string) => h.request('GET', '/api/verify/7Q4M2XHPAB3CDEFGHJK0', { headers: { 'x-forwarded-for': address } });
const resetRequest = (email: string, address: string) => h.request('POST', '/api/password-reset/request', { body: { email }, headers: { 'x-forwarded-for': address } });

interface Entry {
  count: number;
  createdAt: number;
  lastAt: number;
}
async function entries(action: string): Promise<Entry[]> {
  const rs = await h.database.client.execute({ sql: 'select count, created_at, last_at from audit_logs where action = ? order by id', args: [action] });
  return rs.rows.map((r) => ({ count: Number(r['count']), createdAt: Number(r['created_at']), lastAt: Number(r['last_at']) }));
}

describe('past a limit, refusals come from memory', () => {
  it('a name over its limit from one address: 20 more sign-ins are refused with no database read or write, with the right Retry-After', async () => {
    await addCheapUser(h, 'flooded', PASSWORD);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await login('flooded', WRONG, address)).status).toBe(401);
    // The database refuses the sixth, and the process remembers it.
    expect((await login('flooded', WRONG, address)).status).toBe(429);
    h.clock.advance(LIFTABLE_TRUST_MS / 2);

    const { result, writes, reads } = await databaseWork(h, () => Promise.all(Array.from({ length: 20 }, (_, i) => login('flooded', i % 2 ? PASSWORD : WRONG, address))));
    expect(result.map((r) => r.status)).toEqual(Array(20).fill(429));
    expect(Number(result[0]!.headers.get('retry-after'))).toBe(15 * 60);
    expect([writes, reads]).toEqual([0, 0]);

    // A password reset in another process could lift a name's refusal, so past a second the database is asked
    // again, once (the account, then the three limits), and still nothing is written.
    h.clock.advance(LIFTABLE_TRUST_MS);
    const again = await databaseWork(h, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await login('flooded', WRONG, address)).status);
      return statuses;
    });
    expect(again.result).toEqual(Array(10).fill(429));
    expect([again.writes, again.reads]).toEqual([0, 4]);
    // Another address is another pair: the owner signs in.
    expect((await login('flooded', PASSWORD, freshAddress())).status).toBe(200);
  });

  it('certificate lookups over the limit: 20 more are refused with no database read or write, and the next minute counts again', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) expect((await verify(address)).status).toBe(404);
    expect((await verify(address)).status).toBe(429);
    const { result, writes, reads } = await databaseWork(h, () => Promise.all(Array.from({ length: 20 }, () => verify(address))));
    expect(result.map((r) => r.status)).toEqual(Array(20).fill(429));
    expect([writes, reads]).toEqual([0, 0]);
    // The counter saw 31 lookups: the refused ones after the first were never counted, and need not be.
    expect(await throttleCount(h, `verify:ip:${address}`)).toBe(31);
    h.clock.advance(60_000);
    expect((await verify(address)).status).toBe(404);
  });

  it('reset requests over the limit: the same neutral answer, no database write, and every refusal on the hour’s audit entry', async () => {
    const address = freshAddress();
    await h.deps.refusals.log.flush();
    const before = (await entries('Password reset request throttled')).reduce((n, e) => n + e.count, 0);
    for (let i = 0; i < 10; i++) expect((await resetRequest(`nobody${i}@example.test`, address)).status).toBe(200);
    expect((await resetRequest('nobody10@example.test', address)).status).toBe(200);
    // The look-ups the answered requests left for after their answers are done first.
    const { result, writes } = await databaseWork(h, () => Promise.all(Array.from({ length: 20 }, (_, i) => resetRequest(`later${i}@example.test`, address))));
    for (const res of result) expect(await json(res)).toEqual({ message: 'If an account with that email exists, a password reset email has been sent.' });
    expect(writes).toBe(0);
    await h.deps.refusals.log.flush();
    expect((await entries('Password reset request throttled')).reduce((n, e) => n + e.count, 0) - before).toBe(21);
  });

  it('registrations, quotes and callbacks over their limits write nothing either', async () => {
    const address = freshAddress();
    // Each counter at its limit already, as 20 registrations, 10 quotes and 5 callbacks an hour would leave it.
    for (const [kind, limit] of [['register', 20], ['quote', 10], ['callback', 5]] as const) {
      await h.database.client.execute({ sql: 'insert into throttle(key, count, window_start) values (?, ?, ?)', args: [`${kind}:ip:${address}`, limit, T0] });
    }
    const register = () => h.request('POST', '/api/register', { body: { username: 'newcomer', email: 'newcomer@example.test', password: 'a-long-password' }, headers: { 'x-forwarded-for': address } });
    const quote = (n: number) => h.request('POST', '/api/quotes', { body: { ...validQuote, email: `q${n}@example.test` }, headers: { 'x-forwarded-for': address } });
    const callback = (n: number) =>
      h.request('POST', '/api/callbacks', { body: { name: 'Ann Smith', email: `c${n}@example.test`, phone: '07700 900123', reasonForContact: 'other' }, headers: { 'x-forwarded-for': address } });
    // The first of each is refused by the database; the rest from memory.
    expect([(await register()).status, (await quote(0)).status, (await callback(0)).status]).toEqual([429, 429, 429]);
    const { result, writes } = await databaseWork(h, async () => [
      ...(await Promise.all(Array.from({ length: 5 }, register))),
      ...(await Promise.all(Array.from({ length: 5 }, (_, i) => quote(i + 1)))),
      ...(await Promise.all(Array.from({ length: 5 }, (_, i) => callback(i + 1)))),
    ]);
    expect(result.map((r) => r.status)).toEqual(Array(15).fill(429));
    expect(writes).toBe(0);
    expect(await throttleCount(h, `register:ip:${address}`)).toBe(21);
  });

  it('a refusal remembered here, lifted by a password reset in another process, is asked of the database again within a second', async () => {
    await addCheapUser(h, 'lifted', PASSWORD);
    const address = freshAddress();
    const second = await openDatabase({ url: h.databaseUrl });
    try {
      const other = await createApp({ database: second, jwtSecret: TEST_SECRET, clock: h.clock, logger: pino({ level: 'silent' }), trustProxy: true, staticRoot: null });
      for (let i = 0; i < 5; i++) expect((await login('lifted', WRONG, address)).status).toBe(401);
      expect((await login('lifted', PASSWORD, address)).status).toBe(429);
      expect((await login('lifted', PASSWORD, address, other.app)).status).toBe(429);
      // The other process clears the name's counters, as a password reset does (docs/product.md#password-reset).
      await h.database.client.execute({ sql: "delete from throttle where key like 'login:pair:lifted:%'" });
      // Until the memory's trust runs out, this process still refuses; then it asks the database, which lets in.
      expect((await login('lifted', PASSWORD, address, other.app)).status).toBe(429);
      h.clock.advance(LIFTABLE_TRUST_MS);
      expect((await login('lifted', PASSWORD, address, other.app)).status).toBe(200);
    } finally {
      second.close();
    }
  });
});

describe('the refusals’ audit entries, counted in memory', () => {
  it('end up with the count and last time one write per refusal gave, one entry per name and window', async () => {
    await addCheapUser(h, 'audited', PASSWORD);
    const address = freshAddress();
    // The batch's timer is held, so what is written before the flush below is written on the requests' path.
    await h.deps.refusals.log.flush();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (let i = 0; i < 5; i++) expect((await login('audited', WRONG, address)).status).toBe(401);
    for (let i = 0; i < 12; i++) {
      expect((await login('audited', WRONG, address)).status).toBe(429);
      h.clock.advance(1000);
    }
    const last = h.clock.now() - 1000;
    // Nothing of them is written until the batch.
    expect(await entries('Login throttled for audited')).toEqual([]);
    await h.deps.refusals.log.flush();
    expect(await entries('Login throttled for audited')).toEqual([{ count: 12, createdAt: T0, lastAt: last }]);
    // More in the same window add to that entry; a refusal after the window opens another.
    expect((await login('audited', WRONG, address)).status).toBe(429);
    h.clock.set(T0 + 15 * 60_000 + 1);
    for (let i = 0; i < 5; i++) expect((await login('audited', WRONG, address)).status).toBe(401);
    expect((await login('audited', WRONG, address)).status).toBe(429);
    await h.deps.refusals.log.flush();
    expect(await entries('Login throttled for audited')).toEqual([
      { count: 13, createdAt: T0, lastAt: T0 + 12_000 },
      { count: 1, createdAt: T0 + 15 * 60_000 + 1, lastAt: T0 + 15 * 60_000 + 1 },
    ]);
    vi.useRealTimers();
  });

  it('from two processes add up on one entry', async () => {
    const second = await openDatabase({ url: h.databaseUrl });
    try {
      const other = await createApp({ database: second, jwtSecret: TEST_SECRET, clock: h.clock, logger: pino({ level: 'silent' }), trustProxy: true, staticRoot: null });
      const entry = { action: 'Login throttled for two-sided', level: 'warning' as const, username: 'two-sided' };
      const repeat = { key: 'login-throttled:login:user:two-sided', windowMs: 15 * 60_000 };
      for (let i = 0; i < 3; i++) h.deps.refusals.log.count(entry, repeat, T0 + i);
      for (let i = 0; i < 4; i++) other.deps.refusals.log.count(entry, repeat, T0 + 10 + i);
      await other.deps.refusals.log.flush();
      await h.deps.refusals.log.flush();
      expect(await entries('Login throttled for two-sided')).toEqual([{ count: 7, createdAt: T0 + 10, lastAt: T0 + 13 }]);
    } finally {
      second.close();
    }
  });

  it('are written by a timer a short while after the first, or when too many different ones are held', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // A database that takes whatever it is given: what is asked of it is counted, not written.
      const write = vi.fn(async () => Array<number>(10).fill(T0) as never);
      const log = createRefusalLog({ write, logger: pino({ level: 'silent' }), flushAfterMs: 2000, maxPending: 3 });
      log.count({ action: 'x' }, { key: 'a', windowMs: 60_000 }, T0);
      log.count({ action: 'x' }, { key: 'a', windowMs: 60_000 }, T0 + 1);
      expect(log.pending).toBe(1);
      vi.advanceTimersByTime(1999);
      await Promise.resolve();
      expect(write).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      await vi.waitFor(() => expect(log.pending).toBe(0));
      expect(write).toHaveBeenCalledTimes(1);
      for (const key of ['b', 'c']) log.count({ action: 'x' }, { key, windowMs: 60_000 }, T0);
      await Promise.resolve();
      expect(write).toHaveBeenCalledTimes(1);
      // The third different entry held reaches the bound: written at once, before any timer.
      log.count({ action: 'x' }, { key: 'd', windowMs: 60_000 }, T0);
      await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(2));
      expect(log.pending).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the refusal gate', () => {
  it('answers until the window ends, a liftable refusal for a second at a time; holds a bounded number of keys, dropping the oldest', () => {
    const gate = createRefusalGate(2);
    gate.remember('a', { resetsAt: T0 + 60_000, limit: 'verify' }, T0);
    gate.remember('b', { resetsAt: T0 + 60_000, limit: 'login_pair', liftable: true }, T0);
    expect(gate.refusal('a', T0 + 59_001)).toEqual({ retryAfterSeconds: 1, limit: 'verify' });
    expect(gate.refusal('a', T0 + 60_000)).toBeUndefined();
    expect(gate.refusal('b', T0 + LIFTABLE_TRUST_MS - 1)).toEqual({ retryAfterSeconds: 60, limit: 'login_pair' });
    expect(gate.refusal('b', T0 + LIFTABLE_TRUST_MS)).toBeUndefined();
    for (const key of ['c', 'd', 'e']) gate.remember(key, { resetsAt: T0 + 60_000, limit: 'verify' }, T0);
    expect(gate.size).toBe(2);
    expect([gate.refusal('c', T0), gate.refusal('d', T0)?.limit, gate.refusal('e', T0)?.limit]).toEqual([undefined, 'verify', 'verify']);
    gate.forgetPrefix('d');
    expect(gate.refusal('d', T0)).toBeUndefined();
  });
});
