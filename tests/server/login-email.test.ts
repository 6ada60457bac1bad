// Sign-in with the account's e-mail address as well as its username (docs/product.md#login): any letter
// case, the same answers, the same throttles (per identifier as typed, lower-cased, and per address), at
// both doors; and an account made without a usable password can never be signed into.
import { TRPCError } from '@trpc/server';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unusablePasswordHash } from '../../src-server/modules/accounts/account/service';
import { users } from '../../src-server/platform/db/schema/index';
import { createHarness, json, PASSWORD, sessionOf, T0, type Harness } from './harness';

let h: Harness;
let carolId: number;

beforeAll(async () => {
  h = await createHarness();
  carolId = await h.addUser({ username: 'carol', email: 'Carol.Jones@Example.test' });
  await h.addUser({ username: 'dave', email: 'dave@example.test' });
});
afterAll(() => h.close());

let n = 0;
const freshAddress = () => `198.51.100.${++n}`;
const login = (body: unknown, address = freshAddress()) => h.request('POST', '/api/login', { body, headers: { 'x-forwarded-for': address } });

describe('by e-mail address', () => {
  it('signs in with the e-mail in any letter case, as the username would', async () => {
    for (const identifier of ['Carol.Jones@Example.test', 'carol.jones@example.test', 'CAROL.JONES@EXAMPLE.TEST', '  carol.jones@example.test ']) {
      const res = await login({ username: identifier, password: PASSWORD });
      expect(res.status, identifier).toBe(200);
      const body = await json<{ token: string; user: { id: number; username: string; email: string } }>(res);
      expect(decodeJwt(body.token)).toMatchObject({ sub: String(carolId), username: 'carol' });
      expect(body.user).toMatchObject({ id: carolId, username: 'carol', email: 'Carol.Jones@Example.test' });
    }
    // The username still works.
    expect((await login({ username: 'CAROL', password: PASSWORD })).status).toBe(200);
  });

  it('over tRPC too', async () => {
    const answer = sessionOf(await h.trpc(undefined, freshAddress()).account.login({ username: 'DAVE@example.test', password: PASSWORD }));
    expect(answer.user.username).toBe('dave');
  });

  it('answers a wrong password and an unknown address exactly as for a username, and logs what was typed', async () => {
    const answers = await Promise.all(
      [
        { username: 'carol.jones@example.test', password: 'wrong-password' },
        { username: 'nobody@example.test', password: 'wrong-password' },
        { username: 'carol', password: 'wrong-password' },
        { username: 'nobody', password: 'wrong-password' },
      ].map(async (b) => {
        const res = await login(b);
        return { status: res.status, body: await json(res) };
      }),
    );
    for (const a of answers) expect(a).toEqual({ status: 401, body: { error: 'Invalid username or password' } });
    const trpcError = await h
      .trpc(undefined, freshAddress())
      .account.login({ username: 'carol.jones@example.test', password: 'wrong-password' })
      .catch((e: unknown) => e);
    expect(trpcError).toBeInstanceOf(TRPCError);
    expect((trpcError as TRPCError).code).toBe('UNAUTHORIZED');
    expect((trpcError as TRPCError).message).toBe('Invalid username or password');
    const logged = await h.database.client.execute("select action from audit_logs where action like 'Login failed for %@%'");
    expect(logged.rows.map((r) => r['action'])).toContain('Login failed for carol.jones@example.test');
  });
});

describe('throttles', () => {
  it('counts failures per e-mail address as typed, lower-cased: 5 in 15 minutes from one address, then 429 whatever the case', async () => {
    await h.addUser({ username: 'erin', email: 'erin@example.test' });
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await login({ username: i % 2 ? 'ERIN@example.test' : 'erin@example.test', password: 'wrong-password' }, address)).status).toBe(401);
    const over = await login({ username: 'Erin@Example.Test', password: PASSWORD }, address);
    expect(over.status).toBe(429);
    expect(await json(over)).toEqual({ error: 'Too many attempts. Please wait and try again.' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // The username is its own identifier, counted apart.
    expect((await login({ username: 'erin', password: PASSWORD }, address)).status).toBe(200);
    // After the window the e-mail signs in again.
    h.clock.advance(15 * 60_000 + 1000);
    expect((await login({ username: 'erin@example.test', password: PASSWORD }, address)).status).toBe(200);
  });

  it('a success by e-mail clears that identifier’s count', async () => {
    await h.addUser({ username: 'fay', email: 'fay@example.test' });
    const address = freshAddress();
    for (let i = 0; i < 4; i++) expect((await login({ username: 'fay@example.test', password: 'wrong-password' }, address)).status).toBe(401);
    expect((await login({ username: 'FAY@example.test', password: PASSWORD }, address)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login({ username: 'fay@example.test', password: 'wrong-password' }, address)).status).toBe(401);
    expect((await login({ username: 'fay@example.test', password: PASSWORD }, address)).status).toBe(429);
  });

  it('counts e-mail and username attempts alike against the client address: 20, then 429', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) {
      expect((await login({ username: i % 2 ? `someone${i}@example.test` : `someone${i}`, password: 'wrong-password' }, address)).status).toBe(401);
    }
    expect((await login({ username: 'dave@example.test', password: PASSWORD }, address)).status).toBe(429);
  });
});

describe('an account with no usable password (made for a customer, not yet invited in)', () => {
  it('refuses every password, by username or e-mail, with the usual 401', async () => {
    const now = T0;
    await h.database.db
      .insert(users)
      .values({ username: 'gina', email: 'gina@example.test', passwordHash: unusablePasswordHash(), isAdmin: false, isOwner: false, createdAt: now, updatedAt: now });
    const stored = await h.database.client.execute("select password_hash from users where username = 'gina'");
    const hash = String(stored.rows[0]!['password_hash']);
    for (const password of [hash, hash.split('$')[1]!, '', 'x', PASSWORD]) {
      for (const username of ['gina', 'gina@example.test']) {
        const res = await login({ username, password: password || 'x' });
        expect(res.status, `${username} / ${password}`).toBe(401);
        expect(await json(res)).toEqual({ error: 'Invalid username or password' });
      }
    }
  });
});
