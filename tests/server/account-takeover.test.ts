// The owner of an address takes the account clean (docs/product.md#e-mail-confirmation): an invitation, a reset link
// or the first confirmation removes every passkey, waiting e-mail change, session and unused link made before, and
// says so; an account that has not proved its address adds no passkey and asks no address change. Adding a passkey
// asks for the password (and a staff account's code); a password change removes the passkeys unless kept; an
// invitation is spent at a password sign-in and at a second factor's set-up, and never answers a session past a factor.
import { and, eq, inArray } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, passkeysAfterChangeText } from '../../src-server/contract/account';
import { accountClearedText, emailConfirmationMessages, type AccountCleared } from '../../src-server/contract/email-confirmation';
import { passkeyMessages } from '../../src-server/contract/passkeys';
import type { IssuedPolicyView, LoginResult } from '../../src-server/contract/views';
import { queueInvitation } from '../../src-server/modules/accounts/password-reset/invitation';
import { auditLogs, oneTimeTokens, passkeys, sessions, staffFactors, users } from '../../src-server/platform/db/schema/index';
import { createHarness, json, PASSWORD, type ErrorBody, type Harness } from './harness';
import { expectJson, expectStatus } from './answers';
import { latestLinkTo } from './mail-links';
import { acceptedQuote } from './quote-flow';
import { SoftAuthenticator, type AuthenticationOptions, type RegistrationOptions } from './soft-authenticator';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'sam', isAdmin: true, isOwner: true });
  admin = await h.tokenFor('sam');
});
afterAll(() => h.close());

let addressCounter = 0;
const freshAddress = () => `10.66.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;
let counter = 0;
const next = () => ++counter;

const NONE: AccountCleared = { passkeys: [], emailChanges: 0, links: 0, sessions: 0 };

async function register(username: string, email: string): Promise<number> {
  return (await expectJson<{ user: { id: number } }>(h.request('POST', '/api/register', { body: { username, email, password: PASSWORD }, headers: { 'x-forwarded-for': freshAddress() } }), 201)).user.id;
}

const passkeyOptions = (token: string, body: Record<string, unknown> = { currentPassword: PASSWORD }) =>
  h.request('POST', '/api/account/passkeys/options', { token, body, headers: { 'x-forwarded-for': freshAddress() } });

async function addPasskey(token: string, name: string, body?: Record<string, unknown>): Promise<SoftAuthenticator> {
  const { options } = await expectJson<{ options: RegistrationOptions }>(passkeyOptions(token, body), 200);
  const authenticator = new SoftAuthenticator();
  await expectStatus(h.request('POST', '/api/account/passkeys', { token, body: { name, response: authenticator.register(options) }, headers: { 'x-forwarded-for': freshAddress() } }), 201);
  return authenticator;
}

async function passkeyLogin(authenticator: SoftAuthenticator): Promise<Response> {
  const { options } = await json<{ options: AuthenticationOptions }>(await h.request('POST', '/api/login/passkey/options'));
  return h.request('POST', '/api/login/passkey', { body: { response: authenticator.authenticate(options) }, headers: { 'x-forwarded-for': freshAddress() } });
}

const startEmailChange = (token: string, email: string) =>
  h.request('POST', '/api/account/email', { token, body: { email, currentPassword: PASSWORD }, headers: { 'x-forwarded-for': freshAddress() } });

/**
 * What an account whose address is not proved could hold from before such accounts were refused them: a passkey and
 * an e-mail change to another mailbox, made through the API while the account is briefly marked confirmed.
 */
async function heldFromBefore(id: number, token: string, name: string, changeTo: string): Promise<{ authenticator: SoftAuthenticator; changeToken: string }> {
  await h.deps.write((tx) => tx.update(users).set({ emailVerifiedAt: h.clock.now() }).where(eq(users.id, id)));
  const authenticator = await addPasskey(token, name);
  expect((await startEmailChange(token, changeTo)).status).toBe(200);
  await h.deps.write((tx) => tx.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, id)));
  return { authenticator, changeToken: (await latestLinkTo(h, changeTo, '/confirm-email-change')).token };
}

/** The account's one-time tokens of these kinds (platform/tokens). */
const tokensOf = (userId: number, kinds: (typeof oneTimeTokens.$inferSelect)['kind'][]) =>
  h.database.db.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.kind, kinds)));

const actions = async (userId: number) => (await h.database.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.userId, userId))).map((r) => r.action);

describe('an unproven account', () => {
  it('adds no passkey and asks no address change (403, said plainly); nothing is written', async () => {
    const id = await register(`unproven${next()}`, `unproven${counter}@mail.example`);
    const token = await h.tokenFor(`unproven${counter}`);
    const options = await passkeyOptions(token);
    expect(options.status).toBe(403);
    expect(await json<ErrorBody>(options)).toEqual({ error: passkeyMessages.unconfirmed });
    const change = await startEmailChange(token, `elsewhere${counter}@mail.example`);
    expect(change.status).toBe(403);
    expect(await json<ErrorBody>(change)).toEqual({ error: accountMessages.emailChangeUnconfirmed });
    expect(await tokensOf(id, ['passkey-register', 'passkey-sign-in'])).toEqual([]);
    expect(await tokensOf(id, ['email-change'])).toEqual([]);
    // Through tRPC as well.
    await expect(h.trpc(token).account.passkeys.options({ currentPassword: PASSWORD })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(h.trpc(token).account.changeEmail({ email: `elsewhere${counter}@mail.example`, currentPassword: PASSWORD })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('adds none with options given before its address became unconfirmed (staff changed it)', async () => {
    const n = next();
    const id = await h.addUser({ username: `became${n}` });
    const token = await h.tokenFor(`became${n}`);
    const { options } = await json<{ options: RegistrationOptions }>(await passkeyOptions(token));
    await expectStatus(h.request('PUT', `/api/admin/users/${id}`, { token: admin, body: { username: `became${n}`, email: `became${n}.new@mail.example`, isAdmin: false, isOwner: false } }), 200);
    expect((await h.request('POST', '/api/account/passkeys', { token, body: { name: 'Late', response: new SoftAuthenticator().register(options) }, headers: { 'x-forwarded-for': freshAddress() } })).status).toBe(403);
    expect(await h.database.db.select().from(passkeys).where(eq(passkeys.userId, id))).toEqual([]);
  });
});

describe('the squatter the review found', () => {
  it.each(['invitation', 'reset'] as const)(
    "the owner's %s removes the squatter's passkey, e-mail change and sessions: none of them works afterwards",
    async (way) => {
      const n = next();
      const email = `victim${n}@mail.example`;
      // The squatter registers the owner's address in capitals and holds a passkey and a change to their own mailbox.
      const squatterId = await register(`squat${n}`, email.toUpperCase());
      const squatter = await h.tokenFor(`squat${n}`);
      const { authenticator, changeToken } = await heldFromBefore(squatterId, squatter, 'Squatter key', `squatter${n}@evil.example`);
      expect((await passkeyLogin(authenticator)).status).toBe(200);

      let answer: { message: string; removed: AccountCleared; session?: LoginResult };
      if (way === 'invitation') {
        // A policy issued to the address waits for its owner, who is sent the invitation.
        const q = await acceptedQuote(h, admin, { email });
        const issued = await json<IssuedPolicyView>(await h.request('POST', `/api/admin/quotes/${q.id}/policy`, { token: admin, body: { licenseNumber: 'SQUAT905175A99AA' } }));
        expect(issued).toMatchObject({ invited: true, awaitingConfirmation: true });
        const { token } = await latestLinkTo(h, email, '/welcome');
        answer = await expectJson(h.request('POST', '/api/password-reset/confirm', { body: { token, password: 'owners-own-password' } }), 200);
        expect(answer.session).toBeDefined();
      } else {
        await h.request('POST', '/api/password-reset/request', { body: { email }, headers: { 'x-forwarded-for': freshAddress() } });
        const { token } = await latestLinkTo(h, email, '/reset-password');
        answer = await expectJson(h.request('POST', '/api/password-reset/confirm', { body: { token, password: 'owners-own-password' } }), 200);
        expect(answer).not.toHaveProperty('session');
      }
      // The squatter's password session and passkey session; the registration's confirmation link.
      expect(answer.removed).toEqual({ passkeys: ['Squatter key'], emailChanges: 1, links: 1, sessions: 2 });
      expect(accountClearedText(answer.removed, 'all')).toBe(
        'Every device that was signed in has been signed out. The passkey “Squatter key” and a waiting change of e-mail address made before were removed. Links e-mailed before no longer work.',
      );

      // The passkey signs nobody in, the squatter's session is over, and the change's link moves nothing.
      expect((await passkeyLogin(authenticator)).status).toBe(401);
      expect((await h.request('GET', '/api/account', { token: squatter })).status).toBe(401);
      const owner = answer.session?.token ?? (await h.tokenFor(email, 'owners-own-password'));
      expect((await h.request('POST', '/api/account/email/confirm', { token: owner, body: { token: changeToken } })).status).toBe(400);
      expect(await json(await h.request('GET', '/api/account', { token: owner }))).toMatchObject({ email: email.toUpperCase(), emailVerified: true, pendingEmail: null });
      // "Signed in on" keeps only the owner's own session, signed in since: the squatter's rows are marked ended.
      const open = await h.database.db.select().from(sessions).where(eq(sessions.userId, squatterId));
      expect(open.filter((s) => s.endedAt === null)).toHaveLength(1);
      expect(await actions(squatterId)).toContain(
        "Account cleared for the address's owner: removed 1 passkey(s) (Squatter key), 1 e-mail change(s), 1 unused link(s), 2 session(s)",
      );
    },
  );
});

describe('someone who knew the password', () => {
  it("a reset by the mailbox's owner removes the passkey and the change they made, on a confirmed account too", async () => {
    const n = next();
    const id = await h.addUser({ username: `known${n}`, email: `known${n}@mail.example` });
    const intruder = await h.tokenFor(`known${n}`);
    const authenticator = await addPasskey(intruder, 'Intruder key');
    expect((await startEmailChange(intruder, `intruder${n}@evil.example`)).status).toBe(200);
    const { token: changeToken } = await latestLinkTo(h, `intruder${n}@evil.example`, '/confirm-email-change');

    await h.request('POST', '/api/password-reset/request', { body: { email: `known${n}@mail.example` }, headers: { 'x-forwarded-for': freshAddress() } });
    const { token } = await latestLinkTo(h, `known${n}@mail.example`, '/reset-password');
    const answer = await json<{ removed: AccountCleared }>(await h.request('POST', '/api/password-reset/confirm', { body: { token, password: 'owners-new-password' } }));
    expect(answer.removed).toEqual({ passkeys: ['Intruder key'], emailChanges: 1, links: 0, sessions: 1 });
    expect((await passkeyLogin(authenticator)).status).toBe(401);
    // Even a passkey-less intruder who signs in again with a password they learn later finds no change waiting.
    const owner = await h.tokenFor(`known${n}`, 'owners-new-password');
    expect((await h.request('POST', '/api/account/email/confirm', { token: owner, body: { token: changeToken } })).status).toBe(400);
    const [row] = await h.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.email).toBe(`known${n}@mail.example`);
  });
});

describe('the first confirmation of an address', () => {
  it('removes what came before and signs out every other session; this one goes on. A later confirmation removes nothing', async () => {
    const n = next();
    const id = await register(`first${n}`, `first${n}@mail.example`);
    const here = await h.tokenFor(`first${n}`);
    const elsewhere = await h.tokenFor(`first${n}`);
    const { authenticator } = await heldFromBefore(id, here, 'Old key', `other${n}@mail.example`);
    const { token } = await latestLinkTo(h, `first${n}@mail.example`, '/verify-email');

    const answer = await expectJson<{ message: string; removed?: AccountCleared }>(h.request('POST', '/api/account/verify-email/confirm', { token: here, body: { token } }), 200);
    expect(answer.message).toBe(emailConfirmationMessages.confirmed);
    expect(answer.removed).toEqual({ passkeys: ['Old key'], emailChanges: 1, links: 0, sessions: 1 });
    expect(accountClearedText(answer.removed!, 'others')).toBe(
      'Every other device that was signed in has been signed out. The passkey “Old key” and a waiting change of e-mail address made before were removed.',
    );
    expect((await h.request('GET', '/api/account', { token: here })).status).toBe(200);
    expect((await h.request('GET', '/api/account', { token: elsewhere })).status).toBe(401);
    expect((await passkeyLogin(authenticator)).status).toBe(401);

    // Confirmed now: a passkey added from here on stays through the same link opened again.
    await addPasskey(here, 'New key');
    const again = await json<{ message: string; removed?: AccountCleared }>(await h.request('POST', '/api/account/verify-email/confirm', { token: here, body: { token } }));
    expect(again).toMatchObject({ message: emailConfirmationMessages.alreadyConfirmed });
    expect(again).not.toHaveProperty('removed');
    expect((await h.database.db.select().from(passkeys).where(eq(passkeys.userId, id))).map((k) => k.name)).toEqual(['New key']);
  });
});

describe('adding a passkey', () => {
  it('asks for the current password: none, or a wrong one, is refused on its field and issues no challenge; five wrong ones and even the right one waits', async () => {
    const n = next();
    const id = await h.addUser({ username: `pwkey${n}` });
    const token = await h.tokenFor(`pwkey${n}`);
    expect((await expectJson<ErrorBody>(passkeyOptions(token, {}), 400)).details?.fieldErrors?.['currentPassword']).toEqual([accountMessages.currentPasswordRequired]);
    for (let i = 0; i < 5; i++) {
      expect((await expectJson<ErrorBody>(passkeyOptions(token, { currentPassword: `wrong-${i}` }), 400)).details?.fieldErrors?.['currentPassword']).toEqual([accountMessages.wrongPassword]);
    }
    expect(await tokensOf(id, ['passkey-register', 'passkey-sign-in'])).toEqual([]);
    // The account page's limit, shared with the e-mail and password changes.
    expect((await passkeyOptions(token)).status).toBe(429);
    h.clock.advance(15 * 60_000 + 1);
    await addPasskey(token, 'Right password');
    await expect(h.trpc(token).account.passkeys.options({ currentPassword: 'wrong-password' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('asks a staff account with a second factor for a code as well; a wrong or reused one is refused; a recovery code does', async () => {
    const n = next();
    await h.addUser({ username: `staffkey${n}`, isAdmin: true });
    const token = await h.tokenFor(`staffkey${n}`);
    // Without a factor, the password is enough.
    await addPasskey(token, 'Before the factor');
    const { secret, recoveryCodes } = await enrol(token);
    expect((await expectJson<ErrorBody>(passkeyOptions(token), 400)).details?.fieldErrors?.['code']).toEqual([passkeyMessages.codeRequired]);
    const wrong = await passkeyOptions(token, { currentPassword: PASSWORD, code: '000000' });
    expect(wrong.status).toBe(400);
    expect((await json<ErrorBody>(wrong)).details?.fieldErrors?.['code']).toBeDefined();
    const code = await codeAt(secret);
    await addPasskey(token, 'With a code', { currentPassword: PASSWORD, code });
    // The same code again is spent.
    expect((await passkeyOptions(token, { currentPassword: PASSWORD, code })).status).toBe(400);
    await addPasskey(token, 'With a recovery code', { currentPassword: PASSWORD, code: recoveryCodes[0]! });
    // A right code with a wrong password issues nothing.
    h.clock.advance(30_000);
    expect((await passkeyOptions(token, { currentPassword: 'wrong-password', code: await codeAt(secret) })).status).toBe(400);
  });
});

describe('changing the password', () => {
  it('removes the passkeys unless they are kept, and answers which were removed and which remain', async () => {
    const n = next();
    await h.addUser({ username: `chg${n}` });
    let token = await h.tokenFor(`chg${n}`);
    const phone = await addPasskey(token, 'Phone');
    const laptop = await addPasskey(token, 'Laptop');
    const change = async (body: Record<string, unknown>) => {
      const answer = await expectJson<{ token: string; passkeysRemoved: string[]; passkeysRemaining: string[] }>(h.request('POST', '/api/account/password', { token, body: { currentPassword: PASSWORD, password: PASSWORD, ...body }, headers: { 'x-forwarded-for': freshAddress() } }), 200);
      token = answer.token;
      return answer;
    };
    const kept = await change({ removePasskeys: false });
    expect(kept).toMatchObject({ passkeysRemoved: [], passkeysRemaining: ['Laptop', 'Phone'] });
    expect(passkeysAfterChangeText(kept.passkeysRemoved, kept.passkeysRemaining)).toBe('These passkeys still sign in: “Laptop”, “Phone”.');
    expect((await passkeyLogin(phone)).status).toBe(200);

    // Left out, the answer is yes.
    const removed = await change({});
    expect(removed).toMatchObject({ passkeysRemoved: expect.arrayContaining(['Laptop', 'Phone']), passkeysRemaining: [] });
    expect(passkeysAfterChangeText(['Phone'], [])).toBe('Your passkey “Phone” was removed. No passkey signs in to your account now.');
    expect((await passkeyLogin(laptop)).status).toBe(401);
    expect((await passkeyLogin(phone)).status).toBe(401);
    expect((await json<{ passkeys: unknown[] }>(await h.request('GET', '/api/account/passkeys', { token }))).passkeys).toEqual([]);
    // Over tRPC, one kept and none removed.
    await addPasskey(token, 'Tablet');
    const trpcAnswer = await h.trpc(token).account.changePassword({ currentPassword: PASSWORD, password: PASSWORD, removePasskeys: false });
    expect(trpcAnswer).toMatchObject({ passkeysRemoved: [], passkeysRemaining: ['Tablet'] });
  });
});

/** Sets up a TOTP factor for the signed-in staff account, as the set-up page does. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = await json<{ secret: string }>(await h.request('POST', '/api/account/second-factor/setup', { token }));
  const res = await h.request('POST', '/api/account/second-factor/confirm', { token, body: { code: await codeAt(secret) } });
  expect(res.status).toBe(200);
  h.clock.advance(30_000);
  return { secret, ...(await json<{ recoveryCodes: string[] }>(res)) };
}
const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(h.clock.now() / 1000) });

async function newStaff(): Promise<{ id: number; username: string; email: string }> {
  const n = next();
  const body = { username: `clerk${n}`, email: `clerk${n}@mail.example`, password: PASSWORD, isAdmin: true };
  return { id: (await expectJson<{ id: number }>(h.request('POST', '/api/admin/users', { token: admin, body }), 201)).id, username: body.username, email: body.email };
}

/** An invitation sent to the account now (as a policy issued to its address, or staff resending one, would). */
async function inviteAgain(user: { id: number; username: string; email: string }): Promise<string> {
  await h.deps.write((tx) => queueInvitation(h.deps, tx, user, user.username, h.clock.now(), 'staff-account'));
  return (await latestLinkTo(h, user.email, '/welcome')).token;
}

const acceptInvitation = (token: string, password = 'staff-own-password') => h.request('POST', '/api/password-reset/confirm', { body: { token, password } });

describe('a staff invitation', () => {
  it('is spent by the first password sign-in', async () => {
    const staff = await newStaff();
    const { token } = await latestLinkTo(h, staff.email, '/welcome');
    await h.tokenFor(staff.username);
    expect((await acceptInvitation(token)).status).toBe(400);
  });

  it('is spent when a second factor is set up', async () => {
    const staff = await newStaff();
    const session = await h.tokenFor(staff.username);
    const link = await inviteAgain(staff);
    await enrol(session);
    expect((await acceptInvitation(link)).status).toBe(400);
    const links = (await tokensOf(staff.id, ['reset', 'invite', 'verify', 'login'])).map((t) => ({ purpose: t.kind, usedAt: t.usedAt }));
    expect(links.filter((l) => l.purpose === 'invite' && l.usedAt === null)).toEqual([]);
  });

  it('for an account with a second factor sets the password but answers the code’s challenge, never a session; the code then signs in', async () => {
    const staff = await newStaff();
    const { secret } = await enrol(await h.tokenFor(staff.username));
    const link = await inviteAgain(staff);
    const answer = await expectJson<{ session?: unknown; secondFactor?: { secondFactorRequired: true; challenge: string } }>(acceptInvitation(link), 200);
    expect(answer).not.toHaveProperty('session');
    expect(answer.secondFactor).toMatchObject({ secondFactorRequired: true });
    // The factor stays: a link is never a way round it.
    expect(await h.database.db.select().from(staffFactors).where(eq(staffFactors.userId, staff.id))).toHaveLength(1);
    const { token } = await expectJson<{ token: string }>(h.request('POST', '/api/login/second-factor', { body: { challenge: answer.secondFactor!.challenge, code: await codeAt(secret) }, headers: { 'x-forwarded-for': freshAddress() } }), 200);
    expect((await h.request('GET', '/api/admin/stats', { token })).status).toBe(200);
    expect(await actions(staff.id)).toContain('Password set by invitation, second factor asked');
    // The new password is the one the link set.
    expect((await json<{ secondFactorRequired?: true }>(await h.request('POST', '/api/login', { body: { username: staff.username, password: 'staff-own-password' }, headers: { 'x-forwarded-for': freshAddress() } }))).secondFactorRequired).toBe(true);
  });

  it('a reset link never signs in, with a second factor or without', async () => {
    const staff = await newStaff();
    await enrol(await h.tokenFor(staff.username));
    await h.request('POST', '/api/password-reset/request', { body: { email: staff.email }, headers: { 'x-forwarded-for': freshAddress() } });
    const { token } = await latestLinkTo(h, staff.email, '/reset-password');
    const answer = await json<Record<string, unknown>>(await acceptInvitation(token));
    expect(answer).toEqual({ message: 'Your password has been changed. You can now login.', removed: { ...NONE, sessions: 1 } });
  });
});

describe('what the pages say', () => {
  it('names what was removed, in short sentences', () => {
    expect(accountClearedText(NONE, 'all')).toBe('Every device that was signed in has been signed out.');
    expect(accountClearedText(NONE, 'others')).toBe('');
    expect(accountClearedText({ passkeys: ['A', 'B'], emailChanges: 0, links: 2, sessions: 3 }, 'others')).toBe(
      'Every other device that was signed in has been signed out. 2 passkeys (“A”, “B”) made before were removed. Links e-mailed before no longer work.',
    );
    expect(accountClearedText({ ...NONE, emailChanges: 1 }, 'all')).toBe(
      'Every device that was signed in has been signed out. A waiting change of e-mail address made before was removed.',
    );
    expect(passkeysAfterChangeText([], [])).toBe('');
    expect(passkeysAfterChangeText(['A', 'B'], ['C'])).toBe('Your 2 passkeys (“A”, “B”) were removed. Your passkey “C” still signs in.');
  });
});
