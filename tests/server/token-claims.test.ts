// A correctly signed token is still refused when its claims are out of range (docs/api.md#authentication):
// `exp` at most the longest session (30 days) ahead, `nbf` and `iat` not in the future, `iat` not before the
// longest session, `sub` a canonical account id. Each must answer 401 at both doors, never 500.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, TEST_SECRET, type Harness } from './harness';

let h: Harness;
let userId: number;

beforeAll(async () => {
  h = await createHarness();
  userId = await h.addUser({ username: 'tess' });
});
afterAll(() => h.close());

const DAY = 24 * 3600;
const nowSeconds = () => Math.floor(h.clock.now() / 1000);

/** A token signed with the server's own secret and algorithm, with the claims given (the rest as the server signs them). */
function sign(claims: Record<string, unknown>): Promise<string> {
  const now = nowSeconds();
  const payload = { sub: String(userId), username: 'tess', isAdmin: false, isOwner: false, sv: 0, jti: 'claims-test', iat: now, exp: now + 3600, ...claims };
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(TEST_SECRET));
}

/** The status each door answers for the token: REST GET /api/me, tRPC account.me (by HTTP and by the caller). */
async function answers(token: string): Promise<{ rest: number; trpcHttp: number; trpcCaller: string }> {
  const rest = (await h.request('GET', '/api/me', { token })).status;
  const trpcHttp = (await h.request('GET', '/trpc/account.me', { token })).status;
  let trpcCaller = 'resolved';
  try {
    await h.trpc(token).account.me();
  } catch (err) {
    trpcCaller = (err as { code?: string }).code ?? 'unknown';
  }
  return { rest, trpcHttp, trpcCaller };
}

const ACCEPTED = { rest: 200, trpcHttp: 200, trpcCaller: 'resolved' };
const REFUSED = { rest: 401, trpcHttp: 401, trpcCaller: 'UNAUTHORIZED' };

describe('a token with claims the server would never sign', () => {
  it('accepts the claims the server signs itself, up to the 30-day session', async () => {
    expect(await answers(await sign({}))).toEqual(ACCEPTED);
    expect(await answers(await sign({ exp: nowSeconds() + 30 * DAY }))).toEqual(ACCEPTED);
    expect(await answers(await sign({ iat: nowSeconds() - 30 * DAY + 60, exp: nowSeconds() + 60 }))).toEqual(ACCEPTED);
    expect(await answers(await sign({ nbf: nowSeconds() }))).toEqual(ACCEPTED);
  });

  it('refuses an exp further ahead than the longest session, 1e300 too (never a 500)', async () => {
    for (const exp of [1e300, Number.MAX_SAFE_INTEGER, nowSeconds() + 30 * DAY + 3600, nowSeconds() + 365 * DAY]) {
      expect(await answers(await sign({ exp })), `exp ${exp}`).toEqual(REFUSED);
    }
  });

  it('refuses an exp that is not a whole number of seconds', async () => {
    for (const exp of [nowSeconds() + 0.5 + 3600, '9999999999', null, true]) {
      expect(await answers(await sign({ exp })), `exp ${String(exp)}`).toEqual(REFUSED);
    }
  });

  it('refuses a token whose nbf is still in the future, or malformed', async () => {
    expect(await answers(await sign({ nbf: nowSeconds() + 3600 }))).toEqual(REFUSED);
    expect(await answers(await sign({ nbf: nowSeconds() + 5 * 60 }))).toEqual(REFUSED);
    expect(await answers(await sign({ nbf: 'yesterday' }))).toEqual(REFUSED);
  });

  it('refuses an iat in the future, one older than the longest session, or a malformed one', async () => {
    expect(await answers(await sign({ iat: nowSeconds() + 3600 }))).toEqual(REFUSED);
    expect(await answers(await sign({ iat: nowSeconds() - 30 * DAY - 3600, exp: nowSeconds() + 60 }))).toEqual(REFUSED);
    expect(await answers(await sign({ iat: -1 }))).toEqual(REFUSED);
    expect(await answers(await sign({ iat: '0' }))).toEqual(REFUSED);
  });

  it('accepts only a canonical decimal account id as sub', async () => {
    for (const sub of [` ${userId}`, `${userId} `, `0${userId}`, `${userId}.0`, `+${userId}`, `${userId}e0`, `0x${userId.toString(16)}`, '0', '-1', '', '9007199254740993']) {
      expect(await answers(await sign({ sub })), `sub ${JSON.stringify(sub)}`).toEqual(REFUSED);
    }
    expect(await answers(await sign({ sub: userId }))).toEqual(REFUSED);
    expect(await answers(await sign({ sub: String(userId) }))).toEqual(ACCEPTED);
  });

  it('refuses a malformed token id or session version', async () => {
    for (const claims of [{ jti: '' }, { jti: 'x'.repeat(200) }, { jti: 7 }, { sv: -1 }, { sv: 0.5 }, { sv: '0' }]) {
      expect(await answers(await sign(claims)), JSON.stringify(claims)).toEqual(REFUSED);
    }
  });
});
