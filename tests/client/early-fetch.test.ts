// @vitest-environment jsdom
// The dashboard's first data, asked for by the start-up script before the app's code has arrived
// (src-client/boot/early-fetch.ts, docs/performance.md#the-dashboards-first-load): which pages and sessions ask, that
// the app's tRPC call takes the answer once and only for the same address and session, and that a stale or failed
// early answer never stands in for the network.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenFor = (id: number) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ sub: String(id), username: `user${id}`, isAdmin: false, isOwner: false, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

interface Seen {
  url: string;
  method: string;
  authorization: string | null;
}
let seen: Seen[] = [];
/** Resolvers of the answers the stubbed network has not given yet, in the order asked. */
let pending: { url: string; resolve: () => void; reject: (err: Error) => void }[] = [];

/**
 * A network whose every answer waits until the test releases it; `failing` requests fail instead, and each answer has
 * the status `statusOf` gives it.
 */
function stubNetwork(failing: (url: string) => boolean = () => false, statusOf: (url: string) => number = () => 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      seen.push({ url, method: init?.method ?? 'GET', authorization: new Headers(init?.headers).get('authorization') });
      return new Promise<Response>((resolve, reject) => {
        pending.push({
          url,
          resolve: () => {
            const paths = decodeURIComponent(new URL(url, 'http://localhost').pathname.slice('/trpc/'.length)).split(',');
            const body = paths.map((path) => ({ result: { data: path === 'policies.mine' ? [{ answeredFor: url }] : [] } }));
            resolve(new Response(JSON.stringify(body), { status: statusOf(url), headers: { 'Content-Type': 'application/json' } }));
          },
          reject: (err) => reject(err),
        });
        if (failing(url)) pending.pop()!.reject(new TypeError('Failed to fetch'));
      });
    }),
  );
}

const releaseAll = async () => {
  for (const p of pending.splice(0)) p.resolve();
  // The answers' then-callbacks (settled) run.
  await new Promise((r) => setTimeout(r, 0));
};

/** A fresh copy of the modules: the early answers are the page's, one set per page load. */
async function load() {
  vi.resetModules();
  const early = await import('../../src-client/boot/early-fetch');
  const { trpcClient } = await import('../../src-client/lib/trpc');
  return { ...early, trpcClient };
}

beforeEach(() => {
  seen = [];
  pending = [];
  localStorage.clear();
  sessionStorage.clear();
  stubNetwork();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dashboard’s early data', () => {
  it('is asked for on /dashboard with the stored session, and the app’s tRPC calls take it instead of asking again', async () => {
    const token = tokenFor(7);
    localStorage.setItem('token', token);
    const { fetchPageDataEarly, trpcClient } = await load();
    fetchPageDataEarly('/dashboard');
    expect(seen.map((s) => s.url)).toEqual(['/trpc/policies.mine?batch=1&input=%7B%7D', '/trpc/quotes.mine?batch=1&input=%7B%7D']);
    expect(seen.every((s) => s.authorization === `Bearer ${token}`)).toBe(true);

    // The app's own call, made as its route loader makes it (one query per batch), while the answer is on its way.
    const mine = trpcClient.policies.mine.query();
    await new Promise((r) => setTimeout(r, 0));
    await releaseAll();
    expect(await mine).toEqual([{ answeredFor: '/trpc/policies.mine?batch=1&input=%7B%7D' }]);
    expect(seen).toHaveLength(2);

    // Taken once: a later call is the network's.
    const again = trpcClient.policies.mine.query();
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveLength(3);
    await releaseAll();
    await again;
  });

  it('is taken by each of the page’s queries even when the app asks for them together (never batched with another call)', async () => {
    const token = tokenFor(7);
    localStorage.setItem('token', token);
    const { fetchPageDataEarly, trpcClient } = await load();
    fetchPageDataEarly('/dashboard');
    await releaseAll();
    // In one tick, as a loader that starts both queries at once does: one batch would be a new request.
    const both = Promise.all([trpcClient.policies.mine.query(), trpcClient.quotes.mine.query()]);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveLength(2);
    await releaseAll();
    expect(await both).toEqual([[{ answeredFor: '/trpc/policies.mine?batch=1&input=%7B%7D' }], []]);
  });

  it('is kept in sessionStorage too (a session without “keep me signed in”)', async () => {
    sessionStorage.setItem('token', tokenFor(8));
    const { fetchPageDataEarly } = await load();
    fetchPageDataEarly('/dashboard');
    expect(seen).toHaveLength(2);
    expect(seen[0]!.authorization).toBe(`Bearer ${tokenFor(8)}`);
  });

  it('is not asked for on other pages, signed out, or while staff impersonate a customer', async () => {
    const { fetchPageDataEarly } = await load();
    fetchPageDataEarly('/dashboard');
    expect(seen).toHaveLength(0);
    localStorage.setItem('token', tokenFor(7));
    fetchPageDataEarly('/');
    fetchPageDataEarly('/admin');
    fetchPageDataEarly('/dashboard/');
    expect(seen).toHaveLength(0);
    localStorage.setItem('impersonateUserId', '12');
    fetchPageDataEarly('/dashboard');
    expect(seen).toHaveLength(0);
  });

  it('answers only a call to the same address with the same session, and only a GET', async () => {
    localStorage.setItem('token', tokenFor(7));
    const { fetchPageDataEarly, takeEarlyAnswer, trpcQueryUrl } = await load();
    fetchPageDataEarly('/dashboard', 1000);
    const url = trpcQueryUrl('policies.mine');
    expect(takeEarlyAnswer(url, { headers: { Authorization: `Bearer ${tokenFor(8)}` } }, 1000)).toBeUndefined();
    expect(takeEarlyAnswer(url, {}, 1000)).toBeUndefined();
    expect(takeEarlyAnswer(url, { method: 'POST', headers: { Authorization: `Bearer ${tokenFor(7)}` } }, 1000)).toBeUndefined();
    expect(takeEarlyAnswer(`${url}&x=1`, { headers: { Authorization: `Bearer ${tokenFor(7)}` } }, 1000)).toBeUndefined();
    expect(takeEarlyAnswer(url, { headers: { Authorization: `Bearer ${tokenFor(7)}` } }, 1000)).toBeInstanceOf(Promise);
    expect(takeEarlyAnswer(url, { headers: { Authorization: `Bearer ${tokenFor(7)}` } }, 1000)).toBeUndefined();
  });

  it(`is dropped when not taken within its time (a later call asks the network afresh)`, async () => {
    localStorage.setItem('token', tokenFor(7));
    const { EARLY_ANSWER_TTL_MS, fetchPageDataEarly, takeEarlyAnswer, trpcQueryUrl } = await load();
    fetchPageDataEarly('/dashboard', 1000);
    const init = { headers: { Authorization: `Bearer ${tokenFor(7)}` } };
    expect(takeEarlyAnswer(trpcQueryUrl('policies.mine'), init, 1000 + EARLY_ANSWER_TTL_MS + 1)).toBeUndefined();
    expect(takeEarlyAnswer(trpcQueryUrl('quotes.mine'), init, 1000 + EARLY_ANSWER_TTL_MS)).toBeInstanceOf(Promise);
  });

  it('that failed is not the app’s answer: its call goes to the network', async () => {
    stubNetwork((url) => url.includes('policies.mine') && seen.length <= 2);
    localStorage.setItem('token', tokenFor(7));
    const { fetchPageDataEarly, trpcClient } = await load();
    fetchPageDataEarly('/dashboard');
    const mine = trpcClient.policies.mine.query();
    await new Promise((r) => setTimeout(r, 0));
    await releaseAll();
    await new Promise((r) => setTimeout(r, 0));
    await releaseAll();
    expect(await mine).toEqual([{ answeredFor: '/trpc/policies.mine?batch=1&input=%7B%7D' }]);
    expect(seen.filter((s) => s.url.includes('policies.mine'))).toHaveLength(2);
  });

  it('is “in hand” for the route’s loader once every answer has arrived, for that session, and not once taken', async () => {
    const token = tokenFor(7);
    localStorage.setItem('token', token);
    const { EARLY_DASHBOARD_QUERIES, earlyAnswersInHand, fetchPageDataEarly, takeEarlyAnswer, trpcQueryUrl } = await load();
    expect(earlyAnswersInHand(EARLY_DASHBOARD_QUERIES, token)).toBe(false);
    fetchPageDataEarly('/dashboard');
    expect(earlyAnswersInHand(EARLY_DASHBOARD_QUERIES, token)).toBe(false);
    pending.shift()!.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(earlyAnswersInHand(EARLY_DASHBOARD_QUERIES, token)).toBe(false);
    await releaseAll();
    expect(earlyAnswersInHand(EARLY_DASHBOARD_QUERIES, token)).toBe(true);
    expect(earlyAnswersInHand(EARLY_DASHBOARD_QUERIES, tokenFor(8))).toBe(false);
    takeEarlyAnswer(trpcQueryUrl('quotes.mine'), { headers: { Authorization: `Bearer ${token}` } });
    expect(earlyAnswersInHand(EARLY_DASHBOARD_QUERIES, token)).toBe(false);
  });
});
