// GET /api/user/policies is answered with all its headers at once (src-server/platform/http/complete-answer.ts) instead of
// through the header middlewares. Over real HTTP (the Node adapter writes such an answer's plain headers as they are)
// and through app.request, it must carry exactly the headers another API answer gets from the middlewares, with a
// request id of its own, and the body the service's view gives. It also reads the caller and their policies in one
// statement (auth/caller.ts createCallerWithPoliciesResolver), refusing every caller requireCaller refuses.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PolicyView } from '../../src-server/contract/views';
import { myPolicies } from '../../src-server/features/policies/service';
import { createHarness, validPolicy, type Harness } from './harness';
import { listen, type Listening } from './listen';

let h: Harness;
let server: Listening;
let base: string;
let token: string;
let userId: number;

beforeAll(async () => {
  h = await createHarness();
  userId = await h.addUser({ username: 'headed' });
  await h.addUser({ username: 'headadmin', isAdmin: true });
  const admin = await h.tokenFor('headadmin');
  for (const holderName of ['First Holder', 'Second Holder']) {
    const res = await h.request('POST', '/api/admin/policies', { token: admin, body: { ...validPolicy, userId, holderName } });
    expect(res.status).toBe(201);
  }
  token = await h.tokenFor('headed');
  server = await listen(h.app);
  base = server.base;
});
afterAll(async () => {
  await server.close();
  await h.close();
});

/** Header names and values, without those that differ per answer or per connection. */
function headersOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of res.headers) {
    if (!['date', 'content-length', 'connection', 'keep-alive', 'x-request-id'].includes(name)) out[name] = value;
  }
  return out;
}

it('carries every header another API answer gets from the middlewares, over HTTP and through app.request', async () => {
  const auth = { authorization: `Bearer ${token}` };
  for (const fetchFrom of [(path: string) => fetch(`${base}${path}`, { headers: auth }), (path: string) => Promise.resolve(h.app.request(path, { headers: auth }))]) {
    const mine = await fetchFrom('/api/user/policies');
    const me = await fetchFrom('/api/me');
    expect(mine.status).toBe(200);
    expect(me.status).toBe(200);
    expect(headersOf(mine)).toEqual(headersOf(me));
    expect(headersOf(mine)).toMatchObject({ 'cache-control': 'no-store', 'x-frame-options': 'DENY', 'content-type': expect.stringMatching(/^application\/json/) });
    expect(headersOf(mine)['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(mine.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(mine.headers.get('x-request-id')).not.toBe(me.headers.get('x-request-id'));
    const body = (await mine.json()) as PolicyView[];
    expect(body.map((p) => p.holderName)).toEqual(['Second Holder', 'First Holder']);
    expect(body).toEqual(await myPolicies(h.deps, { id: userId, username: 'headed', isAdmin: false, isOwner: false, jti: 'x', exp: 0 }));
  }
});

it('refuses a caller without a token as before, with the middlewares’ headers', async () => {
  const res = await fetch(`${base}/api/user/policies`);
  expect(res.status).toBe(401);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
});

it('refuses, as requireCaller does, a session ended by a password change and a deleted account', async () => {
  const admin = await h.tokenFor('headadmin');
  const id = await h.addUser({ username: 'leaving' });
  const first = await h.tokenFor('leaving');
  expect((await h.request('GET', '/api/user/policies', { token: first })).status).toBe(200);
  const changed = await h.request('PUT', `/api/admin/users/${id}`, { token: admin, body: { username: 'leaving', email: 'leaving@example.test', password: 'a-new-password-1' } });
  expect(changed.status).toBe(200);
  for (const path of ['/api/user/policies', '/api/me']) expect((await h.request('GET', path, { token: first })).status, path).toBe(401);
  const second = await h.tokenFor('leaving', 'a-new-password-1');
  expect(await (await h.request('GET', '/api/user/policies', { token: second })).json()).toEqual([]);
  expect((await h.request('DELETE', `/api/admin/users/${id}`, { token: admin })).status).toBe(200);
  for (const path of ['/api/user/policies', '/api/me']) expect((await h.request('GET', path, { token: second })).status, path).toBe(401);
});
