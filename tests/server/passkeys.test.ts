// Passkeys (docs/product.md#passkeys): adding one on the account page, signing in with it, removing it; the
// ceremony's challenge once and only for its own account and purpose, a replayed counter and another account's
// passkey refused, refusals throttled, and a passkey sign-in standing for the staff second factor. The answers are
// made by a software authenticator (tests/server/soft-authenticator.ts) and checked by the real verification.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { closeAccountRow } from '../../src-server/modules/accounts/users/service';
import { auditLogs, oneTimeTokens, passkeys, sessions, staffFactors } from '../../src-server/platform/db/schema/index';
import { createHarness, json, PASSWORD, type Harness } from './harness';
import { expectJson } from './answers';
import { SoftAuthenticator, type AuthenticationOptions, type RegistrationOptions } from './soft-authenticator';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let addressCounter = 0;
const freshAddress = () => `10.77.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;

interface PasskeyRow {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const actions = async (userId: number) => (await h.database.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.userId, userId))).map((r) => r.action);

async function registrationOptions(token: string, body: Record<string, unknown> = { currentPassword: PASSWORD }): Promise<RegistrationOptions> {
  return (await expectJson<{ options: RegistrationOptions }>(h.request('POST', '/api/account/passkeys/options', { token, body, headers: { 'x-forwarded-for': freshAddress() } }), 200)).options;
}

async function addPasskey(token: string, authenticator = new SoftAuthenticator(), name = 'My phone') {
  const options = await registrationOptions(token);
  return { authenticator, passkey: await expectJson<PasskeyRow>(h.request('POST', '/api/account/passkeys', { token, body: { name, response: authenticator.register(options) }, headers: { 'x-forwarded-for': freshAddress() } }), 201) };
}

async function signInOptions(): Promise<AuthenticationOptions> {
  // From an address of its own: asking for options is limited per address (docs/api.md#rate-limits).
  return (await expectJson<{ options: AuthenticationOptions }>(h.request('POST', '/api/login/passkey/options', { headers: { 'x-forwarded-for': freshAddress() } }), 200)).options;
}

const passkeyLogin = (response: unknown, address = freshAddress()) => h.request('POST', '/api/login/passkey', { body: { response }, headers: { 'x-forwarded-for': address } });

describe('adding a passkey', () => {
  it('registers a credential for the caller, lists it with its name, and logs it; only the public key is kept', async () => {
    const id = await h.addUser({ username: 'pkadder' });
    const token = await h.tokenFor('pkadder');
    const options = await registrationOptions(token);
    expect(options).toMatchObject({ rp: { id: 'localhost' }, user: { name: 'pkadder' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    // Only the challenge's hash is stored.
    const stored = await h.database.db.select().from(oneTimeTokens);
    expect(stored.some((r) => r.tokenHash === options.challenge)).toBe(false);

    const authenticator = new SoftAuthenticator();
    const added = await expectJson<PasskeyRow>(h.request('POST', '/api/account/passkeys', { token, body: { name: '  My phone ', response: authenticator.register(options) } }), 201);
    expect(added).toMatchObject({ name: 'My phone', lastUsedAt: null, createdAt: new Date(h.clock.now()).toISOString() });
    const list = await json<{ passkeys: PasskeyRow[] }>(await h.request('GET', '/api/account/passkeys', { token }));
    expect(list.passkeys).toEqual([added]);
    const [row] = await h.database.db.select().from(passkeys).where(eq(passkeys.userId, id));
    expect(row).toMatchObject({ credentialId: authenticator.id, counter: 0, transports: '["internal"]' });
    expect(await actions(id)).toContain('Passkey added: My phone');
    // The right of access: My data lists it too.
    expect((await json<{ passkeys: PasskeyRow[] }>(await h.request('GET', '/api/account/data', { token }))).passkeys).toEqual([added]);

    // The challenge answered once: the same answer again is refused, and adds nothing.
    expect((await h.request('POST', '/api/account/passkeys', { token, body: { name: 'Again', response: authenticator.register(options) } })).status).toBe(400);
    expect(await h.database.db.select().from(passkeys).where(eq(passkeys.userId, id))).toHaveLength(1);
  });

  it('refuses a wrong challenge, another account’s challenge, another origin and no user verification, adding nothing', async () => {
    const id = await h.addUser({ username: 'pkwrong' });
    const token = await h.tokenFor('pkwrong');
    await h.addUser({ username: 'pkother' });
    const otherToken = await h.tokenFor('pkother');
    const body = (response: unknown) => ({ token, body: { name: 'Laptop', response }, headers: { 'x-forwarded-for': freshAddress() } });

    const options = await registrationOptions(token);
    expect((await expectJson<{ details: { fieldErrors: Record<string, string[]> } }>(h.request('POST', '/api/account/passkeys', body(new SoftAuthenticator().register(options, { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' }))), 400)).details.fieldErrors['response']).toBeDefined();
    // The other account's options, answered by this one.
    const theirs = await registrationOptions(otherToken);
    expect((await h.request('POST', '/api/account/passkeys', body(new SoftAuthenticator().register(theirs)))).status).toBe(400);
    expect((await h.request('POST', '/api/account/passkeys', body(new SoftAuthenticator('https://evil.example').register(await registrationOptions(token))))).status).toBe(400);
    expect((await h.request('POST', '/api/account/passkeys', body(new SoftAuthenticator(undefined, false).register(await registrationOptions(token))))).status).toBe(400);
    // Expired: five minutes later.
    const late = await registrationOptions(token);
    h.clock.advance(5 * 60_000 + 1);
    expect((await h.request('POST', '/api/account/passkeys', body(new SoftAuthenticator().register(late)))).status).toBe(400);

    expect(await h.database.db.select().from(passkeys).where(eq(passkeys.userId, id))).toEqual([]);
    expect(await actions(id)).toContain('Passkey refused');
  });

  it('answers 400 with a clear message for an ill-formed body, and 401 without a session', async () => {
    const token = await h.tokenFor('pkadder');
    for (const bad of [{}, { name: 'x' }, { name: '', response: {} }, { name: 'x', response: { id: '!!', rawId: 'a', type: 'public-key', response: {} } }, { name: 'a\u202eb', response: null }]) {
      const res = await h.request('POST', '/api/account/passkeys', { token, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await h.request('POST', '/api/account/passkeys/options')).status).toBe(401);
    expect((await h.request('GET', '/api/account/passkeys')).status).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('signs in the passkey’s account, records the session as a passkey one, moves the counter and logs it', async () => {
    const id = await h.addUser({ username: 'pksigner' });
    const { authenticator, passkey } = await addPasskey(await h.tokenFor('pksigner'));
    h.clock.advance(60_000);
    const session = await expectJson<{ token: string; user: { username: string } }>(passkeyLogin(authenticator.authenticate(await signInOptions())), 200);
    expect(session.user.username).toBe('pksigner');
    expect((await h.request('GET', '/api/me', { token: session.token })).status).toBe(200);
    const rows = await h.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows.filter((r) => r.passkey)).toHaveLength(1);
    const [stored] = await h.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: h.clock.now() });
    expect(await actions(id)).toContain('Login succeeded with a passkey: My phone');
  });

  it('refuses a wrong or reused challenge, a replayed counter, another account’s user handle and a removed passkey', async () => {
    const id = await h.addUser({ username: 'pkreplay' });
    const token = await h.tokenFor('pkreplay');
    const { authenticator, passkey } = await addPasskey(token);

    expect((await passkeyLogin(authenticator.authenticate(await signInOptions(), { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' }))).status).toBe(401);

    const options = await signInOptions();
    const first = authenticator.authenticate(options);
    expect((await passkeyLogin(first)).status).toBe(200);
    // The same answer again: the challenge is spent.
    expect((await passkeyLogin(first)).status).toBe(401);
    // A fresh challenge signed with the counter already seen: a copied authenticator.
    expect((await passkeyLogin(authenticator.authenticate(await signInOptions(), { keepCounter: true }))).status).toBe(401);
    // A passkey claiming another account's user handle.
    expect((await passkeyLogin(authenticator.authenticate(await signInOptions(), { userHandle: Buffer.from('1').toString('base64url') }))).status).toBe(401);
    // An unknown credential.
    expect((await passkeyLogin(new SoftAuthenticator().authenticate(await signInOptions()))).status).toBe(401);
    // A registration's challenge is not a sign-in's.
    const reg = await registrationOptions(token);
    expect((await passkeyLogin(authenticator.authenticate({ challenge: reg.challenge }))).status).toBe(401);

    expect((await h.request('POST', '/api/account/passkeys/remove', { token, body: { id: passkey.id } })).status).toBe(200);
    expect((await passkeyLogin(authenticator.authenticate(await signInOptions()))).status).toBe(401);
    expect(await actions(id)).toEqual(expect.arrayContaining(['Passkey sign-in refused', 'Passkey removed: My phone']));
  });

  it('throttles refused answers per address, like wrong passwords', async () => {
    await h.addUser({ username: 'pkthrottle' });
    const { authenticator } = await addPasskey(await h.tokenFor('pkthrottle'));
    const address = freshAddress();
    const options = await signInOptions();
    for (let i = 0; i < 20; i++) expect((await passkeyLogin(authenticator.authenticate(options, { challenge: 'bm9wZQ' }), address)).status).toBe(401);
    // The twenty-first is refused before it is looked at, even a right answer, until the window ends.
    const refused = await passkeyLogin(authenticator.authenticate(options), address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    h.clock.advance(15 * 60_000 + 1);
    expect((await passkeyLogin(authenticator.authenticate(await signInOptions()), address)).status).toBe(200);
  });

  it('answers the same through tRPC', async () => {
    await h.addUser({ username: 'pktrpc' });
    const token = await h.tokenFor('pktrpc');
    const authenticator = new SoftAuthenticator();
    const { options } = (await h.trpc(token).account.passkeys.options({ currentPassword: PASSWORD })) as unknown as { options: RegistrationOptions };
    const added = await h.trpc(token).account.passkeys.add({ name: 'Key', response: authenticator.register(options) });
    expect(added.name).toBe('Key');
    const signIn = (await h.trpc().account.passkeyLogin.options()) as unknown as { options: AuthenticationOptions };
    const session = await h.trpc(undefined, freshAddress()).account.passkeyLogin.login({ response: authenticator.authenticate(signIn.options) });
    expect(session.user.username).toBe('pktrpc');
    await expect(h.trpc(undefined, freshAddress()).account.passkeyLogin.login({ response: authenticator.authenticate(signIn.options) })).rejects.toBeInstanceOf(TRPCError);
  });
});

describe('removing a passkey', () => {
  it('removes only the caller’s own: another account’s is not found and stays', async () => {
    await h.addUser({ username: 'pkowner1' });
    await h.addUser({ username: 'pkowner2' });
    const token1 = await h.tokenFor('pkowner1');
    const token2 = await h.tokenFor('pkowner2');
    const { passkey } = await addPasskey(token1);
    expect((await h.request('POST', '/api/account/passkeys/remove', { token: token2, body: { id: passkey.id } })).status).toBe(404);
    expect(await h.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id))).toHaveLength(1);
    expect((await h.request('POST', '/api/account/passkeys/remove', { token: token1, body: { id: 'one' } })).status).toBe(400);
    expect((await h.request('POST', '/api/account/passkeys/remove', { token: token1, body: { id: passkey.id } })).status).toBe(200);
    expect((await json<{ passkeys: unknown[] }>(await h.request('GET', '/api/account/passkeys', { token: token1 }))).passkeys).toEqual([]);
  });
});

describe('a closed account', () => {
  it('keeps no passkey, and its passkey signs nobody in', async () => {
    const id = await h.addUser({ username: 'pkclosed' });
    const { authenticator } = await addPasskey(await h.tokenFor('pkclosed'));
    const options = await signInOptions();
    await h.deps.write((tx) => closeAccountRow(tx, id, h.clock.now()));
    expect(await h.database.db.select().from(passkeys).where(eq(passkeys.userId, id))).toEqual([]);
    expect((await passkeyLogin(authenticator.authenticate(options))).status).toBe(401);
  });
});

describe('a passkey and the staff second factor', () => {
  it('a staff account with a TOTP factor signs in with its passkey without being asked for a code', async () => {
    const id = await h.addUser({ username: 'pktotp', isAdmin: true });
    const { authenticator } = await addPasskey(await h.tokenFor('pktotp'));
    await h.database.db.insert(staffFactors).values({ userId: id, secretSealed: 'sealed', confirmedAt: h.clock.now(), lastStep: 0, createdAt: h.clock.now() });
    const password = await json<{ secondFactorRequired?: true }>(await h.request('POST', '/api/login', { body: { username: 'pktotp', password: PASSWORD }, headers: { 'x-forwarded-for': freshAddress() } }));
    expect(password.secondFactorRequired).toBe(true);
    const session = await expectJson<{ token: string; secondFactorRequired?: true }>(passkeyLogin(authenticator.authenticate(await signInOptions())), 200);
    expect(session.secondFactorRequired).toBeUndefined();
    expect((await h.request('GET', '/api/admin/stats', { token: session.token })).status).toBe(200);
  });

  it('a passkey session meets the owner’s rule; a password session of the same account does not', async () => {
    await h.addUser({ username: 'pkboss', isOwner: true, isAdmin: true });
    const ownerToken = await h.tokenFor('pkboss');
    const { authenticator: ownerKey } = await addPasskey(ownerToken);
    // The owner's own password session has no second factor: the rule is refused until it has one.
    expect((await h.request('PUT', '/api/admin/second-factor-rule', { token: ownerToken, body: { required: true } })).status).toBe(409);
    const ownerPasskeySession = await json<{ token: string }>(await passkeyLogin(ownerKey.authenticate(await signInOptions())));
    expect((await h.request('PUT', '/api/admin/second-factor-rule', { token: ownerPasskeySession.token, body: { required: true } })).status).toBe(200);

    await h.addUser({ username: 'pkstaff', isAdmin: true });
    const passwordToken = await h.tokenFor('pkstaff');
    const { authenticator } = await addPasskey(passwordToken);
    expect((await h.request('GET', '/api/admin/stats', { token: passwordToken })).status).toBe(403);
    const session = await json<{ token: string }>(await passkeyLogin(authenticator.authenticate(await signInOptions())));
    expect((await h.request('GET', '/api/admin/stats', { token: session.token })).status).toBe(200);
    await expect(h.trpc(session.token).admin.stats()).resolves.toBeDefined();
    await expect(h.trpc(passwordToken).admin.stats()).rejects.toBeInstanceOf(TRPCError);

    expect((await h.request('PUT', '/api/admin/second-factor-rule', { token: ownerPasskeySession.token, body: { required: false } })).status).toBe(200);
  });
});
