// Refusals on the token and challenge routes cost nobody else (docs/operations.md#refusals): a bad e-mailed link (a
// password reset, an address confirmation, an e-mail change) or an unknown second-factor challenge is counted against
// the client address, 20 in 15 minutes as sign-ins are; past that every attempt, the right one too, is refused 429
// with Retry-After at both doors, from memory, with no database write (nor read) on its path. Wrong second-factor
// codes the same. The passkey sign-in's options store nothing and are limited per address in memory; its challenges
// are signed, so one made by another process with the same secret works, and a replayed, expired or altered one not.
// Counted by spying on the app's writes and reads, on the harness's manual clock.
import { pino } from 'pino';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src-server/app';
import { runMaintenance } from '../../src-server/maintenance';
import { settleAfterAnswer } from '../../src-server/platform/after-answer';
import { createCallCounter } from '../../src-server/platform/auth/call-counter';
import { createChallengeSigner } from '../../src-server/platform/auth/signed-challenge';
import { openDatabase } from '../../src-server/platform/db/client';
import { issueToken } from '../../src-server/platform/tokens/index';
import { databaseWork, throttleCount } from './database-work';
import { createHarness, json, PASSWORD, T0, TEST_SECRET, type Harness } from './harness';
import { expectJson } from './answers';
import { SoftAuthenticator, type AuthenticationOptions, type RegistrationOptions } from './soft-authenticator';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => {
  vi.restoreAllMocks();
  h.clock.set(T0);
});
afterAll(() => h.close());

const WINDOW_SECONDS = 15 * 60;
let addressCounter = 0;
const freshAddress = () => `10.66.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;
let names = 0;
const freshName = (prefix: string) => `${prefix}${names++}`;
const BAD_TOKEN = 'x'.repeat(43);

const passkeyChallengeRows = async () => Number((await h.database.client.execute("select count(*) n from one_time_tokens where kind = 'passkey-sign-in'")).rows[0]!['n']);
/** The code the authenticator shows at the server's time. */
const totp = (secret: string) => generate({ secret, epoch: Math.floor(h.clock.now() / 1000) });

/** Enrols a TOTP second factor for a new staff account; answers its name and key. */
async function staffWithFactor(): Promise<{ username: string; secret: string }> {
  const username = freshName('tfstaff');
  await h.addUser({ username, isAdmin: true });
  const token = await h.tokenFor(username);
  const setup = await json<{ secret: string }>(await h.request('POST', '/api/account/second-factor/setup', { token }));
  expect((await h.request('POST', '/api/account/second-factor/confirm', { token, body: { code: await totp(setup.secret) } })).status).toBe(200);
  return { username, secret: setup.secret };
}

interface TokenRoute {
  rest: string;
  trpc: string;
  /** The status a bad token answers within the limit. */
  badStatus: number;
  /** The counter a bad token counts on, for the address. */
  key: (address: string) => string;
  /** The session of the caller, for a signed-in route; and a body with a bad token, and one with a right token. */
  prepare: () => Promise<{ session?: string; bad: unknown; right: () => Promise<unknown> }>;
}

const ROUTES: Record<string, TokenRoute> = {
  'a password reset link': {
    rest: '/api/password-reset/confirm',
    trpc: '/trpc/passwordReset.confirm',
    badStatus: 400,
    key: (address) => `account-link:ip:${address}`,
    prepare: async () => {
      const id = await h.addUser({ username: freshName('tkreset') });
      return {
        bad: { token: BAD_TOKEN, password: 'a-new-passphrase' },
        right: async () => ({ token: await h.deps.write((tx) => issueToken(tx, { kind: 'reset', userId: id, ttlMs: 30 * 60_000, now: h.clock.now() })), password: 'a-new-passphrase' }),
      };
    },
  },
  'an address confirmation link': {
    rest: '/api/account/verify-email/confirm',
    trpc: '/trpc/account.verifyEmail.confirm',
    badStatus: 400,
    key: (address) => `account-link:ip:${address}`,
    prepare: async () => {
      const username = freshName('tkverify');
      const id = await h.addUser({ username, emailVerified: false });
      return {
        session: await h.tokenFor(username),
        bad: { token: BAD_TOKEN },
        right: async () => ({ token: await h.deps.write((tx) => issueToken(tx, { kind: 'verify', userId: id, ttlMs: 7 * 24 * 3600_000, now: h.clock.now() })) }),
      };
    },
  },
  'an e-mail change link': {
    rest: '/api/account/email/confirm',
    trpc: '/trpc/account.confirmEmailChange',
    badStatus: 400,
    key: (address) => `account-link:ip:${address}`,
    prepare: async () => {
      const username = freshName('tkchange');
      const id = await h.addUser({ username });
      return {
        session: await h.tokenFor(username),
        bad: { token: BAD_TOKEN },
        right: async () => ({
          token: await h.deps.write((tx) => issueToken(tx, { kind: 'email-change', userId: id, target: `${username}-new@example.test`, ttlMs: 24 * 3600_000, now: h.clock.now() })),
        }),
      };
    },
  },
  'a second-factor challenge': {
    rest: '/api/login/second-factor',
    trpc: '/trpc/account.secondFactor.login',
    badStatus: 401,
    key: (address) => `second-factor:ip:${address}`,
    prepare: async () => {
      const staff = await staffWithFactor();
      h.clock.advance(30_000);
      return {
        bad: { challenge: BAD_TOKEN, code: '123456' },
        right: async () => {
          const res = await h.request('POST', '/api/login', { body: { username: staff.username, password: PASSWORD }, headers: { 'x-forwarded-for': freshAddress() } });
          const { challenge } = await json<{ challenge: string }>(res);
          return { challenge, code: await totp(staff.secret) };
        },
      };
    },
  },
};

describe.each(Object.entries(ROUTES))('%s', (_name, route) => {
  describe.each([
    ['REST', route.rest],
    ['tRPC', route.trpc],
  ])('at the %s door', (door, path) => {
    it('20 bad ones from an address are refused as such; the 21st and the right one answer 429 with Retry-After, writing and reading nothing', async () => {
      const { session, bad, right } = await route.prepare();
      const address = freshAddress();
      const send = (body: unknown, from = address) => h.request('POST', path, { token: session, body, headers: { 'x-forwarded-for': from } });
      for (let i = 0; i < 20; i++) expect((await send(bad)).status).toBe(route.badStatus);
      expect(await throttleCount(h, route.key(address))).toBe(20);
      const refused = await send(bad);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(WINDOW_SECONDS));
      if (door === 'tRPC') expect((await json<{ error: { data: { code: string } } }>(refused)).error.data.code).toBe('TOO_MANY_REQUESTS');

      // Past the limit, bad and right alike are refused from memory: no database write, nor read.
      h.clock.advance(60_000);
      const rightBody = await right();
      // The session's last-seen time moves at most once a minute (modules/accounts/sessions): moved now, not during the flood.
      if (session) expect((await h.request('GET', '/api/me', { token: session })).status).toBe(200);
      const flood = await databaseWork(h, async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++) statuses.push((await send(bad)).status);
        const last = await send(rightBody);
        return { statuses, last: { status: last.status, retryAfter: last.headers.get('retry-after') } };
      });
      expect(flood.result.statuses).toEqual(Array(10).fill(429));
      expect(flood.result.last).toEqual({ status: 429, retryAfter: String(WINDOW_SECONDS - 60) });
      expect([flood.writes, flood.reads]).toEqual([0, 0]);
      expect(await throttleCount(h, route.key(address))).toBe(20);

      // Another address is not held back; and once the window ends, this one is not either.
      expect((await send(rightBody, freshAddress())).status).toBe(200);
      h.clock.advance(WINDOW_SECONDS * 1000);
      expect((await send(bad)).status).toBe(route.badStatus);
    });
  });
});

describe('the e-mailed links share one count per address', () => {
  it('bad reset, confirmation and change links add up: the 21st of any kind is refused', async () => {
    const username = freshName('tkshared');
    await h.addUser({ username });
    const session = await h.tokenFor(username);
    const address = freshAddress();
    const headers = { 'x-forwarded-for': address };
    for (let i = 0; i < 7; i++) {
      expect((await h.request('POST', '/api/password-reset/confirm', { body: { token: BAD_TOKEN, password: 'a-new-passphrase' }, headers })).status).toBe(400);
      expect((await h.request('POST', '/api/account/verify-email/confirm', { token: session, body: { token: BAD_TOKEN }, headers })).status).toBe(400);
      if (i < 6) expect((await h.request('POST', '/api/account/email/confirm', { token: session, body: { token: BAD_TOKEN }, headers })).status).toBe(400);
    }
    expect((await h.request('POST', '/api/account/email/confirm', { token: session, body: { token: BAD_TOKEN }, headers })).status).toBe(429);
    expect((await h.request('POST', '/api/password-reset/confirm', { body: { token: BAD_TOKEN, password: 'a-new-passphrase' }, headers })).status).toBe(429);
  });

  it('a good link is read before the write lock is taken, and claimed in the one write', async () => {
    const username = freshName('tkgood');
    const id = await h.addUser({ username, emailVerified: false });
    const session = await h.tokenFor(username);
    const token = await h.deps.write((tx) => issueToken(tx, { kind: 'verify', userId: id, ttlMs: 7 * 24 * 3600_000, now: h.clock.now() }));
    // The session's "last seen" is written once, after the answer of its first request: that one, not this.
    expect((await h.request('GET', '/api/me', { token: session })).status).toBe(200);
    await settleAfterAnswer(h.deps);
    const write = vi.spyOn(h.deps, 'write');
    const select = vi.spyOn(h.deps.db, 'select');
    expect((await h.request('POST', '/api/account/verify-email/confirm', { token: session, body: { token }, headers: { 'x-forwarded-for': freshAddress() } })).status).toBe(200);
    expect(write).toHaveBeenCalledTimes(1);
    // Outside the transaction and before it: the address's counter, then the link.
    expect(select.mock.invocationCallOrder.filter((n) => n < write.mock.invocationCallOrder[0]!)).toHaveLength(2);
    // Spent: the same link again answers as the account's own link spent before.
    expect((await json<{ message: string }>(await h.request('POST', '/api/account/verify-email/confirm', { token: session, body: { token } }))).message).toMatch(/already confirmed/);
  });
});

describe('wrong second-factor codes', () => {
  it('past the account’s limit a flood of codes for its challenge reads and writes nothing, whatever the address', async () => {
    const staff = await staffWithFactor();
    h.clock.advance(30_000);
    const login = await json<{ challenge: string }>(await h.request('POST', '/api/login', { body: { username: staff.username, password: PASSWORD }, headers: { 'x-forwarded-for': freshAddress() } }));
    const code = (value: string, address = freshAddress()) => h.request('POST', '/api/login/second-factor', { body: { challenge: login.challenge, code: value }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 5; i++) expect((await code(String(100000 + i))).status).toBe(401);
    // The sixth is refused by the account's limit (one read of its counter), and remembered under the challenge too.
    expect((await code('100005')).status).toBe(429);
    const flood = await databaseWork(h, () => Promise.all(Array.from({ length: 20 }, (_, i) => code(String(200000 + i)))));
    expect(flood.result.map((r) => r.status)).toEqual(Array(20).fill(429));
    expect([flood.writes, flood.reads]).toEqual([0, 0]);
    // The right code waits with them.
    expect((await code(await totp(staff.secret))).status).toBe(429);
  });
});

describe('passkey sign-in options', () => {
  const options = (address: string, app: Harness['app'] = h.app) =>
    app.request('/api/login/passkey/options', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address } });

  it('store nothing, and answer 429 with Retry-After past 20 from one address in 15 minutes, at both doors', async () => {
    for (const path of ['/api/login/passkey/options', '/trpc/account.passkeyLogin.options']) {
      const address = freshAddress();
      const rows = await passkeyChallengeRows();
      const flood = await databaseWork(h, async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 25; i++) statuses.push((await h.request('POST', path, { headers: { 'content-type': 'application/json', 'x-forwarded-for': address } })).status);
        return statuses;
      });
      expect(flood.result).toEqual([...Array<number>(20).fill(200), ...Array<number>(5).fill(429)]);
      expect([flood.writes, flood.reads]).toEqual([0, 0]);
      expect(await passkeyChallengeRows()).toBe(rows);
      h.clock.advance(60_000);
      const refused = await h.request('POST', path, { headers: { 'content-type': 'application/json', 'x-forwarded-for': address } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(WINDOW_SECONDS - 60));
      // Other addresses are not held back, and this one asks again once its window ends.
      expect((await options(freshAddress())).status).toBe(200);
      h.clock.advance((WINDOW_SECONDS - 60) * 1000);
      expect((await options(address)).status).toBe(200);
      h.clock.set(T0);
    }
  });
});

describe('passkey sign-in challenges, signed', () => {
  async function signInOptions(app: Harness['app'] = h.app): Promise<AuthenticationOptions> {
    return (await expectJson<{ options: AuthenticationOptions }>(app.request('/api/login/passkey/options', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() } }), 200)).options;
  }
  const passkeyLogin = (response: unknown, app: Harness['app'] = h.app) =>
    app.request('/api/login/passkey', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() }, body: JSON.stringify({ response }) });

  async function withPasskey(): Promise<SoftAuthenticator> {
    const username = freshName('tkpasskey');
    await h.addUser({ username });
    const token = await h.tokenFor(username);
    const authenticator = new SoftAuthenticator();
    const { options } = await json<{ options: RegistrationOptions }>(await h.request('POST', '/api/account/passkeys/options', { token, body: { currentPassword: PASSWORD }, headers: { 'x-forwarded-for': freshAddress() } }));
    expect((await h.request('POST', '/api/account/passkeys', { token, body: { name: 'Phone', response: authenticator.register(options) }, headers: { 'x-forwarded-for': freshAddress() } })).status).toBe(201);
    return authenticator;
  }

  it('one made by another process with the same secret is accepted; by a process with another secret, refused', async () => {
    const authenticator = await withPasskey();
    const second = await openDatabase({ url: h.databaseUrl });
    try {
      const other = await createApp({ database: second, jwtSecret: TEST_SECRET, clock: h.clock, logger: pino({ level: 'silent' }), trustProxy: true, staticRoot: null });
      expect((await passkeyLogin(authenticator.authenticate(await signInOptions(other.app)))).status).toBe(200);
      expect((await passkeyLogin(authenticator.authenticate(await signInOptions()), other.app)).status).toBe(200);
      const stranger = await createApp({ database: second, jwtSecret: `${TEST_SECRET}-another`, clock: h.clock, logger: pino({ level: 'silent' }), trustProxy: true, staticRoot: null });
      expect((await passkeyLogin(authenticator.authenticate(await signInOptions(stranger.app)))).status).toBe(401);
    } finally {
      second.close();
    }
  });

  it('is refused when replayed (at another process too, and after housekeeping), expired or altered', async () => {
    const authenticator = await withPasskey();
    const options = await signInOptions();
    const rows = await passkeyChallengeRows();
    h.clock.advance(60_000);
    expect((await passkeyLogin(authenticator.authenticate(options))).status).toBe(200);
    // The sign-in recorded it as spent: one row, kept by housekeeping until the challenge would have expired.
    expect(await passkeyChallengeRows()).toBe(rows + 1);
    await runMaintenance(h.deps);
    expect((await passkeyLogin(authenticator.authenticate(options))).status).toBe(401);
    const second = await openDatabase({ url: h.databaseUrl });
    try {
      const other = await createApp({ database: second, jwtSecret: TEST_SECRET, clock: h.clock, logger: pino({ level: 'silent' }), trustProxy: true, staticRoot: null });
      expect((await passkeyLogin(authenticator.authenticate(options), other.app)).status).toBe(401);
    } finally {
      second.close();
    }

    // Expired: five minutes after it was made. Past that, housekeeping drops the spent one's row.
    const late = await signInOptions();
    h.clock.advance(5 * 60_000);
    expect((await passkeyLogin(authenticator.authenticate(late))).status).toBe(401);
    h.clock.advance(1);
    await runMaintenance(h.deps);
    expect(await passkeyChallengeRows()).toBe(0);

    // Altered: its expiry moved on, or any one character changed.
    const fresh = await signInOptions();
    const bytes = Buffer.from(fresh.challenge, 'base64url');
    bytes[20] = bytes[20]! ^ 0xff;
    expect((await passkeyLogin(authenticator.authenticate({ challenge: bytes.toString('base64url') })))
      .status).toBe(401);
    const flipped = `${fresh.challenge.slice(0, -1)}${fresh.challenge.endsWith('A') ? 'B' : 'A'}`;
    expect((await passkeyLogin(authenticator.authenticate({ challenge: flipped }))).status).toBe(401);
    // The unaltered one still works.
    expect((await passkeyLogin(authenticator.authenticate(fresh))).status).toBe(200);
  });

  it('the signer: checks its own, unexpired, exactly as made', () => {
    const signer = createChallengeSigner(TEST_SECRET, 'passkey-sign-in');
    const challenge = signer.issue(T0, 60_000);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{76}$/);
    expect(signer.check(challenge, T0)).toBe(T0 + 60_000);
    expect(signer.check(challenge, T0 + 59_999)).toBe(T0 + 60_000);
    expect(signer.check(challenge, T0 + 60_000)).toBeNull();
    expect(createChallengeSigner(TEST_SECRET, 'another-purpose').check(challenge, T0)).toBeNull();
    for (const altered of [`${challenge}A`, challenge.slice(0, -1), `${challenge.slice(0, 10)}!${challenge.slice(11)}`, '', 'bm9wZQ']) {
      expect(signer.check(altered, T0), altered).toBeNull();
    }
    expect(signer.issue(T0, 60_000)).not.toBe(challenge);
  });
});

describe('the call counter', () => {
  it('counts fixed windows per key, and holds a bounded number of keys, forgetting the oldest window', () => {
    const counter = createCallCounter(2);
    const rule = { limit: 2, windowMs: 60_000 };
    expect([counter.hit('a', rule, T0), counter.hit('a', rule, T0 + 1000)].map((r) => r.over)).toEqual([false, false]);
    expect(counter.hit('a', rule, T0 + 1000)).toEqual({ over: true, retryAfterSeconds: 59 });
    expect(counter.hit('a', rule, T0 + 60_000).over).toBe(false);
    counter.hit('b', rule, T0 + 60_000);
    counter.hit('c', rule, T0 + 60_000);
    expect(counter.size).toBe(2);
    // 'a' was the oldest window: forgotten, it counts from nought again.
    expect([counter.hit('a', rule, T0 + 60_000), counter.hit('a', rule, T0 + 60_000)].map((r) => r.over)).toEqual([false, false]);
  });
});
