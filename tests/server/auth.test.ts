import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, json, PASSWORD, TEST_SECRET, type Harness } from './harness';
import { expectJson } from './answers';

let h: Harness;
let customerId: number;

beforeAll(async () => {
  h = await createHarness();
  customerId = await h.addUser({ username: 'carol' });
  await h.addUser({ username: 'adam', isAdmin: true });
  await h.addUser({ username: 'olive', isOwner: true });
});
afterAll(() => h.close());

const login = (body: unknown, address = '192.0.2.1') => h.request('POST', '/api/login', { body, headers: { 'x-forwarded-for': address } });

describe('POST /api/login', () => {
  it('answers a signed token carrying sub, username, roles and a 12-hour exp', async () => {
    const body = await expectJson<{ token: string; user: Record<string, unknown> }>(login({ username: 'carol', password: PASSWORD }), 200);
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({ sub: String(customerId), username: 'carol', isAdmin: false, isOwner: false });
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
    expect(body.user).toMatchObject({ id: customerId, username: 'carol', isAdmin: false });
    expect(JSON.stringify(body)).not.toMatch(/hash|password/i);
  });

  it('gives 30 days with remember: true and marks admins and owners', async () => {
    const admin = decodeJwt((await json<{ token: string }>(await login({ username: 'adam', password: PASSWORD, remember: true }, '192.0.2.2'))).token);
    expect(admin.exp! - admin.iat!).toBe(30 * 24 * 3600);
    expect(admin).toMatchObject({ isAdmin: true, isOwner: false });
    const owner = decodeJwt((await json<{ token: string }>(await login({ username: 'OLIVE', password: PASSWORD }, '192.0.2.2'))).token);
    expect(owner).toMatchObject({ username: 'olive', isAdmin: true, isOwner: true });
  });

  it('refuses a wrong password or unknown user with the same 401 and logs the failure', async () => {
    const wrong = await login({ username: 'carol', password: 'not-the-password' }, '192.0.2.3');
    const unknown = await login({ username: 'nobody', password: 'not-the-password' }, '192.0.2.3');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await json(wrong)).toEqual(await json(unknown));
    const owner = await h.tokenFor('olive');
    const logs = await json<Array<{ action: string; level: string }>>(await h.request('GET', '/api/admin/logs?search=failed', { token: owner }));
    expect(logs.some((l) => l.action === 'Login failed for carol' && l.level === 'warning')).toBe(true);
  });

  it('answers 400 with field details for missing fields and malformed JSON', async () => {
    const body = await expectJson<{ error: string; details: { fieldErrors: Record<string, string[]> } }>(login({ username: '' }), 400);
    expect(body.details.fieldErrors.username).toEqual(['Username is required']);
    expect(body.details.fieldErrors.password).toBeDefined();
    const bad = await h.request('POST', '/api/login', { rawBody: '{"username":' });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ error: 'The request body is not valid JSON' });
  });
});

describe('login throttle', () => {
  it('allows 5 failures per username from one address in 15 minutes, then 429 with Retry-After there; other addresses stay open', async () => {
    await h.addUser({ username: 'tina' });
    for (let i = 0; i < 5; i++) expect((await login({ username: 'tina', password: 'wrong-password' }, '198.51.100.7')).status).toBe(401);
    const blocked = await login({ username: 'tina', password: PASSWORD }, '198.51.100.7');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(15 * 60);
    h.clock.advance(5 * 60_000);
    expect(Number((await login({ username: 'tina', password: PASSWORD }, '198.51.100.7')).headers.get('retry-after'))).toBe(10 * 60);
    // The owner elsewhere is not locked out by failures from that address (docs/product.md#login).
    expect((await login({ username: 'tina', password: PASSWORD }, '198.51.100.99')).status).toBe(200);
    h.clock.advance(10 * 60_000 + 1);
    expect((await login({ username: 'tina', password: PASSWORD }, '198.51.100.7')).status).toBe(200);
  });

  it('a success clears the username count', async () => {
    await h.addUser({ username: 'uma' });
    for (let i = 0; i < 4; i++) await login({ username: 'uma', password: 'wrong-password' }, '203.0.113.1');
    expect((await login({ username: 'uma', password: PASSWORD }, '203.0.113.1')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login({ username: 'uma', password: 'wrong-password' }, '203.0.113.1')).status).toBe(401);
  });

  it('allows 20 failures per address over any usernames, then 429', async () => {
    for (let i = 0; i < 20; i++) expect((await login({ username: `ghost${i}`, password: 'wrong-password' }, '203.0.113.77')).status).toBe(401);
    const res = await login({ username: 'carol', password: PASSWORD }, '203.0.113.77');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect((await login({ username: 'carol', password: PASSWORD }, '203.0.113.78')).status).toBe(200);
  });

  it('keeps its counters in the database, shared by every process', async () => {
    const rows = await h.database.client.execute("select key, count from throttle where key = 'login:ip:203.0.113.77'");
    expect(rows.rows[0]?.['count']).toBeGreaterThanOrEqual(20);
  });

  it('counts parallel failures exactly', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => login({ username: 'parallel', password: 'wrong-password' }, '203.0.113.90')));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
    // Every password checked and found wrong is counted; attempts refused before the check are not.
    const rows = await h.database.client.execute("select count from throttle where key = 'login:user:parallel'");
    expect(rows.rows[0]?.['count']).toBeGreaterThanOrEqual(5);
  });
});

describe('tokens', () => {
  const sign = (claims: Record<string, unknown>, alg = 'HS256', secret = TEST_SECRET) => {
    let jwt = new SignJWT(claims).setProtectedHeader({ alg }).setSubject(String(customerId)).setJti('x1').setIssuedAt(Math.floor(h.clock.now() / 1000));
    if (!('noExp' in claims)) jwt = jwt.setExpirationTime(Math.floor(h.clock.now() / 1000) + 3600);
    return jwt.sign(new TextEncoder().encode(secret));
  };
  const me = (token: string) => h.request('GET', '/api/me', { token });

  it('accepts a token the server signed', async () => {
    expect((await me(await sign({ username: 'carol', sv: 0 }))).status).toBe(200);
  });

  it('refuses a bad signature, another algorithm, alg none, a missing exp and garbage', async () => {
    expect((await me(await sign({ sv: 0 }, 'HS256', 'another-secret-another-secret-another-secret'))).status).toBe(401);
    expect((await me(await sign({ sv: 0 }, 'HS512'))).status).toBe(401);
    expect((await me(await sign({ sv: 0, noExp: true }))).status).toBe(401);
    const [, payload] = (await sign({ sv: 0 })).split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await me(none)).status).toBe(401);
    expect((await me('garbage')).status).toBe(401);
    expect(await expectJson(h.request('GET', '/api/me', { headers: { authorization: 'Basic abc' } }), 401)).toEqual({ error: 'Please sign in to continue' });
  });

  it('refuses a token once it has expired', async () => {
    const token = await h.tokenFor('carol');
    expect((await me(token)).status).toBe(200);
    h.clock.advance(12 * 3600_000 + 1000);
    expect((await me(token)).status).toBe(401);
  });

  it('logout revokes that token only', async () => {
    const a = await h.tokenFor('carol');
    const b = await h.tokenFor('carol');
    expect((await h.request('POST', '/api/logout', { token: a })).status).toBe(200);
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(200);
  });

  it('reads roles from the database on each request: a demotion takes effect at once', async () => {
    const id = await h.addUser({ username: 'dora', isAdmin: true });
    const token = await h.tokenFor('dora');
    expect((await h.request('GET', '/api/admin/stats', { token })).status).toBe(200);
    await h.database.client.execute({ sql: 'update users set is_admin = 0 where id = ?', args: [id] });
    expect((await h.request('GET', '/api/admin/stats', { token })).status).toBe(403);
  });

  it('a deleted account’s token stops working', async () => {
    const id = await h.addUser({ username: 'eve' });
    const token = await h.tokenFor('eve');
    await h.database.client.execute({ sql: 'delete from users where id = ?', args: [id] });
    expect((await me(token)).status).toBe(401);
  });
});

describe('POST /api/register', () => {
  const register = (body: unknown, address = '192.0.2.50') => h.request('POST', '/api/register', { body, headers: { 'x-forwarded-for': address } });

  it('creates a plain user even when isAdmin is sent, who can then sign in', async () => {
    const body = await expectJson<{ message: string; user: { isAdmin: boolean; isOwner: boolean } }>(register({ username: 'newbie', email: 'newbie@example.test', password: 'longenough1', isAdmin: true }), 201);
    expect(body.message).toBe('Registration successful! You can now login.');
    expect(body.user).toMatchObject({ isAdmin: false, isOwner: false });
    const token = await h.tokenFor('newbie', 'longenough1');
    expect((await h.request('GET', '/api/admin/stats', { token })).status).toBe(403);
  });

  it('answers 409 with a message for a taken username or e-mail, in any case', async () => {
    expect(await expectJson(register({ username: 'NEWBIE', email: 'other@example.test', password: 'longenough1' }), 409)).toMatchObject({ message: 'That username is already taken', error: 'That username is already taken' });
    expect(await expectJson(register({ username: 'other', email: 'NewBie@Example.test', password: 'longenough1' }), 409)).toMatchObject({ message: 'An account with that email already exists' });
  });

  it('answers 400 with a message for a short password or bad e-mail, and writes nothing', async () => {
    const before = await h.database.client.execute('select count(*) as n from users');
    const body = await expectJson<{ message: string; details: { fieldErrors: Record<string, string[]> } }>(register({ username: 'shorty', email: 'not-an-email', password: 'short' }), 400);
    expect(body.message).toBeTruthy();
    expect(body.details.fieldErrors.password).toEqual(['Password must be at least 8 characters']);
    expect(body.details.fieldErrors.email).toEqual(['Enter a valid email address']);
    const after = await h.database.client.execute('select count(*) as n from users');
    expect(after.rows[0]!['n']).toBe(before.rows[0]!['n']);
  });
});
