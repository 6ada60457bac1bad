// The sign-in throttle (docs/product.md#login, docs/api.md#rate-limits): only failures count, exactly, also
// under concurrency and across processes; and wrong guesses from other addresses slow an attacker without
// locking the owner out: 5 failures per name and address, 50 per name from all addresses (an address the
// account signed in from in the last 30 days exempt), 20 per address, each per 15 minutes.
import { createHash, randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src-server/app';
import { pruneThrottle } from '../../src-server/platform/auth/throttle';
import { openDatabase } from '../../src-server/platform/db/client';
import { oneTimeTokens } from '../../src-server/platform/db/schema/index';
import { addCheapUser as addCheapUserTo } from './cheap-user';
import { createHarness, json, PASSWORD, TEST_SECRET, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const WINDOW_MS = 15 * 60_000;
const DAY_MS = 24 * 3600_000;
const WRONG = 'not-the-password';

let addressCounter = 0;
/** A client address no other test uses. */
const freshAddress = () => `10.77.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;

const login = (username: string, password: string, address: string) =>
  h.request('POST', '/api/login', { body: { username, password }, headers: { 'x-forwarded-for': address } });
const statusOf = async (username: string, password: string, address: string) => (await login(username, password, address)).status;
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

const addCheapUser = (username: string, password = PASSWORD) => addCheapUserTo(h, username, password);

async function throttleCount(key: string): Promise<number> {
  const rs = await h.database.client.execute({ sql: 'select count from throttle where key = ?', args: [key] });
  return Number(rs.rows[0]?.['count'] ?? 0);
}

describe('correct sign-ins in flight count for nothing', () => {
  it('20 concurrent correct sign-ins to one account from one address all succeed', async () => {
    await h.addUser({ username: 'busy' });
    const address = freshAddress();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => statusOf('busy', PASSWORD, address)));
    expect(tally(statuses)).toEqual({ 200: 20 });
  });

  it('4 wrong and 8 correct passwords at once from one address: 4 refused as wrong, 8 signed in', async () => {
    await h.addUser({ username: 'mixed' });
    const address = freshAddress();
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => statusOf('mixed', i % 3 === 0 ? WRONG : PASSWORD, address)));
    expect(statuses.filter((_, i) => i % 3 === 0)).toEqual([401, 401, 401, 401]);
    expect(statuses.filter((_, i) => i % 3 !== 0)).toEqual(Array(8).fill(200));
  });
});

describe('failures count exactly, also when they arrive together', () => {
  it('10 wrong passwords at once for one name from one address: exactly 5 answered 401, the rest 429', async () => {
    await h.addUser({ username: 'racer' });
    const address = freshAddress();
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => statusOf('racer', `${WRONG}-${i}`, address)));
    expect(tally(statuses)).toEqual({ 401: 5, 429: 5 });
    expect(await statusOf('racer', PASSWORD, address)).toBe(429);
    // The limit is on that name from that address: the owner elsewhere is not locked out.
    expect(await statusOf('racer', PASSWORD, freshAddress())).toBe(200);
  });

  it('24 wrong passwords at once from one address over different names: exactly 20 answered 401, the rest 429', async () => {
    const address = freshAddress();
    const statuses = await Promise.all(Array.from({ length: 24 }, (_, i) => statusOf(`nobody-${i}`, WRONG, address)));
    expect(tally(statuses)).toEqual({ 401: 20, 429: 4 });
    expect(await throttleCount(`login:ip:${address}`)).toBeGreaterThanOrEqual(20);
  });

  it('two server processes on one database share the counters', async () => {
    const second = await openDatabase({ url: h.databaseUrl });
    try {
      const other = await createApp({ database: second, jwtSecret: TEST_SECRET, clock: h.clock, logger: pino({ level: 'silent' }), trustProxy: true, staticRoot: null });
      await h.addUser({ username: 'shared' });
      const address = freshAddress();
      const viaOther = (password: string) =>
        other.app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ username: 'shared', password }) });
      for (let i = 0; i < 3; i++) expect(await statusOf('shared', WRONG, address)).toBe(401);
      for (let i = 0; i < 2; i++) expect((await viaOther(WRONG)).status).toBe(401);
      expect(await statusOf('shared', PASSWORD, address)).toBe(429);
      expect((await viaOther(PASSWORD)).status).toBe(429);
    } finally {
      second.close();
    }
  });
});

describe('a wrong-password attacker does not lock the owner out', () => {
  it('failures from other addresses leave the owner free to sign in from their own', async () => {
    await addCheapUser('owned');
    const attackers = Array.from({ length: 9 }, freshAddress);
    for (const address of attackers) {
      for (let i = 0; i < 5; i++) expect(await statusOf('owned', `${WRONG}-${i}`, address)).toBe(401);
      expect(await statusOf('owned', WRONG, address)).toBe(429);
    }
    // 45 failures for the name from nine addresses; the owner, from an address never used before, signs in.
    expect(await statusOf('owned', PASSWORD, freshAddress())).toBe(200);
    expect(await statusOf('OWNED@example.test', PASSWORD, freshAddress())).toBe(200);
  });

  it('holds 5 failures per name and address at its edges: the 5th is 401, the 6th 429 for 15 minutes from the first', async () => {
    await h.addUser({ username: 'edgy' });
    const address = freshAddress();
    const start = h.clock.now();
    try {
      for (let i = 0; i < 4; i++) expect(await statusOf('edgy', WRONG, address)).toBe(401);
      h.clock.advance(5 * 60_000);
      expect(await statusOf('EDGY', WRONG, address)).toBe(401);
      const over = await login('edgy', PASSWORD, address);
      expect(over.status).toBe(429);
      expect(await json(over)).toEqual({ error: 'Too many attempts. Please wait and try again.' });
      expect(Number(over.headers.get('retry-after'))).toBe(10 * 60);
      // The e-mail address is another name, counted apart; another address is another pair.
      expect(await statusOf('edgy@example.test', PASSWORD, address)).toBe(200);
      expect(await statusOf('edgy', PASSWORD, freshAddress())).toBe(200);
      h.clock.advance(10 * 60_000 - 1000);
      expect(await statusOf('edgy', PASSWORD, address)).toBe(429);
      h.clock.advance(1000);
      expect(await statusOf('edgy', PASSWORD, address)).toBe(200);
    } finally {
      h.clock.set(start);
    }
  });

  it('a success clears that name and address, and a refused attempt is logged as throttled', async () => {
    await h.addUser({ username: 'cleared' });
    const address = freshAddress();
    for (let i = 0; i < 4; i++) expect(await statusOf('cleared', WRONG, address)).toBe(401);
    expect(await statusOf('cleared', PASSWORD, address)).toBe(200);
    for (let i = 0; i < 5; i++) expect(await statusOf('cleared', WRONG, address)).toBe(401);
    expect(await statusOf('cleared', WRONG, address)).toBe(429);
    // Refusals are counted in memory and written in a batch (audit/refusal-log.ts).
    await h.deps.refusals.log.flush();
    const rs = await h.database.client.execute("select level from audit_logs where action = 'Login throttled for cleared'");
    expect(rs.rows.map((r) => r['level'])).toEqual(['warning']);
  });

  it('holds 50 failures per name from all addresses at its edge; an address the owner signed in from in the last 30 days stays open', async () => {
    await addCheapUser('target');
    const start = h.clock.now();
    try {
      const stale = freshAddress();
      const recent = freshAddress();
      expect(await statusOf('target', PASSWORD, stale)).toBe(200);
      h.clock.advance(30 * DAY_MS + 60_000);
      expect(await statusOf('target', PASSWORD, recent)).toBe(200);
      // 48 failures from ten other addresses (under 5 each), then the last two at once with two more.
      const attackers = Array.from({ length: 12 }, freshAddress);
      for (let i = 0; i < 48; i++) expect(await statusOf('target', `${WRONG}-${i}`, attackers[i % 10]!)).toBe(401);
      const lastOnes = await Promise.all(Array.from({ length: 4 }, (_, i) => statusOf('target', `${WRONG}-x${i}`, attackers[10 + (i % 2)]!)));
      expect(tally(lastOnes)).toEqual({ 401: 2, 429: 2 });
      // Every failure checked is counted, the two refused ones too.
      expect(await throttleCount('login:user:target')).toBeGreaterThanOrEqual(50);
      // Over the limit: refused from a new address, and from one last used more than 30 days ago ...
      const refused = await login('target', PASSWORD, freshAddress());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await statusOf('target', PASSWORD, stale)).toBe(429);
      // ... but the owner, from an address they signed in from in the last 30 days, is let in.
      expect(await statusOf('target', PASSWORD, recent)).toBe(200);
      // A wrong password from that address still counts against its own pair limit.
      for (let i = 0; i < 5; i++) expect(await statusOf('target', WRONG, recent)).toBe(401);
      expect(await statusOf('target', PASSWORD, recent)).toBe(429);
      // After the window every address signs in again.
      h.clock.advance(WINDOW_MS);
      expect(await statusOf('target', PASSWORD, freshAddress())).toBe(200);
    } finally {
      h.clock.set(start);
    }
  });

  it('a password reset clears the counters of both names, from every address', async () => {
    const userId = await h.addUser({ username: 'forgetful', email: 'forgetful@example.test' });
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect(await statusOf('forgetful', WRONG, address)).toBe(401);
    for (let i = 0; i < 5; i++) expect(await statusOf('forgetful@example.test', WRONG, address)).toBe(401);
    expect(await statusOf('forgetful', PASSWORD, address)).toBe(429);
    // A reset link as the request would have e-mailed it (only its SHA-256 is stored).
    const token = randomBytes(32).toString('base64url');
    const now = h.clock.now();
    await h.database.db.insert(oneTimeTokens).values({ kind: 'reset', userId, tokenHash: createHash('sha256').update(token).digest('hex'), expiresAt: now + 60_000, createdAt: now });
    expect((await h.request('POST', '/api/password-reset/confirm', { body: { token, password: 'a-new-password-1' } })).status).toBe(200);
    expect(await statusOf('forgetful', 'a-new-password-1', address)).toBe(200);
    expect(await statusOf('forgetful@example.test', 'a-new-password-1', address)).toBe(200);
  });
});

describe('housekeeping', () => {
  it('keeps an address the account signed in from for 30 days, the failure counters for a day', async () => {
    const address = freshAddress();
    await h.addUser({ username: 'tidy' });
    expect(await statusOf('tidy', WRONG, address)).toBe(401);
    expect(await statusOf('tidy', PASSWORD, address)).toBe(200);
    const keys = async () =>
      (await h.database.client.execute({ sql: "select key from throttle where key like 'login:%' and (key like ? or key like ?) order by key", args: [`%${encodeURIComponent(address)}`, '%:tidy'] })).rows.map((r) => String(r['key']).split(':')[1]);
    expect(await keys()).toEqual(['ip', 'known', 'user']);
    await pruneThrottle(h.database.db, h.clock.now() + 2 * DAY_MS);
    expect(await keys()).toEqual(['known']);
    await pruneThrottle(h.database.db, h.clock.now() + 30 * DAY_MS + 1);
    expect(await keys()).toEqual([]);
  });
});
