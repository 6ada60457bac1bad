// The account page (docs/product.md#account): details, an e-mail change through a link to the new address, a
// password change that ends every other session, and "Signed in on" with signing out one device or all others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, type AccountDetailsView, type SessionView } from '../../src-server/contract/account';
import { settleAfterAnswer } from '../../src-server/platform/after-answer';
import { runMaintenance } from '../../src-server/maintenance';
import { createHarness, json, PASSWORD, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { latestLinkTo, linksSentTo, MAIL_LOGGED } from './mail-links';

let h: Harness;
let counter = 0;
const address = () => `198.51.100.${++counter}`;
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A fresh account of its own, so no test depends on another's sessions or address. */
async function account(): Promise<{ username: string; email: string; id: number }> {
  const username = `acct${++counter}`;
  const email = `${username}@example.test`;
  const id = await h.addUser({ username, email });
  return { username, email, id };
}

/** Signs in as a browser would, from `userAgent` at `from`. */
async function signIn(username: string, opts: { userAgent?: string; from?: string; password?: string } = {}): Promise<string> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.from ?? address() };
  if (opts.userAgent) headers['user-agent'] = opts.userAgent;
  return (await expectJson<{ token: string }>(h.request('POST', '/api/login', { body: { username, password: opts.password ?? PASSWORD }, headers }), 200)).token;
}

const details = async (token: string) => json<AccountDetailsView>(await h.request('GET', '/api/account', { token }));
const sessionsOf = async (token: string) => json<SessionView[]>(await h.request('GET', '/api/account/sessions', { token }));
const meStatus = async (token: string) => (await h.request('GET', '/api/me', { token })).status;
async function auditActions(userId: number): Promise<string[]> {
  const rs = await h.database.client.execute({ sql: 'select action from audit_logs where user_id = ? order by id', args: [userId] });
  return rs.rows.map((r) => String(r['action']));
}
/** The subjects of every e-mail delivered to `to`. */
async function subjectsSentTo(to: string): Promise<string[]> {
  await linksSentTo(h, to);
  return h.logs.filter((e) => e.msg === MAIL_LOGGED && String(e['to']).toLowerCase() === to.toLowerCase()).map((e) => String(e['subject']));
}

describe('details', () => {
  it('answers the username and address; saves name and phone (the phone in its national form), logged', async () => {
    const a = await account();
    const token = await signIn(a.username);
    expect(await details(token)).toEqual({
      username: a.username,
      email: a.email,
      emailVerified: true,
      name: null,
      phone: null,
      pendingEmail: null,
      pendingEmailExpiresAt: null,
      createdAt: new Date(h.clock.now()).toISOString(),
    });
    expect(await expectJson(h.request('PUT', '/api/account', { token, body: { name: '  Ann Smith ', phone: '+44 (0)7700 900123' } }), 200)).toMatchObject({ name: 'Ann Smith', phone: '07700900123' });
    expect(await details(token)).toMatchObject({ name: 'Ann Smith', phone: '07700900123' });
    expect(await auditActions(a.id)).toContain('Account details changed: name and phone');

    // Blank clears; the same again writes nothing new.
    await h.request('PUT', '/api/account', { token, body: { name: '', phone: null } });
    expect(await details(token)).toMatchObject({ name: null, phone: null });
    const entries = (await auditActions(a.id)).length;
    await h.request('PUT', '/api/account', { token, body: { name: null, phone: '' } });
    expect((await auditActions(a.id)).length).toBe(entries);
  });

  it('refuses a phone that is not a UK number, and a name with a control character, with the field’s message; nothing changes', async () => {
    const a = await account();
    const token = await signIn(a.username);
    await h.request('PUT', '/api/account', { token, body: { name: 'Kept', phone: '07700 900123' } });
    const phone = await h.request('PUT', '/api/account', { token, body: { name: 'Other', phone: '12345' } });
    expect(phone.status).toBe(400);
    expect((await json<ErrorBody>(phone)).details?.fieldErrors?.['phone']).toEqual([accountMessages.phoneInvalid]);
    const name = await h.request('PUT', '/api/account', { token, body: { name: 'Ann\u202eSmith', phone: null } });
    expect(name.status).toBe(400);
    expect((await json<ErrorBody>(name)).details?.fieldErrors?.['name']).toBeDefined();
    expect(await details(token)).toMatchObject({ name: 'Kept', phone: '07700900123' });
  });

  it('answers 401 without a session', async () => {
    expect((await h.request('GET', '/api/account')).status).toBe(401);
    expect((await h.request('PUT', '/api/account', { body: { name: 'x', phone: null } })).status).toBe(401);
  });
});

describe('changing the e-mail address', () => {
  it('sends the link to the NEW address; nothing changes until the owner, signed in, opens it; then the old address is told', async () => {
    const a = await account();
    const token = await signIn(a.username);
    const newEmail = `new-${a.username}@example.test`;
    expect(await expectJson(h.request('POST', '/api/account/email', { token, body: { email: newEmail, currentPassword: PASSWORD } }), 200)).toEqual({ message: accountMessages.emailChangeSent, pendingEmail: newEmail });

    const link = await latestLinkTo(h, newEmail, '/confirm-email-change');
    expect(await linksSentTo(h, a.email)).toEqual([]);
    // Nothing has changed: the old address still signs in, the new one does not, and the account shows the change waiting.
    expect(await details(token)).toMatchObject({ email: a.email, pendingEmail: newEmail });
    expect((await h.request('POST', '/api/login', { body: { username: newEmail, password: PASSWORD }, headers: { 'x-forwarded-for': address() } })).status).toBe(401);
    await signIn(a.email);

    // Another account holding the link changes nothing.
    const other = await account();
    const otherToken = await signIn(other.username);
    expect((await h.request('POST', '/api/account/email/confirm', { token: otherToken, body: { token: link.token } })).status).toBe(403);
    expect(await details(token)).toMatchObject({ email: a.email });
    expect(await details(otherToken)).toMatchObject({ email: other.email });

    expect(await expectJson(h.request('POST', '/api/account/email/confirm', { token, body: { token: link.token } }), 200)).toMatchObject({ message: accountMessages.emailChanged, account: { email: newEmail, emailVerified: true, pendingEmail: null } });
    expect(await subjectsSentTo(a.email)).toEqual(['Your Kerbside Cover e-mail address has been changed']);
    await signIn(newEmail);
    expect((await h.request('POST', '/api/login', { body: { username: a.email, password: PASSWORD }, headers: { 'x-forwarded-for': address() } })).status).toBe(401);

    // The link works once.
    expect((await h.request('POST', '/api/account/email/confirm', { token, body: { token: link.token } })).status).toBe(400);
    expect(await auditActions(a.id)).toEqual(
      expect.arrayContaining(['E-mail change asked for: a link was sent to the new address', 'E-mail address changed (the link sent to the new address was opened); the old address was told']),
    );
  });

  it('refuses an address another account holds without saying whose, a wrong password, and the same address', async () => {
    const a = await account();
    const b = await account();
    const token = await signIn(a.username);
    const body = await expectJson<ErrorBody>(h.request('POST', '/api/account/email', { token, body: { email: b.email.toUpperCase(), currentPassword: PASSWORD } }), 409);
    expect(body.error).toBe(accountMessages.emailUnavailable);
    expect(JSON.stringify(body)).not.toContain(b.username);
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/account/email', { token, body: { email: `free-${a.username}@example.test`, currentPassword: 'not-my-password' } }), 400)).details?.fieldErrors?.['currentPassword']).toEqual([accountMessages.wrongPassword]);
    expect((await h.request('POST', '/api/account/email', { token, body: { email: a.email, currentPassword: PASSWORD } })).status).toBe(400);
    expect(await linksSentTo(h, `free-${a.username}@example.test`)).toEqual([]);
    expect(await details(token)).toMatchObject({ email: a.email, pendingEmail: null });
  });

  it('an address taken between the request and the link: the link is refused and nothing changes', async () => {
    const a = await account();
    const token = await signIn(a.username);
    const wanted = `contested-${a.username}@example.test`;
    expect((await h.request('POST', '/api/account/email', { token, body: { email: wanted, currentPassword: PASSWORD } })).status).toBe(200);
    const link = await latestLinkTo(h, wanted, '/confirm-email-change');
    await h.addUser({ username: `taker${++counter}`, email: wanted });
    expect((await h.request('POST', '/api/account/email/confirm', { token, body: { token: link.token } })).status).toBe(409);
    expect(await details(token)).toMatchObject({ email: a.email });
  });

  it('a newer request spends the earlier link; a link past 24 hours is refused', async () => {
    const a = await account();
    const token = await signIn(a.username, { password: PASSWORD });
    const first = `first-${a.username}@example.test`;
    const second = `second-${a.username}@example.test`;
    await h.request('POST', '/api/account/email', { token, body: { email: first, currentPassword: PASSWORD } });
    await h.request('POST', '/api/account/email', { token, body: { email: second, currentPassword: PASSWORD } });
    const old = await latestLinkTo(h, first, '/confirm-email-change');
    expect((await h.request('POST', '/api/account/email/confirm', { token, body: { token: old.token } })).status).toBe(400);
    const late = await latestLinkTo(h, second, '/confirm-email-change');
    h.clock.advance(24 * 3600_000 + 1000);
    const fresh = await signIn(a.username);
    expect((await h.request('POST', '/api/account/email/confirm', { token: fresh, body: { token: late.token } })).status).toBe(400);
    expect(await details(fresh)).toMatchObject({ email: a.email, pendingEmail: null });
  });
});

describe('changing the password', () => {
  it('ends every other session (401) while this one goes on with a new token; the account is told; logged', async () => {
    const a = await account();
    const here = await signIn(a.username, { userAgent: ANDROID_CHROME });
    const elsewhere = await signIn(a.username, { userAgent: IPHONE_SAFARI });
    const answer = await expectJson<{ message: string; token: string; expiresAt: string }>(h.request('POST', '/api/account/password', { token: here, body: { currentPassword: PASSWORD, password: 'a-brand-new-passphrase' } }), 200);
    expect(answer.message).toBe(accountMessages.passwordChanged);

    expect(await meStatus(elsewhere)).toBe(401);
    expect((await h.request('GET', '/api/user/policies', { token: elsewhere })).status).toBe(401);
    expect((await h.trpc(elsewhere).account.me().catch((e: { code: string }) => e.code))).toBe('UNAUTHORIZED');
    expect(await meStatus(answer.token)).toBe(200);
    // The same session, under its new token: still "This device", and the only one.
    expect(await sessionsOf(answer.token)).toEqual([expect.objectContaining({ device: 'Chrome on Android', current: true })]);

    expect((await h.request('POST', '/api/login', { body: { username: a.username, password: PASSWORD }, headers: { 'x-forwarded-for': address() } })).status).toBe(401);
    await signIn(a.username, { password: 'a-brand-new-passphrase' });
    expect(await subjectsSentTo(a.email)).toContain('Your Kerbside Cover password has been changed');
    expect(await auditActions(a.id)).toContain('Password changed on the account page; every other session ended');
  });

  it("refuses a new password registration would refuse, and a wrong current one; after five wrong ones even the right one waits (429)", async () => {
    const a = await account();
    const token = await signIn(a.username);
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/account/password', { token, body: { currentPassword: PASSWORD, password: 'short' } }), 400)).details?.fieldErrors?.['password']).toEqual(['Password must be at least 8 characters']);
    for (let i = 0; i < 5; i += 1) {
      expect((await expectJson<ErrorBody>(h.request('POST', '/api/account/password', { token, body: { currentPassword: `wrong-${i}`, password: 'long-enough-new' } }), 400)).details?.fieldErrors?.['currentPassword']).toEqual([accountMessages.wrongPassword]);
    }
    const sixth = await h.request('POST', '/api/account/password', { token, body: { currentPassword: 'wrong-again', password: 'long-enough-new' } });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = await h.request('POST', '/api/account/password', { token, body: { currentPassword: PASSWORD, password: 'long-enough-new' } });
    expect(right.status).toBe(429);
    // The e-mail change asks the same password and shares the limit.
    expect((await h.request('POST', '/api/account/email', { token, body: { email: `x-${a.username}@example.test`, currentPassword: PASSWORD } })).status).toBe(429);
    expect(await meStatus(token)).toBe(200);
    // The window over, the right password works.
    h.clock.advance(15 * 60_000 + 1000);
    const later = await signIn(a.username);
    expect((await h.request('POST', '/api/account/password', { token: later, body: { currentPassword: PASSWORD, password: 'long-enough-new' } })).status).toBe(200);
  });
});

describe('signed in on', () => {
  it('lists each session with its device, address and times, this one marked', async () => {
    const a = await account();
    const phone = await signIn(a.username, { userAgent: ANDROID_CHROME, from: '203.0.113.7' });
    h.clock.advance(60_000);
    const laptop = await signIn(a.username, { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', from: '203.0.113.8' });
    const list = await sessionsOf(laptop);
    expect(list.map((s) => [s.device, s.address, s.current])).toEqual([
      ['Firefox on Windows', '203.0.113.8', true],
      ['Chrome on Android', '203.0.113.7', false],
    ]);
    expect(list[1]!.signedInAt).toBe(new Date(h.clock.now() - 60_000).toISOString());
    expect((await sessionsOf(phone)).find((s) => s.current)?.device).toBe('Chrome on Android');
  });

  it('moves "last seen" after a request, at most once a minute', async () => {
    const a = await account();
    const token = await signIn(a.username);
    const signedInAt = h.clock.now();
    h.clock.advance(5 * 60_000);
    expect(await meStatus(token)).toBe(200);
    await settleAfterAnswer(h.deps);
    const seen = h.clock.now();
    expect((await sessionsOf(token))[0]).toMatchObject({ signedInAt: new Date(signedInAt).toISOString(), lastSeenAt: new Date(seen).toISOString() });
    h.clock.advance(30_000);
    expect(await meStatus(token)).toBe(200);
    await settleAfterAnswer(h.deps);
    expect((await sessionsOf(token))[0]!.lastSeenAt).toBe(new Date(seen).toISOString());
    h.clock.advance(31_000);
    expect(await meStatus(token)).toBe(200);
    await settleAfterAnswer(h.deps);
    expect((await sessionsOf(token))[0]!.lastSeenAt).toBe(new Date(h.clock.now()).toISOString());
  });

  it('signs out another device: its token answers 401 and the list drops it; logged', async () => {
    const a = await account();
    const here = await signIn(a.username, { userAgent: ANDROID_CHROME });
    const there = await signIn(a.username, { userAgent: IPHONE_SAFARI });
    const other = (await sessionsOf(here)).find((s) => !s.current)!;
    expect(other.device).toBe('Safari on iPhone');
    expect(await expectJson(h.request('DELETE', `/api/account/sessions/${other.id}`, { token: here }), 200)).toEqual({ success: true, ended: 1 });
    expect(await meStatus(there)).toBe(401);
    expect(await meStatus(here)).toBe(200);
    expect((await sessionsOf(here)).map((s) => s.device)).toEqual(['Chrome on Android']);
    expect(await auditActions(a.id)).toContain('Signed out another device: Safari on iPhone');
    // Gone: a second time it is not found.
    expect((await h.request('DELETE', `/api/account/sessions/${other.id}`, { token: here })).status).toBe(404);
  });

  it("never reaches another account's session (404), and leaves this device to Logout (409)", async () => {
    const a = await account();
    const b = await account();
    const mine = await signIn(a.username);
    const theirs = await signIn(b.username);
    const theirSession = (await sessionsOf(theirs))[0]!;
    expect((await h.request('DELETE', `/api/account/sessions/${theirSession.id}`, { token: mine })).status).toBe(404);
    expect(await meStatus(theirs)).toBe(200);
    const trpc = await h.trpc(mine).account.endSession({ id: theirSession.id }).catch((e: { code: string }) => e.code);
    expect(trpc).toBe('NOT_FOUND');
    const own = (await sessionsOf(mine))[0]!;
    expect((await expectJson<ErrorBody>(h.request('DELETE', `/api/account/sessions/${own.id}`, { token: mine }), 409)).error).toBe(accountMessages.thisSession);
    expect(await meStatus(mine)).toBe(200);
  });

  it('signs out all other devices; this one stays', async () => {
    const a = await account();
    const here = await signIn(a.username);
    const others = [await signIn(a.username), await signIn(a.username), await signIn(a.username)];
    const res = await h.request('POST', '/api/account/sessions/sign-out-others', { token: here });
    expect(await json(res)).toEqual({ success: true, ended: 3 });
    for (const t of others) expect(await meStatus(t)).toBe(401);
    expect(await meStatus(here)).toBe(200);
    expect((await sessionsOf(here)).length).toBe(1);
    expect(await auditActions(a.id)).toContain('Signed out all other devices (3)');
  });

  it('agrees with Logout and with a password reset: their sessions are no longer listed', async () => {
    const a = await account();
    const here = await signIn(a.username);
    const leaving = await signIn(a.username);
    expect((await sessionsOf(here)).length).toBe(2);
    expect((await h.request('POST', '/api/logout', { token: leaving })).status).toBe(200);
    expect((await sessionsOf(here)).length).toBe(1);
    // A reset ends every session by the session version: none is listed, the next sign-in alone is.
    await h.request('POST', '/api/password-reset/request', { body: { email: a.email }, headers: { 'x-forwarded-for': address() } });
    const reset = await latestLinkTo(h, a.email, '/reset-password');
    expect((await h.request('POST', '/api/password-reset/confirm', { body: { token: reset.token, password: 'reset-passphrase' } })).status).toBe(200);
    const after = await signIn(a.username, { password: 'reset-passphrase' });
    expect((await sessionsOf(after)).length).toBe(1);
  });

  it('housekeeping drops sessions whose token has expired, and spent e-mail change links', async () => {
    const a = await account();
    const token = await signIn(a.username);
    await h.request('POST', '/api/account/email', { token, body: { email: `swept-${a.username}@example.test`, currentPassword: PASSWORD } });
    const rowsOf = async (table: string, only = '') => Number((await h.database.client.execute({ sql: `select count(*) n from ${table} where ${only}user_id = ?`, args: [a.id] })).rows[0]!['n']);
    expect([await rowsOf('sessions'), await rowsOf('one_time_tokens', "kind = 'email-change' and ")]).toEqual([1, 1]);
    h.clock.advance(25 * 3600_000);
    await runMaintenance(h.deps);
    expect([await rowsOf('sessions'), await rowsOf('one_time_tokens', "kind = 'email-change' and ")]).toEqual([0, 0]);
  });
});
