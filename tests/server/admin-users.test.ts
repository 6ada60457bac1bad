// The admin users REST API: GET/POST/PUT/DELETE /api/admin/users (docs/api.md#admin-statistics-users-and-policies;
// docs/product.md#roles, #admin-console, #errors-and-messages).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src-server/contract/messages';
import { auditLogs, users } from '../../src-server/platform/db/schema/index';
import type { Caller } from '../../src-server/deps';
import { ConflictError, errorAnswerOf } from '../../src-server/errors';
import { deleteUser, updateUser } from '../../src-server/modules/accounts/users/service';
import { createHarness, json, PASSWORD, T0, validPolicy, type ErrorBody, type Harness } from './harness';
import { addPolicy, expectJson } from './answers';
import { linksSentTo } from './mail-links';
import type { LogEntryView as LogEntry, PolicyView, UserView } from '../../src-server/contract/views';

interface UserList {
  users: UserView[];
  total: number;
}

const USER_VIEW_FIELDS = ['closed', 'createdAt', 'email', 'emailVerified', 'id', 'isAdmin', 'isOwner', 'username'];

let h: Harness;
let ownerId: number;
let adminId: number;
let customerId: number;
let ownerToken: string;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  h = await createHarness();
  ownerId = await h.addUser({ username: 'olive', isOwner: true });
  adminId = await h.addUser({ username: 'adam', isAdmin: true });
  customerId = await h.addUser({ username: 'carl' });
  ownerToken = await h.tokenFor('olive');
  adminToken = await h.tokenFor('adam');
  customerToken = await h.tokenFor('carl');
});

afterAll(async () => {
  await h?.close();
});

// ---- helpers --------------------------------------------------------------------------------------

async function row(id: number) {
  const [r] = await h.database.db.select().from(users).where(eq(users.id, id));
  return r;
}

async function userCount(): Promise<number> {
  const [r] = await h.database.db.select({ n: count() }).from(users);
  return r!.n;
}

async function listUsers(query: string, token = adminToken): Promise<{ res: Response; body: UserList }> {
  const res = await h.request('GET', `/api/admin/users${query}`, { token });
  expect(res.status, `GET /api/admin/users${query}`).toBe(200);
  return { res, body: await json<UserList>(res) };
}

async function logsMatching(search: string): Promise<LogEntry[]> {
  return expectJson<LogEntry[]>(h.request('GET', `/api/admin/logs?limit=100&search=${encodeURIComponent(search)}`, { token: ownerToken }), 200);
}

/** Login straight through the API: the answer's status, so failures can be asserted too. */
let loginAddress = 0;
async function loginStatus(username: string, password: string): Promise<number> {
  const res = await h.request('POST', '/api/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': `10.9.${Math.floor(loginAddress / 250)}.${loginAddress++ % 250}` },
  });
  return res.status;
}

function body(username: string, extra: Record<string, unknown> = {}) {
  return { username, email: `${username.toLowerCase()}@example.test`, isAdmin: false, isOwner: false, ...extra };
}

function expectNoSecrets(u: Record<string, unknown>) {
  expect(Object.keys(u).sort()).toEqual(USER_VIEW_FIELDS);
  const text = JSON.stringify(u).toLowerCase();
  expect(text).not.toContain('password');
  expect(text).not.toContain('hash');
  expect(text).not.toContain('scrypt');
  expect(text).not.toContain('argon');
}

// ---- access ----------------------------------------------------------------------------------------

describe('access to /api/admin/users', () => {
  it('answers 401 without a token and 403 for a customer, on every method', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', body('nobody1', { password: PASSWORD })],
      ['PUT', `/api/admin/users/${customerId}`, body('carl')],
      ['DELETE', `/api/admin/users/${customerId}`],
    ];
    for (const [method, path, b] of calls) {
      const anon = await h.request(method, path, { body: b });
      expect(anon.status, `${method} ${path} anonymous`).toBe(401);
      const cust = await h.request(method, path, { token: customerToken, body: b });
      expect(cust.status, `${method} ${path} customer`).toBe(403);
      expect((await json<ErrorBody>(cust)).error).toBe(messages.forbidden);
    }
    expect(await row(customerId)).toBeDefined();
    const [nobody] = await h.database.db.select().from(users).where(eq(users.username, 'nobody1'));
    expect(nobody).toBeUndefined();
  });
});

// ---- GET list -------------------------------------------------------------------------------------

describe('GET /api/admin/users', () => {
  it('answers { users, total, totalIsLowerBound } with X-Total-Count, and never a password or hash', async () => {
    const { res, body: list } = await listUsers('');
    expect(Object.keys(list).sort()).toEqual(['total', 'totalIsLowerBound', 'users']);
    expect(list.total).toBe(await userCount());
    expect(res.headers.get('X-Total-Count')).toBe(String(list.total));
    expect(res.headers.get('X-Total-Is-Lower-Bound')).toBe('false');
    expect(list.users.length).toBe(Math.min(10, list.total));
    const raw = JSON.stringify(list).toLowerCase();
    expect(raw).not.toContain('password');
    expect(raw).not.toContain('hash');
    for (const u of list.users) expectNoSecrets(u as unknown as Record<string, unknown>);
    const olive = list.users.find((u) => u.username === 'olive')!;
    expect(olive).toMatchObject({ id: ownerId, email: 'olive@example.test', isAdmin: true, isOwner: true });
    expect(list.users.find((u) => u.username === 'adam')).toMatchObject({ id: adminId, isAdmin: true, isOwner: false });
    expect(list.users.find((u) => u.username === 'carl')).toMatchObject({ id: customerId, isAdmin: false, isOwner: false });
  });

  it('pages with limit and offset (page size 10 by default)', async () => {
    for (let i = 1; i <= 12; i++) await h.addUser({ username: `pager${String(i).padStart(2, '0')}` });
    const all = await listUsers('?search=pager&limit=100');
    expect(all.body.total).toBe(12);
    expect(all.body.users.map((u) => u.username).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `pager${String(i + 1).padStart(2, '0')}`));

    const first = await listUsers('?search=pager');
    expect(first.body.users).toHaveLength(10);
    expect(first.body.total).toBe(12);
    expect(first.res.headers.get('X-Total-Count')).toBe('12');

    const second = await listUsers('?search=pager&offset=10');
    expect(second.body.users).toHaveLength(2);
    expect(second.body.total).toBe(12);
    const ids = [...first.body.users, ...second.body.users].map((u) => u.id);
    expect(new Set(ids).size).toBe(12);

    const small = await listUsers('?search=pager&limit=5&offset=5');
    expect(small.body.users).toHaveLength(5);
    expect(small.body.users.map((u) => u.id)).toEqual(all.body.users.slice(5, 10).map((u) => u.id));

    const past = await listUsers('?search=pager&offset=50');
    expect(past.body.users).toEqual([]);
    expect(past.body.total).toBe(12);

    const one = await listUsers('?limit=1');
    expect(one.body.users).toHaveLength(1);
    const hundred = await listUsers('?limit=100');
    expect(hundred.body.users).toHaveLength(Math.min(100, hundred.body.total));
    expect(hundred.body.total).toBeGreaterThan(10);
  });

  it.each([['limit=0'], ['limit=101'], ['limit=abc'], ['offset=-1'], ['limit=2.5'], ['offset=abc']])('refuses %s with 400', async (q) => {
    const b = await expectJson<ErrorBody>(h.request('GET', `/api/admin/users?${q}`, { token: adminToken }), 400);
    expect(b.error).toBe(messages.invalidInput);
    const field = q.split('=')[0]!;
    expect(b.details?.fieldErrors?.[field]?.length ?? 0).toBeGreaterThan(0);
  });

  it('searches username and email, case-insensitive substring', async () => {
    const mixed = await h.addUser({ username: 'MixedCaseMarvin', email: 'marv@example.test' });
    const byMail = await h.addUser({ username: 'plainpete', email: 'Pete.SPECIAL@Example.test' });

    const a = await listUsers('?search=mixedcase');
    expect(a.body.users.map((u) => u.id)).toEqual([mixed]);
    expect(a.body.total).toBe(1);
    expect(a.res.headers.get('X-Total-Count')).toBe('1');

    const b = await listUsers('?search=CASEMARV');
    expect(b.body.users.map((u) => u.id)).toEqual([mixed]);

    const c = await listUsers('?search=special@EXAMPLE');
    expect(c.body.users.map((u) => u.id)).toEqual([byMail]);

    const d = await listUsers(`?search=${encodeURIComponent('  pete.special  ')}`);
    expect(d.body.users.map((u) => u.id)).toEqual([byMail]);

    const none = await listUsers('?search=no-such-user-anywhere');
    expect(none.body).toEqual({ users: [], total: 0, totalIsLowerBound: false });
    expect(none.res.headers.get('X-Total-Count')).toBe('0');
  });

  it('takes % and _ in the search literally', async () => {
    const underscore = await h.addUser({ username: 'snake_case', email: 'snake1@example.test' });
    await h.addUser({ username: 'snakeXcase', email: 'snake2@example.test' });
    // '%' is not allowed through the API, but the search must still treat it literally.
    const percent = await h.addUser({ username: 'halfprice', email: 'fifty%off@example.test' });
    await h.addUser({ username: 'fullprice', email: 'fiftyXXoff@example.test' });

    const u = await listUsers('?search=snake_case');
    expect(u.body.users.map((x) => x.id)).toEqual([underscore]);

    const p = await listUsers(`?search=${encodeURIComponent('fifty%off')}`);
    expect(p.body.users.map((x) => x.id)).toEqual([percent]);

    const onlyPercent = await listUsers(`?search=${encodeURIComponent('%')}`);
    expect(onlyPercent.body.users.map((x) => x.id)).toEqual([percent]);

    const onlyUnderscore = await listUsers(`?search=${encodeURIComponent('_')}`);
    expect(onlyUnderscore.body.users.map((x) => x.id)).toEqual([underscore]);
  });
});

// ---- POST -----------------------------------------------------------------------------------------

describe('POST /api/admin/users', () => {
  it('creates a user: 201 with the user view, a hashed password and a working login', async () => {
    const before = await userCount();
    const u = await expectJson<UserView>(h.request('POST', '/api/admin/users', { token: adminToken, body: body('newbie', { password: 'newbie-password-1' }) }), 201);
    expectNoSecrets(u as unknown as Record<string, unknown>);
    expect(u).toMatchObject({ username: 'newbie', email: 'newbie@example.test', isAdmin: false, isOwner: false });
    expect(u.createdAt).toBe(new Date(h.clock.now()).toISOString());
    expect(await userCount()).toBe(before + 1);
    const stored = (await row(u.id))!;
    expect(stored.username).toBe('newbie');
    expect(stored.passwordHash).not.toContain('newbie-password-1');
    expect(stored.passwordHash.length).toBeGreaterThan(20);
    expect(await loginStatus('newbie', 'newbie-password-1')).toBe(200);
    const listed = await listUsers('?search=newbie');
    expect(listed.body.users).toEqual([u]);
  });

  it.each([
    ['true', true, true],
    ["'true'", 'true', true],
    ['1', 1, true],
    ['false', false, false],
    ["'false'", 'false', false],
    ['0', 0, false],
  ])('coerces isAdmin %s (owner caller)', async (label, flag, expected) => {
    const name = `coerce${['true', "'true'", '1', 'false', "'false'", '0'].indexOf(label)}`;
    const u = await expectJson<UserView>(h.request('POST', '/api/admin/users', { token: ownerToken, body: body(name, { isAdmin: flag, password: PASSWORD }) }), 201);
    expect(u.isAdmin).toBe(expected);
    expect(u.isOwner).toBe(false);
    expect((await row(u.id))!.isAdmin).toBe(expected);
  });

  it('refuses other isAdmin values with 400', async () => {
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/admin/users', { token: ownerToken, body: body('coerceyes', { isAdmin: 'yes', password: PASSWORD }) }), 400)).details?.fieldErrors?.isAdmin?.length).toBeGreaterThan(0);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
  ])("answers 'Password is required for new users' when the password is %s", async (_label, password) => {
    const before = await userCount();
    const b: Record<string, unknown> = body('nopass');
    if (password !== undefined) b['password'] = password;
    const e = await expectJson<ErrorBody>(h.request('POST', '/api/admin/users', { token: adminToken, body: b }), 400);
    expect(e.details?.fieldErrors?.password).toContain(messages.passwordRequiredForNewUsers);
    expect(await userCount()).toBe(before);
  });

  it('refuses a too short password with 400 naming the password', async () => {
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/admin/users', { token: adminToken, body: body('shortpass', { password: 'short' }) }), 400)).details?.fieldErrors?.password?.length).toBeGreaterThan(0);
  });

  it.each([
    ['username', { username: 'ab' }],
    ['username', { username: 'has space' }],
    ['username', { username: 'semi;colon' }],
    ['username', { username: 'x'.repeat(33) }],
    ['username', { username: undefined }],
    ['email', { email: 'not-an-email' }],
    ['email', { email: 'a@' }],
    ['email', { email: '' }],
    ['email', { email: undefined }],
  ])('refuses a bad %s (%o) with 400 and field details, writing nothing', async (field, override) => {
    const before = await userCount();
    const res = await h.request('POST', '/api/admin/users', {
      token: adminToken,
      body: { ...body('formatcheck', { password: PASSWORD }), ...override },
    });
    expect(res.status).toBe(400);
    const e = await json<ErrorBody>(res);
    expect(e.error).toBe(messages.invalidInput);
    expect(e.details?.fieldErrors?.[field]?.length).toBeGreaterThan(0);
    expect(await userCount()).toBe(before);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await h.request('POST', '/api/admin/users', { token: adminToken, rawBody: '{"username":' });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error).toBe(messages.malformedJson);
  });

  it('refuses a duplicate username or email, in any letter case, with 409', async () => {
    await h.addUser({ username: 'Dupe.User', email: 'Dupe@Example.test' });
    const before = await userCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'Dupe.User', email: 'other1@example.test' }, 'username'],
      [{ username: 'dupe.user', email: 'other2@example.test' }, 'username'],
      [{ username: 'DUPE.USER', email: 'other3@example.test' }, 'username'],
      [{ username: 'freshname1', email: 'Dupe@Example.test' }, 'email'],
      [{ username: 'freshname2', email: 'dupe@example.test' }, 'email'],
      [{ username: 'freshname3', email: 'DUPE@EXAMPLE.TEST' }, 'email'],
    ];
    for (const [override, field] of cases) {
      const res = await h.request('POST', '/api/admin/users', { token: adminToken, body: { ...body('x'), ...override, password: PASSWORD } });
      expect(res.status, JSON.stringify(override)).toBe(409);
      const e = await json<ErrorBody>(res);
      expect(e.error).toBe(field === 'username' ? messages.usernameTaken : messages.emailTaken);
      expect(e.details?.fieldErrors?.[field]?.length).toBeGreaterThan(0);
    }
    expect(await userCount()).toBe(before);
  });

  it('writes "Created new user: {name}" to the audit log with the actor', async () => {
    expect((await h.request('POST', '/api/admin/users', { token: adminToken, body: body('bob', { password: PASSWORD }) })).status).toBe(201);
    const entries = await logsMatching('Created new user: bob');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'Created new user: bob', username: 'adam', level: 'info' });
    expect(JSON.stringify(await logsMatching(''))).not.toContain(PASSWORD);
  });
});

// ---- PUT ------------------------------------------------------------------------------------------

describe('PUT /api/admin/users/{id}', () => {
  it('updates username and email and answers the user view', async () => {
    const id = await h.addUser({ username: 'renameme' });
    const u = await expectJson<UserView>(h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: body('renamed', { email: 'Renamed@Example.test' }) }), 200);
    expectNoSecrets(u as unknown as Record<string, unknown>);
    expect(u).toMatchObject({ id, username: 'renamed', email: 'Renamed@Example.test', isAdmin: false, isOwner: false });
    expect(await row(id)).toMatchObject({ username: 'renamed', email: 'Renamed@Example.test' });
    const entries = await logsMatching('Updated user: renamed');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.username).toBe('adam');
  });

  it('keeps the old password when the password is blank or missing', async () => {
    const id = await h.addUser({ username: 'keeppass', password: 'keep-this-password' });
    const hashBefore = (await row(id))!.passwordHash;
    for (const password of ['', '   ', undefined]) {
      const b: Record<string, unknown> = body('keeppass');
      if (password !== undefined) b['password'] = password;
      const res = await h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: b });
      expect(res.status, JSON.stringify(password)).toBe(200);
    }
    expect((await row(id))!.passwordHash).toBe(hashBefore);
    expect(await loginStatus('keeppass', 'keep-this-password')).toBe(200);
  });

  it('changes a non-blank password: the new one signs in, the old fails, the old token answers 401', async () => {
    const id = await h.addUser({ username: 'changepass', password: 'old-password-123' });
    const oldToken = await h.tokenFor('changepass', 'old-password-123');
    expect((await h.request('GET', '/api/me', { token: oldToken })).status).toBe(200);

    const res = await h.request('PUT', `/api/admin/users/${id}`, {
      token: adminToken,
      body: body('changepass', { password: 'new-password-456' }),
    });
    expect(res.status).toBe(200);
    expectNoSecrets((await json(res)) as Record<string, unknown>);

    expect((await h.request('GET', '/api/me', { token: oldToken })).status).toBe(401);
    expect((await h.request('GET', '/api/user/policies', { token: oldToken })).status).toBe(401);
    expect(await loginStatus('changepass', 'old-password-123')).toBe(401);
    const newToken = await h.tokenFor('changepass', 'new-password-456');
    expect((await h.request('GET', '/api/me', { token: newToken })).status).toBe(200);
  });

  it('refuses a too short new password with 400 and changes nothing', async () => {
    const id = await h.addUser({ username: 'shortnew' });
    const before = await row(id);
    expect((await expectJson<ErrorBody>(h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: body('shortnew2', { password: 'short' }) }), 400)).details?.fieldErrors?.password?.length).toBeGreaterThan(0);
    expect(await row(id)).toEqual(before);
  });

  it('answers 404 for a missing id and 400 for a non-numeric one', async () => {
    expect((await expectJson<ErrorBody>(h.request('PUT', '/api/admin/users/999999', { token: adminToken, body: body('ghost') }), 404)).error).toBe(messages.userNotFound);
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const res = await h.request('PUT', `/api/admin/users/${bad}`, { token: adminToken, body: body('ghost') });
      expect(res.status, bad).toBe(400);
    }
    const [ghost] = await h.database.db.select().from(users).where(eq(users.username, 'ghost'));
    expect(ghost).toBeUndefined();
  });

  it('refuses taking another account’s username or email, in any case, with 409', async () => {
    await h.addUser({ username: 'Taken.Name', email: 'taken@example.test' });
    const id = await h.addUser({ username: 'wantsname' });
    const before = await row(id);
    expect((await h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: { ...body('taken.NAME'), email: 'wantsname@example.test' } })).status).toBe(409);
    expect((await h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: { ...body('wantsname'), email: 'TAKEN@example.test' } })).status).toBe(409);
    expect(await row(id)).toEqual(before);
    // Its own name in another case is not a clash.
    expect((await h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: body('WantsName') })).status).toBe(200);
    expect((await row(id))!.username).toBe('WantsName');
  });
});

// ---- DELETE ---------------------------------------------------------------------------------------

describe('DELETE /api/admin/users/{id}', () => {
  it('removes the user, then answers 404; the audit log names the user and the actor', async () => {
    const id = await h.addUser({ username: 'doomed' });
    const res = await h.request('DELETE', `/api/admin/users/${id}`, { token: adminToken });
    expect(res.status).toBe(200);
    // It held no policy: deleted, not closed (docs/product.md#closed-accounts).
    expect(await json(res)).toEqual({ success: true, closed: false });
    expect(await row(id)).toBeUndefined();
    expect((await listUsers('?search=doomed')).body.total).toBe(0);
    expect((await expectJson<ErrorBody>(h.request('DELETE', `/api/admin/users/${id}`, { token: adminToken }), 404)).error).toBe(messages.userNotFound);
    const entries = await logsMatching('Deleted user: doomed');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.username).toBe('adam');
  });

  it('answers 400 for a non-numeric id', async () => {
    expect((await h.request('DELETE', '/api/admin/users/abc', { token: adminToken })).status).toBe(400);
  });

  it('closes an account that holds a policy instead: every session ended, no sign-in, the policy kept with its holder', async () => {
    const id = await h.addUser({ username: 'leaver', isAdmin: true });
    const token = await h.tokenFor('leaver');
    expect((await h.request('GET', '/api/me', { token })).status).toBe(200);
    const policy = await addPolicy<PolicyView>(h, ownerToken, { userId: id });
    expect(policy).toMatchObject({ userId: id, username: 'leaver' });

    expect(await expectJson(h.request('DELETE', `/api/admin/users/${id}`, { token: ownerToken }), 200)).toEqual({ success: true, closed: true });

    expect((await h.request('GET', '/api/me', { token })).status).toBe(401);
    expect((await h.request('GET', '/api/user/policies', { token })).status).toBe(401);
    // Refused as a wrong password is: nothing tells a guesser the account exists.
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/login', { body: { username: 'leaver', password: PASSWORD }, headers: { 'x-forwarded-for': '10.9.9.9' } }), 401)).error).toBe(messages.invalidCredentials);

    // Kept with its name and address, no staff role, shown as closed.
    expect(await row(id)).toMatchObject({ username: 'leaver', email: 'leaver@example.test', isAdmin: false, closedAt: expect.any(Number) });
    const listed = (await listUsers('?search=leaver')).body.users;
    expect(listed).toMatchObject([{ id, username: 'leaver', closed: true, isAdmin: false }]);
    const found = await json<PolicyView[]>(await h.request('GET', `/api/admin/policies?search=${policy.policyNumber}`, { token: adminToken }));
    expect(found).toEqual([expect.objectContaining({ id: policy.id, userId: id, username: 'leaver' })]);
    // Staff still read what it holds.
    expect((await h.request('GET', `/api/admin/users/${id}/policies`, { token: adminToken })).status).toBe(200);
    expect(await logsMatching('Closed user: leaver (holds policies)')).toHaveLength(1);

    // Closed is for good: a second DELETE changes nothing, an edit is refused, no new policy goes to it.
    expect(await json(await h.request('DELETE', `/api/admin/users/${id}`, { token: ownerToken }))).toEqual({ success: true, closed: true });
    expect(await logsMatching('Closed user: leaver')).toHaveLength(1);
    expect((await expectJson<ErrorBody>(h.request('PUT', `/api/admin/users/${id}`, { token: ownerToken, body: { username: 'leaver', email: 'leaver@example.test', isAdmin: true } }), 409)).error).toBe('This account is closed');
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/admin/policies', { token: adminToken, body: { ...validPolicy, userId: id } }), 400)).details?.fieldErrors?.['userId']).toEqual(['This account is closed']);
    // No reset link reaches it.
    await h.request('POST', '/api/password-reset/request', { body: { email: 'leaver@example.test' } });
    expect(await linksSentTo(h, 'leaver@example.test')).toEqual([]);
  });
});

// ---- role rules -----------------------------------------------------------------------------------

describe('role rules (Owner ⊃ Admin ⊃ User)', () => {
  it('an admin may create, edit and delete plain users', async () => {
    const { id } = await expectJson<UserView>(h.request('POST', '/api/admin/users', { token: adminToken, body: body('plainbyadmin', { password: PASSWORD }) }), 201);
    expect((await h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: body('plainbyadmin2') })).status).toBe(200);
    expect((await row(id))!.username).toBe('plainbyadmin2');
    expect((await h.request('DELETE', `/api/admin/users/${id}`, { token: adminToken })).status).toBe(200);
    expect(await row(id)).toBeUndefined();
  });

  it.each([
    ['an admin', { isAdmin: true }],
    ["an admin ('true')", { isAdmin: 'true' }],
    ['an admin (1)', { isAdmin: 1 }],
    ['an owner', { isOwner: true }],
    ['an owner (flag only)', { isAdmin: false, isOwner: 'true' }],
  ])('an admin may not create %s (403, nothing written)', async (_label, flags) => {
    const before = await userCount();
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/admin/users', { token: adminToken, body: body('wouldbestaff', { ...flags, password: PASSWORD }) }), 403)).error).toBe(messages.ownerOnly);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['isAdmin', { isAdmin: true }],
    ['isOwner', { isOwner: true }],
  ])('an admin may not set %s on a plain user (403, unchanged)', async (_label, flags) => {
    const id = await h.addUser({ username: `promote${_label}` });
    const before = await row(id);
    expect((await h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: body(`promote${_label}`, flags) })).status).toBe(403);
    expect(await row(id)).toEqual(before);
  });

  it('an admin may not edit or delete another admin or an owner (403, unchanged)', async () => {
    const otherAdmin = await h.addUser({ username: 'otheradmin', isAdmin: true });
    const otherOwner = await h.addUser({ username: 'otherowner', isOwner: true });
    for (const [id, name, flags] of [
      [otherAdmin, 'otheradmin', { isAdmin: true }],
      [otherOwner, 'otherowner', { isAdmin: true, isOwner: true }],
      [ownerId, 'olive', { isAdmin: true, isOwner: true }],
    ] as const) {
      const before = await row(id);
      // A harmless edit (same roles, new e-mail) is refused too...
      const edit = await h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: body(name, { ...flags, email: `changed-${name}@example.test` }) });
      expect(edit.status, `edit ${name}`).toBe(403);
      // ... and so is a demotion ...
      const demote = await h.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body: body(name) });
      expect(demote.status, `demote ${name}`).toBe(403);
      // ... and a deletion.
      const del = await h.request('DELETE', `/api/admin/users/${id}`, { token: adminToken });
      expect(del.status, `delete ${name}`).toBe(403);
      expect(await row(id)).toEqual(before);
    }
  });

  it('an owner may create admins and owners, set and clear the flags, and edit and delete them', async () => {
    const admin = await expectJson<UserView>(h.request('POST', '/api/admin/users', { token: ownerToken, body: body('ownmadeadmin', { isAdmin: true, password: PASSWORD }) }), 201);
    expect(admin).toMatchObject({ isAdmin: true, isOwner: false });

    const owner = await expectJson<UserView>(h.request('POST', '/api/admin/users', { token: ownerToken, body: body('ownmadeowner', { isOwner: true, password: PASSWORD }) }), 201);
    // Owner implies admin.
    expect(owner).toMatchObject({ isAdmin: true, isOwner: true });
    expect(await row(owner.id)).toMatchObject({ isAdmin: true, isOwner: true });

    const plainId = await h.addUser({ username: 'ownpromoted' });
    expect((await h.request('PUT', `/api/admin/users/${plainId}`, { token: ownerToken, body: body('ownpromoted', { isAdmin: true }) })).status).toBe(200);
    expect(await row(plainId)).toMatchObject({ isAdmin: true, isOwner: false });
    expect((await h.request('PUT', `/api/admin/users/${plainId}`, { token: ownerToken, body: body('ownpromoted', { isOwner: 1 }) })).status).toBe(200);
    expect(await row(plainId)).toMatchObject({ isAdmin: true, isOwner: true });
    expect((await h.request('PUT', `/api/admin/users/${plainId}`, { token: ownerToken, body: body('ownpromoted') })).status).toBe(200);
    expect(await row(plainId)).toMatchObject({ isAdmin: false, isOwner: false });

    expect((await h.request('PUT', `/api/admin/users/${admin.id}`, { token: ownerToken, body: body('ownmadeadmin', { isAdmin: true, email: 'new-admin-mail@example.test' }) })).status).toBe(200);
    expect((await row(admin.id))!.email).toBe('new-admin-mail@example.test');

    expect((await h.request('PUT', `/api/admin/users/${owner.id}`, { token: ownerToken, body: body('ownmadeowner2', { isOwner: true }) })).status).toBe(200);
    expect((await row(owner.id))!.username).toBe('ownmadeowner2');

    expect((await h.request('DELETE', `/api/admin/users/${admin.id}`, { token: ownerToken })).status).toBe(200);
    expect(await row(admin.id)).toBeUndefined();
    expect((await h.request('DELETE', `/api/admin/users/${owner.id}`, { token: ownerToken })).status).toBe(200);
    expect(await row(owner.id)).toBeUndefined();
  });

  it('a demoted admin loses admin access at once', async () => {
    const id = await h.addUser({ username: 'soontobeplain', isAdmin: true });
    const token = await h.tokenFor('soontobeplain');
    expect((await h.request('GET', '/api/admin/users', { token })).status).toBe(200);
    expect((await h.request('PUT', `/api/admin/users/${id}`, { token: ownerToken, body: body('soontobeplain') })).status).toBe(200);
    expect((await h.request('GET', '/api/admin/users', { token })).status).toBe(403);
  });

  it('nobody deletes themselves (403)', async () => {
    for (const [id, token] of [
      [ownerId, ownerToken],
      [adminId, adminToken],
    ] as const) {
      expect((await h.request('DELETE', `/api/admin/users/${id}`, { token })).status).toBe(403);
      expect(await row(id)).toBeDefined();
    }
    const own = await h.request('DELETE', `/api/admin/users/${ownerId}`, { token: ownerToken });
    expect((await json<ErrorBody>(own)).error).toBe(messages.noSelfDelete);
  });

  it('nobody demotes themselves (403, unchanged)', async () => {
    const ownerBefore = await row(ownerId);
    for (const flags of [{ isAdmin: true, isOwner: false }, { isAdmin: false, isOwner: false }, {}]) {
      const res = await h.request('PUT', `/api/admin/users/${ownerId}`, { token: ownerToken, body: body('olive', flags) });
      expect(res.status, JSON.stringify(flags)).toBe(403);
      expect((await json<ErrorBody>(res)).error).toBe(messages.noSelfDemote);
    }
    expect(await row(ownerId)).toEqual(ownerBefore);

    // Clearing only isAdmin while staying owner must not leave the owner without admin rights.
    await h.request('PUT', `/api/admin/users/${ownerId}`, { token: ownerToken, body: body('olive', { isAdmin: false, isOwner: true }) });
    expect(await row(ownerId)).toMatchObject({ isAdmin: true, isOwner: true });

    const adminBefore = await row(adminId);
    expect((await h.request('PUT', `/api/admin/users/${adminId}`, { token: adminToken, body: body('adam', { isAdmin: false }) })).status).toBe(403);
    expect(await row(adminId)).toEqual(adminBefore);
    expect((await h.request('GET', '/api/admin/users', { token: adminToken })).status).toBe(200);
  });

  it('an owner may edit their own details while keeping their roles', async () => {
    expect((await h.request('PUT', `/api/admin/users/${ownerId}`, { token: ownerToken, body: body('olive', { isOwner: true, email: 'olive.owner@example.test' }) })).status).toBe(200);
    expect(await row(ownerId)).toMatchObject({ email: 'olive.owner@example.test', isAdmin: true, isOwner: true });
    expect((await h.request('GET', '/api/admin/users', { token: ownerToken })).status).toBe(200);
  });
});

describe('the last owner (service level)', () => {
  function ownerCaller(id: number, username: string): Caller {
    return { id, username, isAdmin: true, isOwner: true, jti: 'test-jti', exp: Math.floor(T0 / 1000) + 3600 };
  }

  async function expectConflict(p: Promise<unknown>) {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).message).toBe(messages.lastOwner);
    expect(errorAnswerOf(err as ConflictError).status).toBe(409);
  }

  it('refuses deleting or demoting the only owner with 409, and allows it once another owner exists', async () => {
    const h2 = await createHarness();
    try {
      const sole = await h2.addUser({ username: 'sole', isOwner: true });
      const helper = await h2.addUser({ username: 'helper', isAdmin: true });
      const readSole = async () => (await h2.database.db.select().from(users).where(eq(users.id, sole)))[0];
      const [owners] = await h2.database.db.select({ n: count() }).from(users).where(eq(users.isOwner, true));
      expect(owners!.n).toBe(1);

      // A caller that believes itself an owner but is not the target: only the last-owner rule stands in the way.
      const caller = ownerCaller(helper, 'helper');
      const logsBefore = (await h2.database.db.select({ n: count() }).from(auditLogs))[0]!.n;

      await expectConflict(deleteUser(h2.deps, caller, sole));
      await expectConflict(updateUser(h2.deps, caller, sole, { username: 'sole', email: 'sole@example.test', isAdmin: true, isOwner: false, password: undefined }));
      await expectConflict(updateUser(h2.deps, caller, sole, { username: 'sole', email: 'sole@example.test', isAdmin: false, isOwner: false, password: undefined }));
      expect(await readSole()).toMatchObject({ isAdmin: true, isOwner: true });
      expect((await h2.database.db.select({ n: count() }).from(auditLogs))[0]!.n).toBe(logsBefore);

      // Editing the last owner without demoting them is fine.
      const edited = await updateUser(h2.deps, caller, sole, { username: 'sole', email: 'sole2@example.test', isAdmin: true, isOwner: true, password: undefined });
      expect(edited).toMatchObject({ email: 'sole2@example.test', isOwner: true });

      // With a second owner in the database the same demotion and deletion go through.
      // In the app's write queue: the e-mail change above started a mail delivery run, whose write a direct write
      // beside the queue would meet as SQLITE_BUSY.
      await h2.deps.write((tx) => tx.update(users).set({ isOwner: true }).where(eq(users.id, helper)));
      const demoted = await updateUser(h2.deps, caller, sole, { username: 'sole', email: 'sole2@example.test', isAdmin: true, isOwner: false, password: undefined });
      expect(demoted).toMatchObject({ isAdmin: true, isOwner: false });
      await h2.deps.write((tx) => tx.update(users).set({ isOwner: true }).where(eq(users.id, sole)));
      await deleteUser(h2.deps, caller, sole);
      expect(await readSole()).toBeUndefined();
    } finally {
      await h2.close();
    }
  });
});
