// @vitest-environment jsdom
// The app's typed client (src-client/lib/trpc.ts) and its reading of failures (lib/call-errors.ts), against
// answers in the server's own batch format: the bearer token, the batch cap, which 401s end a session, the
// wait after a 429, and a network that is not there (docs/api.md#trpc-procedures, #errors-over-trpc).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRPC_MAX_BATCH } from '@server/contract/limits';
import { failureOf, waitText } from '../../src-client/lib/call-errors';
import { clearSession, readSession, saveSession } from '../../src-client/lib/session';
import { trpcClient } from '../../src-client/lib/trpc';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenFor = (id: number) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ sub: String(id), username: `user${id}`, isAdmin: false, isOwner: false, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

interface Seen {
  url: string;
  authorization: string | null;
}
const seen: Seen[] = [];

/** Answers every call of a batch with `entry(path)`, with the given status and headers. */
function answer(status: number, entry: (path: string) => unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      seen.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      const paths = decodeURIComponent(new URL(url, 'http://localhost').pathname.slice('/trpc/'.length)).split(',');
      return new Response(JSON.stringify(paths.map(entry)), { status, headers: { 'Content-Type': 'application/json', ...headers } });
    }),
  );
}

const error = (code: string, httpStatus: number, message: string, details?: unknown) => (path: string) => ({
  error: { message, code: -32000, data: { code, httpStatus, path, details } },
});

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  seen.length = 0;
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('the tRPC client', () => {
  it('sends the session’s bearer token to /trpc, and none when signed out', async () => {
    answer(200, () => ({ result: { data: [] } }));
    await trpcClient.policies.mine.query();
    expect(seen[0]).toMatchObject({ authorization: null });
    expect(seen[0]!.url).toMatch(/^\/trpc\/policies\.mine\?batch=1/);
    saveSession(tokenFor(7), true);
    await trpcClient.policies.mine.query();
    expect(seen[1]!.authorization).toBe(`Bearer ${tokenFor(7)}`);
  });

  it(`keeps each batch within the server's cap of ${TRPC_MAX_BATCH} calls`, async () => {
    answer(200, () => ({ result: { data: { totalUsers: 0, totalPolicies: 0, activePolicies: 0, pendingClaims: 0 } } }));
    await Promise.all(Array.from({ length: TRPC_MAX_BATCH * 2 + 1 }, () => trpcClient.admin.stats.query()));
    const sizes = seen.map((s) => new URL(s.url, 'http://localhost').pathname.split(',').length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(TRPC_MAX_BATCH * 2 + 1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(TRPC_MAX_BATCH);
  });

  it('a 401 on a signed-in call ends that session', async () => {
    saveSession(tokenFor(7), true);
    answer(401, error('UNAUTHORIZED', 401, 'Please sign in to continue'));
    await rejection(trpcClient.policies.mine.query());
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("a wrong password's 401 at login leaves the person signed in as they were", async () => {
    saveSession(tokenFor(7), true);
    answer(401, error('UNAUTHORIZED', 401, 'Invalid username or password'));
    const err = await rejection(trpcClient.account.login.mutate({ username: 'someone', password: 'wrong-password' }));
    expect(failureOf(err)).toMatchObject({ kind: 'server', status: 401, message: 'Invalid username or password' });
    expect(readSession()?.user.id).toBe(7);
  });

  it('a late 401 for an old session does not sign out the person who signed in since', async () => {
    saveSession(tokenFor(7), true);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await held;
        return new Response(JSON.stringify([error('UNAUTHORIZED', 401, 'Please sign in to continue')('policies.mine')]), { status: 401 });
      }),
    );
    const call = rejection(trpcClient.policies.mine.query());
    await new Promise((r) => setTimeout(r, 10));
    saveSession(tokenFor(8), true);
    release();
    await call;
    expect(readSession()?.user.id).toBe(8);
  });
});

describe('reading a failure', () => {
  it('a 429 says how long to wait, from Retry-After, else from the error’s details', async () => {
    answer(429, error('TOO_MANY_REQUESTS', 429, 'Too many attempts. Please wait and try again.', { retryAfterSeconds: 42 }), { 'Retry-After': '900' });
    const withHeader = failureOf(await rejection(trpcClient.account.login.mutate({ username: 'a', password: 'b' })));
    expect(withHeader).toMatchObject({ kind: 'server', status: 429 });
    expect(withHeader.message).toBe('Too many attempts. Please wait and try again. You can try again in 15 minutes.');

    answer(429, error('TOO_MANY_REQUESTS', 429, 'Too many attempts. Please wait and try again.', { retryAfterSeconds: 42 }));
    const fromDetails = failureOf(await rejection(trpcClient.account.login.mutate({ username: 'a', password: 'b' })));
    expect(fromDetails.message).toBe('Too many attempts. Please wait and try again. You can try again in 42 seconds.');
  });

  it('a 503 (the server busy checking passwords) says how long to wait, as the login page shows it', async () => {
    answer(503, error('SERVICE_UNAVAILABLE', 503, 'We are very busy right now. Please try again in a moment.', { retryAfterSeconds: 3 }), { 'Retry-After': '3' });
    const f = failureOf(await rejection(trpcClient.account.login.mutate({ username: 'a', password: 'b' })));
    expect(f).toMatchObject({ kind: 'server', status: 503 });
    expect(`Login failed: ${f.message}`).toBe('Login failed: We are very busy right now. Please try again in a moment. You can try again in 3 seconds.');
  });

  it("a 400's field messages by field name", async () => {
    answer(400, error('BAD_REQUEST', 400, 'Some of the details are not valid', { formErrors: [], fieldErrors: { email: ['Enter a valid email address'] } }));
    const f = failureOf(await rejection(trpcClient.passwordReset.request.mutate({ email: 'x@example.test' })));
    expect(f).toMatchObject({ kind: 'server', status: 400, message: 'Some of the details are not valid', fieldErrors: { email: ['Enter a valid email address'] } });
  });

  it('no network: kind network, with the browser’s own words', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(failureOf(await rejection(trpcClient.policies.mine.query()))).toMatchObject({ kind: 'network', message: 'Failed to fetch', status: null });
  });

  it('an answer that is not the server’s (a proxy’s HTML page) is unexpected, never a crash', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } })));
    expect(failureOf(await rejection(trpcClient.policies.mine.query())).kind).toBe('unexpected');
  });

  it('waitText: seconds under a minute, whole minutes above, nothing for nonsense', () => {
    expect(waitText(1)).toBe('in 1 second');
    expect(waitText(59.2)).toBe('in 60 seconds');
    expect(waitText(61)).toBe('in 2 minutes');
    expect(waitText(60)).toBe('in 1 minute');
    expect(waitText(0)).toBeNull();
    expect(waitText(Number.NaN)).toBeNull();
  });
});
