// The staff second factor (docs/product.md#second-factor-for-staff): setting up a TOTP authenticator, signing in with
// password + code, wrong, expired and reused codes refused and throttled, recovery codes once each, the owner's rule,
// and customers untouched. Codes are made with otplib at the server's injected clock.
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createSecretBox } from '../../src-server/platform/auth/secret-box';
import { auditLogs, recoveryCodes, staffFactors } from '../../src-server/platform/db/schema/index';
import { getStats } from '../../src-server/modules/reporting/stats/service';
import { databaseWork } from './database-work';
import { createHarness, json, PASSWORD, type Harness } from './harness';
import { expectJson } from './answers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let addressCounter = 0;
const freshAddress = () => `10.88.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;

/** The code the authenticator shows at the server's time (plus `offsetMs`). */
const codeAt = (secret: string, offsetMs = 0) => generate({ secret, epoch: Math.floor((h.clock.now() + offsetMs) / 1000) });
/** Moves to the next 30-second step, so a fresh code differs from the last accepted one. */
const nextStep = () => h.clock.advance(30_000);

interface Setup {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}
interface Challenge {
  secondFactorRequired: true;
  challenge: string;
  expiresAt: string;
}

async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await json<Setup>(await h.request('POST', '/api/account/second-factor/setup', { token }));
  const res = await h.request('POST', '/api/account/second-factor/confirm', { token, body: { code: await codeAt(setup.secret) } });
  expect(res.status).toBe(200);
  nextStep();
  return { secret: setup.secret, ...(await json<{ recoveryCodes: string[] }>(res)) };
}

const passwordStep = async (username: string, address = freshAddress()) =>
  json<Challenge>(await h.request('POST', '/api/login', { body: { username, password: PASSWORD }, headers: { 'x-forwarded-for': address } }));

const codeStep = (challenge: string, code: string, address = freshAddress()) =>
  h.request('POST', '/api/login/second-factor', { body: { challenge, code }, headers: { 'x-forwarded-for': address } });

const actions = async (userId: number) => (await h.database.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.userId, userId))).map((r) => r.action);

describe('setting up', () => {
  it('answers a key, its otpauth URI and a QR code; it counts only after a right code, and the key is sealed at rest', async () => {
    const id = await h.addUser({ username: 'setter', isAdmin: true });
    const token = await h.tokenFor('setter');
    const setup = await expectJson<Setup>(h.request('POST', '/api/account/second-factor/setup', { token }), 200);
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const [row] = await h.database.db.select().from(staffFactors).where(eq(staffFactors.userId, id));
    expect(row!.secretSealed).not.toContain(setup.secret);
    expect(row!.confirmedAt).toBeNull();
    expect(await json(await h.request('GET', '/api/account/second-factor', { token }))).toMatchObject({ available: true, enrolled: false });

    expect((await expectJson<{ details: { fieldErrors: Record<string, string[]> } }>(h.request('POST', '/api/account/second-factor/confirm', { token, body: { code: '000000' } }), 400)).details.fieldErrors['code']).toBeDefined();
    expect((await h.request('POST', '/api/account/second-factor/confirm', { token, body: { code: 'abc' } })).status).toBe(400);

    const { recoveryCodes: codes } = await expectJson<{ recoveryCodes: string[] }>(h.request('POST', '/api/account/second-factor/confirm', { token, body: { code: await codeAt(setup.secret) } }), 200);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await h.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.some((r) => r.codeHash.includes(code.replace('-', '')))).toBe(false);
    expect(await json(await h.request('GET', '/api/account/second-factor', { token }))).toEqual({ available: true, enrolled: true, required: false, recoveryCodesLeft: 10 });
    // A second set-up is refused while one stands.
    expect((await h.request('POST', '/api/account/second-factor/setup', { token })).status).toBe(409);
    expect(await actions(id)).toEqual(expect.arrayContaining(['Second factor set-up started', 'Second factor set up']));
  });

  it('is for staff: a customer is refused, and signs in with the password alone', async () => {
    await h.addUser({ username: 'plaincustomer' });
    const token = await h.tokenFor('plaincustomer');
    expect((await h.request('POST', '/api/account/second-factor/setup', { token })).status).toBe(403);
    expect(await json(await h.request('GET', '/api/account/second-factor', { token }))).toMatchObject({ available: false, enrolled: false });
  });
});

describe('signing in with password and code', () => {
  it('the password answers a challenge, not a session; the code then signs in', async () => {
    const id = await h.addUser({ username: 'twostep', isAdmin: true });
    const { secret } = await enrol(await h.tokenFor('twostep'));
    const first = await passwordStep('twostep');
    expect(first).toMatchObject({ secondFactorRequired: true });
    expect(first).not.toHaveProperty('token');
    const { token } = await expectJson<{ token: string }>(codeStep(first.challenge, await codeAt(secret)), 200);
    expect((await h.request('GET', '/api/admin/stats', { token })).status).toBe(200);
    // The challenge is spent with its sign-in.
    nextStep();
    expect((await codeStep(first.challenge, await codeAt(secret))).status).toBe(401);
    expect(await actions(id)).toEqual(expect.arrayContaining(['Password accepted, second factor asked', 'Login succeeded with a second factor']));
  });

  it('refuses a wrong code, an expired one and a reused one', async () => {
    await h.addUser({ username: 'refused', isAdmin: true });
    const { secret } = await enrol(await h.tokenFor('refused'));
    // Well past the set-up's code, so an old code here is refused for its age alone.
    h.clock.advance(10 * 60_000);
    const { challenge } = await passwordStep('refused');
    expect((await codeStep(challenge, '123456')).status).toBe(401);
    // Two steps old: outside the window.
    expect((await codeStep(challenge, await codeAt(secret, -90_000))).status).toBe(401);
    const code = await codeAt(secret);
    expect((await codeStep(challenge, code)).status).toBe(200);
    // The same code again, on a new challenge, in the same step: refused.
    const again = await passwordStep('refused');
    expect((await expectJson<{ error: string }>(codeStep(again.challenge, code), 401)).error).toMatch(/not right/);
  });

  it('throttles wrong codes: after five, even the right code waits (429)', async () => {
    await h.addUser({ username: 'guesser', isAdmin: true });
    const { secret } = await enrol(await h.tokenFor('guesser'));
    const { challenge } = await passwordStep('guesser');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await codeStep(challenge, String(100000 + i))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await codeStep(challenge, await codeAt(secret));
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
    h.clock.advance(15 * 60_000);
    const fresh = await passwordStep('guesser');
    expect((await codeStep(fresh.challenge, await codeAt(secret))).status).toBe(200);
  });

  it('a challenge lapses after five minutes', async () => {
    await h.addUser({ username: 'slow', isAdmin: true });
    const { secret } = await enrol(await h.tokenFor('slow'));
    const { challenge } = await passwordStep('slow');
    h.clock.advance(5 * 60_000 + 1);
    expect((await expectJson<{ error: string }>(codeStep(challenge, await codeAt(secret)), 401)).error).toMatch(/expired/);
  });

  it('a recovery code signs in once', async () => {
    const id = await h.addUser({ username: 'lostphone', isAdmin: true });
    const { recoveryCodes: codes } = await enrol(await h.tokenFor('lostphone'));
    const first = await passwordStep('lostphone');
    // As typed by a person: lower case, with a space.
    const typed = codes[0]!.toLowerCase().replace('-', ' ');
    expect((await codeStep(first.challenge, typed)).status).toBe(200);
    const second = await passwordStep('lostphone');
    expect((await codeStep(second.challenge, codes[0]!)).status).toBe(401);
    expect((await codeStep(second.challenge, codes[1]!)).status).toBe(200);
    expect(await actions(id)).toContain('Login succeeded with a recovery code');
  });

  it('over tRPC too: account.login answers the challenge, account.secondFactor.login the session', async () => {
    await h.addUser({ username: 'trpcstaff', isAdmin: true });
    const { secret } = await enrol(await h.tokenFor('trpcstaff'));
    const first = await h.trpc(undefined, freshAddress()).account.login({ username: 'trpcstaff', password: PASSWORD });
    expect(first).toMatchObject({ secondFactorRequired: true });
    const session = await h.trpc(undefined, freshAddress()).account.secondFactor.login({ challenge: (first as Challenge).challenge, code: await codeAt(secret) });
    expect(session.user.username).toBe('trpcstaff');
  });

  it('removing the factor takes a code; the password alone then signs in', async () => {
    const id = await h.addUser({ username: 'remover', isAdmin: true });
    const token = await h.tokenFor('remover');
    const { secret } = await enrol(token);
    expect((await h.request('POST', '/api/account/second-factor/remove', { token, body: { code: '000000' } })).status).toBe(400);
    expect((await h.request('POST', '/api/account/second-factor/remove', { token, body: { code: await codeAt(secret) } })).status).toBe(200);
    expect(await h.tokenFor('remover')).toEqual(expect.any(String));
    expect(await actions(id)).toContain('Second factor removed');
  });
});

describe("the owner's rule", () => {
  it('sends an admin without a second factor to set one up; customers are unaffected', async () => {
    const ownerId = await h.addUser({ username: 'ruler', isOwner: true });
    await h.addUser({ username: 'bareadmin', isAdmin: true });
    await h.addUser({ username: 'customer2' });
    const ownerToken = await h.tokenFor('ruler');
    // The owner is held to it first.
    expect((await h.request('PUT', '/api/admin/second-factor-rule', { token: ownerToken, body: { required: true } })).status).toBe(409);
    expect((await h.request('PUT', '/api/admin/second-factor-rule', { token: ownerToken, body: { required: 'yes' } })).status).toBe(400);
    await enrol(ownerToken);
    expect(await expectJson(h.request('PUT', '/api/admin/second-factor-rule', { token: ownerToken, body: { required: true } }), 200)).toEqual({ required: true });
    expect(await actions(ownerId)).toContain('Second factor required for all staff');

    const adminToken = await h.tokenFor('bareadmin');
    expect(await expectJson(h.request('GET', '/api/admin/stats', { token: adminToken }), 403)).toEqual({ error: expect.any(String), details: { code: 'second_factor_required' } });
    const viaTrpc = await h
      .trpc(adminToken)
      .admin.stats()
      .catch((e: unknown) => e);
    expect(viaTrpc).toBeInstanceOf(TRPCError);
    expect((viaTrpc as TRPCError).code).toBe('FORBIDDEN');
    // Over HTTP the console reads the same code in the error's details.
    const overHttp = await json<{ error: { data: { details: unknown } } }>(await h.request('GET', '/trpc/admin.stats', { token: adminToken }));
    expect(overHttp.error.data.details).toEqual({ code: 'second_factor_required' });
    // The set-up itself stays open to them.
    expect(await json(await h.request('GET', '/api/account/second-factor', { token: adminToken }))).toMatchObject({ enrolled: false, required: true });
    await enrol(adminToken);
    expect((await h.request('GET', '/api/admin/stats', { token: adminToken })).status).toBe(200);

    // A customer signs in and reaches their own pages as before.
    const customerToken = await h.tokenFor('customer2');
    expect((await h.request('GET', '/api/me', { token: customerToken })).status).toBe(200);
    expect((await h.request('GET', '/api/admin/stats', { token: customerToken })).status).toBe(403);

    const off = await h.request('PUT', '/api/admin/second-factor-rule', { token: ownerToken, body: { required: false } });
    expect(await json(off)).toEqual({ required: false });
  });

  it("costs a staff request no query: the rule, the factor and a passkey session come with the caller's one read", async () => {
    const id = await h.addUser({ username: 'counted', isOwner: true });
    const token = await h.tokenFor('counted');
    await enrol(token);
    const stats = () => h.request('GET', '/api/admin/stats', { token });
    // What the operation itself reads, called without a door.
    const work = (await databaseWork(h, () => getStats(h.deps, { id, username: 'counted', isAdmin: true, isOwner: true, jti: 'direct', exp: 0 }))).reads;
    const ruleOff = await databaseWork(h, stats);
    expect((await h.request('PUT', '/api/admin/second-factor-rule', { token, body: { required: true } })).status).toBe(200);
    const ruleOn = await databaseWork(h, stats);
    const overTrpc = await databaseWork(h, () => h.trpc(token).admin.stats());
    expect([ruleOff.result.status, ruleOn.result.status]).toEqual([200, 200]);
    expect([ruleOff.reads, ruleOn.reads, overTrpc.reads]).toEqual([work, work, work]);
    expect((await h.request('PUT', '/api/admin/second-factor-rule', { token, body: { required: false } })).status).toBe(200);
  });

  it('only an owner changes it', async () => {
    await h.addUser({ username: 'notowner', isAdmin: true });
    const token = await h.tokenFor('notowner');
    expect((await h.request('PUT', '/api/admin/second-factor-rule', { token, body: { required: false } })).status).toBe(403);
  });
});

describe('the sealed key', () => {
  it('opens only under the server secret that sealed it, and not once tampered with', () => {
    const box = createSecretBox('a'.repeat(40), 'staff-factor-keys');
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(createSecretBox('b'.repeat(40), 'staff-factor-keys').open(sealed)).toBeNull();
    expect(createSecretBox('a'.repeat(40), 'another-purpose').open(sealed)).toBeNull();
    const [v, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([v, iv, flipped, tag].join('.'))).toBeNull();
    expect(box.open('not sealed')).toBeNull();
  });
});
