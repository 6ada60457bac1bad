// The tRPC surface: the four tiers, a happy path per procedure, the error mapping, and the HTTP door
// (batch limit, error shape, no stack traces). See docs/api.md#trpc-procedures and #errors-over-trpc.
import { TRPCError, type inferRouterInputs } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH } from '../../src-server/contract/limits';
import { messages } from '../../src-server/contract/messages';
import { quoteRequestInput } from '../../src-server/contract/quote';
import { auditLogs } from '../../src-server/platform/db/schema/index';
import { appRouter, type AppRouter } from '../../src-server/api/trpc';
import { createHarness, json, PASSWORD, sessionOf, T0, validPolicy, type Harness } from './harness';
import { expectJson } from './answers';
import { validQuote } from '../fixtures/quote';
import { exampleRateVersion } from '../../src-server/modules/pricing';

type Caller = ReturnType<Harness['trpc']>;
type Code = TRPCError['code'];
/** Every procedure's input as the router declares it: the calls below are checked against these. */
type Inputs = inferRouterInputs<AppRouter>;
type PolicyCreate = Inputs['admin']['policies']['create'];

let h: Harness;
let ownerId: number;
let adminId: number;
let customerId: number;
let targetUserId: number;
let ownerToken: string;
let adminToken: string;
let customerToken: string;
let targetPolicyId: number;

let addressCounter = 0;
/** A fresh client address, so the per-address login throttle stays out of tests that are not about it. */
const freshAddress = () => `192.0.2.${++addressCounter}`;

async function codeOf(promise: Promise<unknown>): Promise<Code | 'resolved'> {
  try {
    await promise;
    return 'resolved';
  } catch (err) {
    expect(err).toBeInstanceOf(TRPCError);
    return (err as TRPCError).code;
  }
}

async function rejects(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(TRPCError);
    return err as TRPCError;
  }
  throw new Error('expected the call to be refused');
}

const policyInput = (extra: Partial<PolicyCreate> = {}): PolicyCreate => ({ ...validPolicy, userId: customerId, ...extra });

/** Asserts that `value` is input `schema` accepts, so it may be sent as the input of a procedure that parses with it. */
function assertInput<S extends z.ZodType>(schema: S, value: unknown): asserts value is z.input<S> {
  schema.parse(value);
}
/** The shared quote fixture is plain strings; the schema quotes.submit parses with proves it is that procedure's input. */
const quote: unknown = validQuote;
assertInput(quoteRequestInput, quote);
/** The example rate version's rates: a `rates` a new version may be written with. */
const exampleRates = (exampleRateVersion as { rates: Record<string, unknown> }).rates;

/** Every procedure, its tier, and a call with well-formed input (for the permission matrix). */
type Tier = 'public' | 'customer' | 'admin' | 'owner';
/** Well-formed WebAuthn answers from no real authenticator: past the input check, refused by the verification. */
const FORGED_ATTESTATION = { id: 'AAAA', rawId: 'AAAA', type: 'public-key' as const, response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} };
const FORGED_ASSERTION = { id: 'AAAA', rawId: 'AAAA', type: 'public-key' as const, response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };

const procedures: { path: string; tier: Tier; call: (c: Caller) => Promise<unknown> }[] = [
  { path: 'account.login', tier: 'public', call: (c) => c.account.login({ username: 'nobody-here', password: 'wrong-password' }) },
  { path: 'account.register', tier: 'public', call: (c) => c.account.register({ username: 'alice', email: 'x@example.test', password: 'long-enough-1' }) },
  { path: 'passwordReset.request', tier: 'public', call: (c) => c.passwordReset.request({ email: 'nobody-here@example.test' }) },
  { path: 'quotes.submit', tier: 'public', call: (c) => c.quotes.submit(quote) },
  { path: 'callbacks.request', tier: 'public', call: (c) => c.callbacks.request({ name: 'M', email: 'm@example.test', phone: '07700 900123', reasonForContact: 'other' }) },
  { path: 'passwordReset.confirm', tier: 'public', call: (c) => c.passwordReset.confirm({ token: 'x'.repeat(43), password: 'long-enough-1' }) },
  { path: 'verify.byCode', tier: 'public', call: (c) => c.verify.byCode({ code: '7Q4M2XHPAB3CDEFGHJK0' }) },
  { path: 'account.me', tier: 'customer', call: (c) => c.account.me() },
  { path: 'account.verifyEmail.request', tier: 'customer', call: (c) => c.account.verifyEmail.request() },
  { path: 'account.verifyEmail.confirm', tier: 'customer', call: (c) => c.account.verifyEmail.confirm({ token: 'x'.repeat(43) }) },
  { path: 'account.verifyEmail.code', tier: 'customer', call: (c) => c.account.verifyEmail.code({ code: 'abc' }) },
  { path: 'account.details', tier: 'customer', call: (c) => c.account.details() },
  { path: 'account.updateDetails', tier: 'customer', call: (c) => c.account.updateDetails({ name: 'Forged', phone: null }) },
  { path: 'account.changeEmail', tier: 'customer', call: (c) => c.account.changeEmail({ email: 'forged@example.test', currentPassword: 'wrong-password' }) },
  { path: 'account.confirmEmailChange', tier: 'customer', call: (c) => c.account.confirmEmailChange({ token: 'x'.repeat(43) }) },
  { path: 'account.changePassword', tier: 'customer', call: (c) => c.account.changePassword({ currentPassword: 'wrong-password', password: 'long-enough-1' }) },
  { path: 'account.sessions', tier: 'customer', call: (c) => c.account.sessions() },
  { path: 'account.endSession', tier: 'customer', call: (c) => c.account.endSession({ id: 999_999 }) },
  { path: 'account.signOutOthers', tier: 'customer', call: (c) => c.account.signOutOthers() },
  { path: 'account.secondFactor.login', tier: 'public', call: (c) => c.account.secondFactor.login({ challenge: 'x'.repeat(43), code: '123456' }) },
  { path: 'account.secondFactor.status', tier: 'customer', call: (c) => c.account.secondFactor.status() },
  { path: 'account.passkeyLogin.options', tier: 'public', call: (c) => c.account.passkeyLogin.options() },
  { path: 'account.passkeyLogin.login', tier: 'public', call: (c) => c.account.passkeyLogin.login({ response: FORGED_ASSERTION }) },
  { path: 'account.passkeys.list', tier: 'customer', call: (c) => c.account.passkeys.list() },
  { path: 'account.passkeys.options', tier: 'customer', call: (c) => c.account.passkeys.options({ currentPassword: 'wrong-password' }) },
  { path: 'account.passkeys.add', tier: 'customer', call: (c) => c.account.passkeys.add({ name: 'Forged', response: FORGED_ATTESTATION }) },
  { path: 'account.passkeys.remove', tier: 'customer', call: (c) => c.account.passkeys.remove({ id: 999_999 }) },
  { path: 'account.secondFactor.setup', tier: 'customer', call: (c) => c.account.secondFactor.setup() },
  { path: 'account.secondFactor.confirm', tier: 'customer', call: (c) => c.account.secondFactor.confirm({ code: '000000' }) },
  { path: 'account.secondFactor.remove', tier: 'customer', call: (c) => c.account.secondFactor.remove({ code: '000000' }) },
  { path: 'admin.secondFactorRule', tier: 'owner', call: (c) => c.admin.secondFactorRule({ required: false }) },
  { path: 'policies.mine', tier: 'customer', call: (c) => c.policies.mine() },
  { path: 'policies.paid', tier: 'customer', call: (c) => c.policies.paid() },
  { path: 'account.data', tier: 'customer', call: (c) => c.account.data() },
  { path: 'account.close', tier: 'customer', call: (c) => c.account.close({ password: 'wrong-password' }) },
  { path: 'quotes.mine', tier: 'customer', call: (c) => c.quotes.mine() },
  { path: 'quotes.renewal', tier: 'customer', call: (c) => c.quotes.renewal({ policyNumber: 'KC-000000' }) },
  { path: 'quotes.accept', tier: 'customer', call: (c) => c.quotes.accept({ reference: 'QR-00000000', confirm: true }) },
  { path: 'quotes.buy', tier: 'customer', call: (c) => c.quotes.buy({ reference: 'QR-00000000', confirm: true }) },
  { path: 'policies.priceExtension', tier: 'customer', call: (c) => c.policies.priceExtension({ policyNumber: 'KC-000000', durationValue: 1, durationUnit: 'days' }) },
  { path: 'policies.buyExtension', tier: 'customer', call: (c) => c.policies.buyExtension({ policyNumber: 'KC-000000', id: 1 }) },
  { path: 'account.logout', tier: 'customer', call: (c) => c.account.logout() },
  { path: 'admin.stats', tier: 'admin', call: (c) => c.admin.stats() },
  { path: 'admin.queueCounts', tier: 'admin', call: (c) => c.admin.queueCounts() },
  { path: 'admin.decisionCounts', tier: 'admin', call: (c) => c.admin.decisionCounts() },
  { path: 'admin.rates.list', tier: 'owner', call: (c) => c.admin.rates.list() },
  { path: 'admin.rates.create', tier: 'owner', call: (c) => c.admin.rates.create({ name: 'Forged rates', rates: exampleRates }) },
  { path: 'admin.staff', tier: 'admin', call: (c) => c.admin.staff() },
  { path: 'admin.users.list', tier: 'admin', call: (c) => c.admin.users.list({}) },
  {
    path: 'admin.users.create',
    tier: 'admin',
    call: (c) => c.admin.users.create({ username: 'sneaky', email: 'sneaky@example.test', password: 'long-enough-1' }),
  },
  {
    path: 'admin.users.update',
    tier: 'admin',
    call: (c) => c.admin.users.update({ id: targetUserId, data: { username: 'hijacked', email: 'hijacked@example.test' } }),
  },
  { path: 'admin.users.delete', tier: 'admin', call: (c) => c.admin.users.delete({ id: targetUserId }) },
  { path: 'admin.users.coverHeld', tier: 'admin', call: (c) => c.admin.users.coverHeld({ id: customerId }) },
  { path: 'admin.users.overview', tier: 'admin', call: (c) => c.admin.users.overview({ id: customerId }) },
  { path: 'admin.policies.list', tier: 'admin', call: (c) => c.admin.policies.list({}) },
  { path: 'admin.policies.ofUser', tier: 'admin', call: (c) => c.admin.policies.ofUser({ userId: customerId }) },
  { path: 'admin.policies.create', tier: 'admin', call: (c) => c.admin.policies.create(policyInput()) },
  {
    path: 'admin.policies.update',
    tier: 'admin',
    call: (c) => c.admin.policies.update({ id: targetPolicyId, data: policyInput({ holderName: 'Hijacked' }) }),
  },
  { path: 'admin.policies.history', tier: 'admin', call: (c) => c.admin.policies.history({ id: targetPolicyId }) },
  { path: 'admin.policies.payments', tier: 'admin', call: (c) => c.admin.policies.payments({ id: targetPolicyId }) },
  { path: 'admin.policies.recordPayment', tier: 'admin', call: (c) => c.admin.policies.recordPayment({ id: targetPolicyId, amount: '10', method: 'other' }) },
  { path: 'admin.policies.cancel', tier: 'admin', call: (c) => c.admin.policies.cancel({ id: targetPolicyId, data: { reason: 'Forged' } }) },
  { path: 'admin.policies.void', tier: 'admin', call: (c) => c.admin.policies.void({ id: targetPolicyId, data: { reason: 'Forged' } }) },
  { path: 'admin.policies.resend', tier: 'admin', call: (c) => c.admin.policies.resend({ id: targetPolicyId, data: { what: 'documents' } }) },
  { path: 'admin.policies.delete', tier: 'admin', call: (c) => c.admin.policies.delete({ id: targetPolicyId }) },
  { path: 'admin.logs.list', tier: 'admin', call: (c) => c.admin.logs.list({}) },
  { path: 'admin.logs.add', tier: 'admin', call: (c) => c.admin.logs.add({ action: 'Forged entry', level: 'info' }) },
  { path: 'admin.quotes.list', tier: 'admin', call: (c) => c.admin.quotes.list({}) },
  { path: 'admin.quotes.get', tier: 'admin', call: (c) => c.admin.quotes.get({ id: 1 }) },
  { path: 'admin.quotes.update', tier: 'admin', call: (c) => c.admin.quotes.update({ id: 1, status: 'closed', assigneeId: null }) },
  { path: 'admin.quotes.offer', tier: 'admin', call: (c) => c.admin.quotes.offer({ id: 1, premium: '64.50' }) },
  { path: 'admin.quotes.issuePolicy', tier: 'admin', call: (c) => c.admin.quotes.issuePolicy({ id: 1, licenseNumber: 'FORGED0001' }) },
  { path: 'admin.quotes.recordAcceptance', tier: 'admin', call: (c) => c.admin.quotes.recordAcceptance({ id: 1, confirm: true }) },
  { path: 'admin.quotes.addNote', tier: 'admin', call: (c) => c.admin.quotes.addNote({ id: 1, text: 'Forged note' }) },
  { path: 'admin.callbacks.list', tier: 'admin', call: (c) => c.admin.callbacks.list({}) },
  { path: 'admin.callbacks.get', tier: 'admin', call: (c) => c.admin.callbacks.get({ id: 1 }) },
  { path: 'admin.callbacks.update', tier: 'admin', call: (c) => c.admin.callbacks.update({ id: 1, status: 'closed', assigneeId: null }) },
  { path: 'admin.callbacks.addNote', tier: 'admin', call: (c) => c.admin.callbacks.addNote({ id: 1, text: 'Forged note' }) },
  {
    path: 'claims.report',
    tier: 'customer',
    call: (c) =>
      c.claims.report({
        clientId: '3f2b8c1e-0d4a-4e6b-9a7c-5d1e2f3a4b5c',
        policyNumber: 'KC-000000',
        kind: 'accident',
        occurredAt: '2026-07-01T11:00:00Z',
        location: 'Forged Lane',
        description: 'Forged claim',
        phone: '07700 900123',
        injuries: false,
      }),
  },
  { path: 'claims.mine', tier: 'customer', call: (c) => c.claims.mine() },
  { path: 'admin.claims.list', tier: 'admin', call: (c) => c.admin.claims.list({}) },
  { path: 'admin.claims.get', tier: 'admin', call: (c) => c.admin.claims.get({ id: 1 }) },
  { path: 'admin.claims.update', tier: 'admin', call: (c) => c.admin.claims.update({ id: 1, status: 'closed', assigneeId: null }) },
  { path: 'admin.claims.addNote', tier: 'admin', call: (c) => c.admin.claims.addNote({ id: 1, text: 'Forged note' }) },
];

async function snapshot() {
  const c = h.trpc(ownerToken);
  const [stats, users, policies, logs] = await Promise.all([
    c.admin.stats(),
    c.admin.users.list({ limit: 100 }),
    c.admin.policies.list({ limit: 100 }),
    c.admin.logs.list({ limit: 100 }),
  ]);
  return {
    stats,
    users: users.items,
    policies: policies.items,
    // Reading lists writes nothing; failed sign-ins of the matrix are logged, client entries are not expected.
    clientLogs: logs.items.filter((l) => l.action === 'Forged entry'),
  };
}

beforeAll(async () => {
  h = await createHarness();
  ownerId = await h.addUser({ username: 'olivia', isOwner: true });
  adminId = await h.addUser({ username: 'adam', isAdmin: true });
  customerId = await h.addUser({ username: 'alice' });
  targetUserId = await h.addUser({ username: 'tess' });
  ownerToken = await h.tokenFor('olivia');
  adminToken = await h.tokenFor('adam');
  customerToken = await h.tokenFor('alice');
  const created = await h.trpc(ownerToken).admin.policies.create(policyInput({ holderName: 'Alice Archer' }));
  targetPolicyId = created.id;
});

afterAll(async () => {
  await h?.close();
});

describe('tiers', () => {
  it('covers every procedure of the router', () => {
    const paths = procedures.map((p) => p.path).sort();
    // Flattened from the real router, so a new procedure cannot escape the matrix below.
    expect(paths).toEqual(Object.keys(appRouter._def.procedures).sort());
  });

  it('declares a contract schema as the output of every procedure that answers a view, a list of views or a page', () => {
    const procedureDefs: Record<string, unknown> = appRouter._def.procedures;
    const withOutput = Object.entries(procedureDefs)
      .filter(([, p]) => (p as { _def: { output?: unknown } })._def.output !== undefined)
      .map(([path]) => path)
      .sort();
    expect(withOutput).toEqual(
      [
        'account.login',
        'account.register',
        'account.details',
        'account.updateDetails',
        'account.sessions',
        ...['login', 'status', 'setup', 'confirm'].map((p) => `account.secondFactor.${p}`),
        ...['list', 'options', 'add'].map((p) => `account.passkeys.${p}`),
        ...['options', 'login'].map((p) => `account.passkeyLogin.${p}`),
        'admin.secondFactorRule',
        'policies.mine',
        'policies.paid',
        'policies.priceExtension',
        'policies.buyExtension',
        'account.data',
        'quotes.mine',
        'quotes.renewal',
        'quotes.accept',
        'quotes.buy',
        'verify.byCode',
        'admin.stats',
        'admin.queueCounts',
        'admin.decisionCounts',
        ...['list', 'create'].map((p) => `admin.rates.${p}`),
        'admin.staff',
        ...['list', 'create', 'update', 'coverHeld', 'overview'].map((p) => `admin.users.${p}`),
        ...['list', 'ofUser', 'create', 'update', 'history', 'payments', 'recordPayment', 'cancel', 'void'].map((p) => `admin.policies.${p}`),
        ...['list', 'add'].map((p) => `admin.logs.${p}`),
        ...['list', 'get', 'update', 'addNote'].flatMap((p) => [`admin.quotes.${p}`, `admin.callbacks.${p}`, `admin.claims.${p}`]),
        'claims.report',
        'claims.mine',
        'admin.quotes.offer',
        'admin.quotes.issuePolicy',
        'admin.quotes.recordAcceptance',
      ].sort(),
    );
  });

  it('answers UNAUTHORIZED to an anonymous caller on every non-public procedure, and to a forged token', async () => {
    const before = await snapshot();
    for (const p of procedures.filter((p) => p.tier !== 'public')) {
      expect(await codeOf(p.call(h.trpc())), p.path).toBe('UNAUTHORIZED');
      expect(await codeOf(p.call(h.trpc(`${adminToken.slice(0, -3)}abc`))), p.path).toBe('UNAUTHORIZED');
      expect(await codeOf(p.call(h.trpc('not.a.jwt'))), p.path).toBe('UNAUTHORIZED');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers UNAUTHORIZED before looking at the input', async () => {
    // Deliberately empty inputs: the tier answers before the input is parsed.
    // @ts-expect-error an empty policy is not a policy
    expect(await codeOf(h.trpc().admin.policies.create({}))).toBe('UNAUTHORIZED');
    // @ts-expect-error an empty policy is not a policy
    expect(await codeOf(h.trpc(customerToken).admin.policies.create({}))).toBe('FORBIDDEN');
  });

  it('answers FORBIDDEN to a customer on every admin and owner procedure, and changes nothing', async () => {
    const before = await snapshot();
    const customer = h.trpc(customerToken);
    for (const p of procedures.filter((p) => p.tier === 'admin' || p.tier === 'owner')) {
      expect(await codeOf(p.call(customer)), p.path).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets customers, admins and owners through the customer tier, and admins and owners through the admin tier', async () => {
    for (const token of [customerToken, adminToken, ownerToken]) {
      expect(Array.isArray(await h.trpc(token).policies.mine())).toBe(true);
      expect((await h.trpc(token).account.me()).user.username).toMatch(/^(alice|adam|olivia)$/);
    }
    for (const token of [adminToken, ownerToken]) {
      expect((await h.trpc(token).admin.stats()).pendingClaims).toBe(0);
    }
  });

  it('takes the role from the database, not the token: a demoted admin is FORBIDDEN at once', async () => {
    const id = await h.addUser({ username: 'dennis', isAdmin: true });
    const token = await h.tokenFor('dennis');
    expect(await codeOf(h.trpc(token).admin.stats())).toBe('resolved');
    await h.trpc(ownerToken).admin.users.update({ id, data: { username: 'dennis', email: 'dennis@example.test', isAdmin: false, isOwner: false } });
    expect(await codeOf(h.trpc(token).admin.stats())).toBe('FORBIDDEN');
    expect((await h.trpc(token).account.me()).user.isAdmin).toBe(false);
  });
});

describe('happy paths', () => {
  it('account.login answers a token, its expiry and the user; the token works', async () => {
    const res = sessionOf(await h.trpc(undefined, freshAddress()).account.login({ username: 'ALICE', password: PASSWORD }));
    expect(Object.keys(res).sort()).toEqual(['expiresAt', 'token', 'user']);
    expect(res.expiresAt).toBe(new Date(T0 + 12 * 3600_000).toISOString());
    expect(res.user).toMatchObject({ id: customerId, username: 'alice', isAdmin: false, isOwner: false });
    expect(JSON.stringify(res.user)).not.toMatch(/password|hash/i);
    const me = await h.trpc(res.token).account.me();
    expect(me.user.id).toBe(customerId);

    const remembered = sessionOf(await h.trpc(undefined, freshAddress()).account.login({ username: 'alice', password: PASSWORD, remember: true }));
    expect(remembered.expiresAt).toBe(new Date(T0 + 30 * 24 * 3600_000).toISOString());
  });

  it('account.login answers UNAUTHORIZED for a wrong password or an unknown user', async () => {
    const wrong = await rejects(h.trpc(undefined, freshAddress()).account.login({ username: 'adam', password: 'not-the-password' }));
    expect(wrong.code).toBe('UNAUTHORIZED');
    const unknown = await rejects(h.trpc(undefined, freshAddress()).account.login({ username: 'nobody-at-all', password: 'whatever' }));
    expect(unknown.code).toBe('UNAUTHORIZED');
    expect(unknown.message).toBe(wrong.message);
  });

  it('account.register creates a plain user whatever the payload says', async () => {
    const user = await h.trpc(undefined, freshAddress()).account.register({
      username: 'newcomer',
      email: 'newcomer@example.test',
      password: 'long-enough-1',
      isAdmin: true,
    });
    expect(user).toMatchObject({ username: 'newcomer', email: 'newcomer@example.test', isAdmin: false, isOwner: false });
    expect(Object.keys(user).sort()).toEqual(['closed', 'createdAt', 'email', 'emailVerified', 'id', 'isAdmin', 'isOwner', 'username']);
    const signedIn = sessionOf(await h.trpc(undefined, freshAddress()).account.login({ username: 'newcomer', password: 'long-enough-1' }));
    expect(signedIn.user.isAdmin).toBe(false);
    expect(await codeOf(h.trpc(signedIn.token).admin.stats())).toBe('FORBIDDEN');
  });

  it('account.me answers the caller and the expiry of the token', async () => {
    expect(await h.trpc(customerToken).account.me()).toEqual({
      user: { id: customerId, username: 'alice', isAdmin: false, isOwner: false, emailVerified: true },
      expiresAt: new Date(T0 + 12 * 3600_000).toISOString(),
    });
    expect((await h.trpc(ownerToken).account.me()).user).toEqual({ id: ownerId, username: 'olivia', isAdmin: true, isOwner: true, emailVerified: true });
  });

  it("policies.mine answers the caller's own policies only", async () => {
    const mine = await h.trpc(customerToken).policies.mine();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p) => p.userId === customerId && p.username === 'alice')).toBe(true);
    expect(mine.map((p) => p.id)).toContain(targetPolicyId);
    expect(await h.trpc(adminToken).policies.mine()).toEqual([]);
  });

  it('account.logout ends that session only: the token is UNAUTHORIZED afterwards, by tRPC and by REST', async () => {
    await h.addUser({ username: 'lou' });
    const token = await h.tokenFor('lou');
    const other = await h.tokenFor('lou');
    expect((await h.trpc(token).account.me()).user.username).toBe('lou');
    expect(await h.trpc(token).account.logout()).toEqual({ success: true });
    expect(await codeOf(h.trpc(token).account.me())).toBe('UNAUTHORIZED');
    expect(await codeOf(h.trpc(token).policies.mine())).toBe('UNAUTHORIZED');
    expect(await codeOf(h.trpc(token).account.logout())).toBe('UNAUTHORIZED');
    expect((await h.request('GET', '/api/user/policies', { token })).status).toBe(401);
    expect((await h.request('GET', '/trpc/account.me', { token })).status).toBe(401);
    // The account's other session still works.
    expect((await h.trpc(other).account.me()).user.username).toBe('lou');
  });

  it('admin.stats counts users, policies and active policies; pendingClaims is 0 with no claims', async () => {
    const owner = h.trpc(ownerToken);
    const [stats, users, policies] = await Promise.all([
      owner.admin.stats(),
      owner.admin.users.list({ limit: 100 }),
      owner.admin.policies.list({ limit: 100 }),
    ]);
    expect(stats).toEqual({
      totalUsers: users.total,
      totalPolicies: policies.total,
      activePolicies: policies.items.filter((p) => p.status === 'active').length,
      pendingClaims: 0,
    });
    await owner.admin.policies.create(policyInput({ status: 'pending' }));
    const after = await h.trpc(adminToken).admin.stats();
    expect(after.totalPolicies).toBe(stats.totalPolicies + 1);
    expect(after.activePolicies).toBe(stats.activePolicies);
  });

  it("admin.users.coverHeld answers the account's cover that has not ended, in start order", async () => {
    const held = await h.trpc(adminToken).admin.users.coverHeld({ id: customerId });
    expect(held.policies.map((p) => p.id)).toContain(targetPolicyId);
    expect(held.policies.find((p) => p.id === targetPolicyId)).toEqual({
      id: targetPolicyId,
      policyNumber: expect.stringMatching(/^KC-/),
      product: 'temporary',
      status: 'active',
      startDate: validPolicy.startDate,
      startTime: validPolicy.startTime,
      endDate: validPolicy.endDate,
      endTime: validPolicy.endTime,
    });
    expect(await h.trpc(adminToken).admin.users.coverHeld({ id: targetUserId })).toEqual({ policies: [] });
  });

  it('admin.users.list answers { items, total, totalIsLowerBound }, paged and searched', async () => {
    const admin = h.trpc(adminToken).admin;
    const all = await admin.users.list({ limit: 100 });
    expect(Object.keys(all).sort()).toEqual(['items', 'total', 'totalIsLowerBound']);
    expect(all.totalIsLowerBound).toBe(false);
    expect(all.total).toBe(all.items.length);
    expect(all.items.map((u) => u.username)).toEqual(expect.arrayContaining(['olivia', 'adam', 'alice', 'tess']));
    for (const u of all.items) {
      expect(Object.keys(u).sort()).toEqual(['closed', 'createdAt', 'email', 'emailVerified', 'id', 'isAdmin', 'isOwner', 'username']);
    }
    const page = await admin.users.list({ limit: 2, offset: 1 });
    expect(page.total).toBe(all.total);
    expect(page.items).toEqual(all.items.slice(1, 3));
    const found = await admin.users.list({ search: 'TeSs' });
    expect(found).toEqual({ items: [expect.objectContaining({ id: targetUserId, username: 'tess' })], total: 1, totalIsLowerBound: false });
    // Defaults: 10 a page.
    expect((await admin.users.list({})).items.length).toBe(Math.min(10, all.total));
  });

  it('admin.users.create / update / delete manage a plain user', async () => {
    const admin = h.trpc(adminToken).admin;
    const created = await admin.users.create({ username: 'carl', email: 'carl@example.test', password: 'long-enough-1' });
    expect(created).toMatchObject({ username: 'carl', email: 'carl@example.test', isAdmin: false, isOwner: false });
    expect(JSON.stringify(created)).not.toMatch(/password|hash/i);
    // The new account can sign in with the password given.
    const signedIn = sessionOf(await h.trpc(undefined, freshAddress()).account.login({ username: 'carl', password: 'long-enough-1' }));
    expect(signedIn.user.id).toBe(created.id);

    const updated = await admin.users.update({ id: created.id, data: { username: 'carl2', email: 'carl2@example.test', password: '' } });
    expect(updated).toMatchObject({ id: created.id, username: 'carl2', email: 'carl2@example.test', isAdmin: false });
    // A blank password on edit is left alone: the old one still works.
    expect(sessionOf(await h.trpc(undefined, freshAddress()).account.login({ username: 'carl2', password: 'long-enough-1' })).user.id).toBe(created.id);

    expect(await admin.users.delete({ id: created.id })).toEqual({ success: true, closed: false });
    expect((await admin.users.list({ search: 'carl' })).total).toBe(0);
    expect(await codeOf(h.trpc(signedIn.token).account.me())).toBe('UNAUTHORIZED');
  });

  it('admin.users.*: an admin may not make or touch staff (FORBIDDEN); nobody deletes themselves', async () => {
    const admin = h.trpc(adminToken).admin;
    expect(await codeOf(admin.users.create({ username: 'boss', email: 'boss@example.test', password: 'long-enough-1', isAdmin: true }))).toBe('FORBIDDEN');
    expect(await codeOf(admin.users.update({ id: ownerId, data: { username: 'olivia', email: 'olivia@example.test', isAdmin: false } }))).toBe('FORBIDDEN');
    expect(await codeOf(admin.users.delete({ id: ownerId }))).toBe('FORBIDDEN');
    expect(await codeOf(admin.users.delete({ id: adminId }))).toBe('FORBIDDEN');
    expect(await codeOf(h.trpc(ownerToken).admin.users.delete({ id: ownerId }))).toBe('FORBIDDEN');
    expect((await admin.users.list({ search: 'boss' })).total).toBe(0);
  });

  it('admin.policies.list answers { items, total, totalIsLowerBound }, paged and searched', async () => {
    const admin = h.trpc(adminToken).admin;
    const all = await admin.policies.list({ limit: 100 });
    expect(Object.keys(all).sort()).toEqual(['items', 'total', 'totalIsLowerBound']);
    expect(all.total).toBe(all.items.length);
    expect(all.items.map((p) => p.id)).toContain(targetPolicyId);
    const page = await admin.policies.list({ limit: 1 });
    expect(page).toEqual({ items: [all.items[0]], total: all.total, totalIsLowerBound: false });
    const target = all.items.find((p) => p.id === targetPolicyId)!;
    const found = await admin.policies.list({ search: target.policyNumber.toLowerCase() });
    expect(found).toEqual({ items: [target], total: 1, totalIsLowerBound: false });
  });

  it("admin.policies.ofUser answers that user's policies", async () => {
    const admin = h.trpc(adminToken).admin;
    const theirs = await admin.policies.ofUser({ userId: customerId });
    expect(theirs).toEqual(await h.trpc(customerToken).policies.mine());
    expect(await admin.policies.ofUser({ userId: targetUserId })).toEqual([]);
  });

  it('admin.policies.create / update / delete manage a policy (delete only one never in force)', async () => {
    const admin = h.trpc(adminToken).admin;
    const created = await admin.policies.create(policyInput({ holderName: 'Fresh Holder', registration: 'fr35 hhh', startTime: '09:00 AM', endTime: '11:59 PM' }));
    expect(created).toMatchObject({
      userId: customerId,
      username: 'alice',
      holderName: 'Fresh Holder',
      registration: 'FR35 HHH',
      startTime: '09:00',
      endTime: '23:59',
      status: 'active',
    });
    expect(created.policyNumber).toMatch(/^[A-Z0-9-]+$/);
    expect((await h.trpc(customerToken).policies.mine()).map((p) => p.id)).toContain(created.id);

    const updated = await admin.policies.update({ id: created.id, data: policyInput({ holderName: 'Changed Holder', status: 'pending', userId: null }) });
    expect(updated).toMatchObject({ id: created.id, policyNumber: created.policyNumber, holderName: 'Changed Holder', status: 'pending', userId: null, username: null });
    expect((await h.trpc(customerToken).policies.mine()).map((p) => p.id)).not.toContain(created.id);

    // It was in force once, so it stays (docs/product.md#policies); one never in force is deleted.
    await expect(admin.policies.delete({ id: created.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const draft = await admin.policies.create(policyInput({ holderName: 'Draft Holder', status: 'pending' }));
    expect(await admin.policies.delete({ id: draft.id })).toEqual({ success: true });
    expect((await admin.policies.list({ search: draft.policyNumber })).total).toBe(0);
    expect((await admin.policies.list({ search: created.policyNumber })).total).toBe(1);
  });

  it('admin.logs.list answers { items, total, totalIsLowerBound }; admin.logs.add writes an entry under the caller', async () => {
    const admin = h.trpc(adminToken).admin;
    const before = await admin.logs.list({});
    // totalIsLowerBound: a search's total past LOG_SEARCH_EXACT_TOTAL is a bound (docs/api.md#lists); unsearched, exact.
    expect(Object.keys(before).sort()).toEqual(['items', 'total', 'totalIsLowerBound']);
    expect(before.totalIsLowerBound).toBe(false);
    const added = await admin.logs.add({ action: 'Generated system report', level: 'warning' });
    expect(added).toMatchObject({ action: 'Generated system report', level: 'warning', username: 'adam', timestamp: new Date(T0).toISOString() });
    const after = await admin.logs.list({ limit: 1 });
    expect(after.total).toBe(before.total + 1);
    expect(after.items).toEqual([added]);
    expect((await admin.logs.list({ search: 'generated system' })).items.map((l) => l.id)).toContain(added.id);
    // Error level is the server's alone.
    // @ts-expect-error deliberately bad input: clientLogInput allows info and warning only
    expect(await codeOf(admin.logs.add({ action: 'Fake error', level: 'error' }))).toBe('BAD_REQUEST');
  });
});

describe('errors', () => {
  it('maps bad input to BAD_REQUEST with zod details on the error', async () => {
    const err = await rejects(h.trpc(adminToken).admin.policies.create({ ...validPolicy, holderName: '' }));
    expect(err.code).toBe('BAD_REQUEST');
    const bad = await rejects(h.trpc(adminToken).admin.users.list({ limit: 0 }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect(await codeOf(h.trpc(adminToken).admin.users.delete({ id: -1 }))).toBe('BAD_REQUEST');
    expect(await codeOf(h.trpc().account.login({ username: '', password: '' }))).toBe('BAD_REQUEST');
  });

  it('answers bad input over HTTP as 400 with field errors in error.data.details', async () => {
    const policiesBefore = (await h.trpc(adminToken).admin.stats()).totalPolicies;
    const res = await h.request('POST', '/trpc/admin.policies.create', {
      token: adminToken,
      body: { ...validPolicy, holderName: '  ', carModel: undefined, startTime: '25:00', status: 'lapsed' },
    });
    expect(res.status).toBe(400);
    const body = await json<{ error: { message: string; data: { code: string; httpStatus: number; path: string; details: { fieldErrors: Record<string, string[]>; formErrors: string[] } } } }>(res);
    expect(body.error.message).toBe(messages.invalidInput);
    expect(body.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, path: 'admin.policies.create' });
    const fields = body.error.data.details.fieldErrors;
    expect(Object.keys(fields).sort()).toEqual(['carModel', 'holderName', 'startTime', 'status']);
    expect(fields.holderName).toEqual(['Holder name is required']);
    expect(fields.status).toEqual(['Status must be active, expired, pending or cancelled']);
    expect(JSON.stringify(body)).not.toContain('stack');

    const backwards = await h.request('POST', '/trpc/admin.policies.create', {
      token: adminToken,
      body: { ...validPolicy, startDate: '2026-07-08', endDate: '2026-07-01' },
    });
    expect(backwards.status).toBe(400);
    const b2 = await json<{ error: { data: { details: { fieldErrors: Record<string, string[]> } } } }>(backwards);
    expect(b2.error.data.details.fieldErrors).toEqual({ endDate: [messages.endBeforeStart] });
    // Nothing was written by either request.
    expect((await h.trpc(adminToken).admin.stats()).totalPolicies).toBe(policiesBefore);
  });

  it("an edit's field errors are keyed by the field, as a create's and the REST door's are (the { id, data } wrapper looked through)", async () => {
    const created = await h.trpc(adminToken).admin.users.create({ username: 'fielded', email: 'fielded@example.test', password: 'long-enough-1' });
    const body = await expectJson<{ error: { data: { details: { fieldErrors: Record<string, string[]>; formErrors: string[] } } } }>(h.request('POST', '/trpc/admin.users.update', { token: adminToken, body: { id: created.id, data: { username: 'x', email: 'not-an-email' } } }), 400);
    expect(Object.keys(body.error.data.details.fieldErrors).sort()).toEqual(['email', 'username']);
    expect(body.error.data.details.fieldErrors.email).toEqual(['Enter a valid email address']);
    // The id is the input's own field, not the record's: it keeps its name.
    const badId = await h.request('POST', '/trpc/admin.users.update', { token: adminToken, body: { id: 'x', data: { username: 'fielded', email: 'fielded@example.test' } } });
    expect(Object.keys((await json<{ error: { data: { details: { fieldErrors: Record<string, string[]> } } } }>(badId)).error.data.details.fieldErrors)).toEqual(['id']);
    const rest = await h.request('PUT', `/api/admin/users/${created.id}`, { token: adminToken, body: { username: 'x', email: 'not-an-email' } });
    expect(((await json<{ details: { fieldErrors: Record<string, string[]> } }>(rest)).details.fieldErrors)).toEqual(body.error.data.details.fieldErrors);
  });

  it('maps a duplicate username to CONFLICT (whatever its case), with a field error over HTTP', async () => {
    const admin = h.trpc(adminToken).admin;
    const err = await rejects(admin.users.create({ username: 'ALICE', email: 'other@example.test', password: 'long-enough-1' }));
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(messages.usernameTaken);
    expect(await codeOf(h.trpc(undefined, freshAddress()).account.register({ username: 'Alice', email: 'another@example.test', password: 'long-enough-1' }))).toBe('CONFLICT');

    const res = await h.request('POST', '/trpc/account.register', {
      body: { username: 'alice', email: 'third@example.test', password: 'long-enough-1' },
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(res.status).toBe(409);
    const body = await json<{ error: { message: string; data: { code: string; details: { fieldErrors: Record<string, string[]> } } } }>(res);
    expect(body.error.message).toBe(messages.usernameTaken);
    expect(body.error.data.code).toBe('CONFLICT');
    expect(body.error.data.details.fieldErrors).toEqual({ username: [messages.usernameTaken] });
    expect((await admin.users.list({ search: 'example.test' })).items.filter((u) => u.username.toLowerCase() === 'alice')).toHaveLength(1);
  });

  it('maps a missing policy or user to NOT_FOUND', async () => {
    const admin = h.trpc(adminToken).admin;
    // Made one at a time: a call started before the one awaited ahead of it fails unobserved meanwhile.
    for (const call of [
      () => admin.policies.update({ id: 999_999, data: policyInput() }),
      () => admin.policies.delete({ id: 999_999 }),
      () => admin.policies.ofUser({ userId: 999_999 }),
      () => admin.users.delete({ id: 999_999 }),
    ]) {
      expect(await codeOf(call())).toBe('NOT_FOUND');
    }
    const body = await expectJson<{ error: { message: string; data: { code: string } } }>(h.request('POST', '/trpc/admin.policies.delete', { token: adminToken, body: { id: 999_999 } }), 404);
    expect(body.error).toMatchObject({ message: messages.policyNotFound, data: { code: 'NOT_FOUND' } });
  });

  it('maps a throttled login to TOO_MANY_REQUESTS after 5 wrong passwords for one username from one address', async () => {
    await h.addUser({ username: 'victim' });
    const attacker = freshAddress();
    for (let i = 1; i <= 5; i++) {
      expect(await codeOf(h.trpc(undefined, attacker).account.login({ username: 'victim', password: `wrong-${i}` })), `attempt ${i}`).toBe('UNAUTHORIZED');
    }
    const sixth = await rejects(h.trpc(undefined, attacker).account.login({ username: 'victim', password: 'wrong-6' }));
    expect(sixth.code).toBe('TOO_MANY_REQUESTS');
    expect(sixth.message).toBe(messages.tooManyAttempts);
    // Even the right password is refused from that address while the window lasts ...
    expect(await codeOf(h.trpc(undefined, attacker).account.login({ username: 'VICTIM', password: PASSWORD }))).toBe('TOO_MANY_REQUESTS');
    // ... over HTTP too, with the code's status.
    expect((await expectJson<{ error: { data: { code: string } } }>(h.request('POST', '/trpc/account.login', { body: { username: 'victim', password: PASSWORD }, headers: { 'x-forwarded-for': attacker } }), 429)).error.data.code).toBe('TOO_MANY_REQUESTS');
    // Other accounts are not affected, nor the owner from another address (docs/product.md#login).
    expect(await codeOf(h.trpc(undefined, attacker).account.login({ username: 'alice', password: PASSWORD }))).toBe('resolved');
    expect(await codeOf(h.trpc(undefined, freshAddress()).account.login({ username: 'victim', password: PASSWORD }))).toBe('resolved');
    // After the 15-minute window the right password works again.
    const start = h.clock.now();
    try {
      h.clock.advance(15 * 60_000 + 1000);
      expect(await codeOf(h.trpc(undefined, attacker).account.login({ username: 'victim', password: PASSWORD }))).toBe('resolved');
    } finally {
      h.clock.set(start);
    }
  });
});

describe('over HTTP', () => {
  const batchPath = (paths: string[], inputs: Record<number, unknown>) =>
    `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;

  it(`serves a GET batch of ${TRPC_MAX_BATCH} procedures and refuses one of ${TRPC_MAX_BATCH + 1} with 400`, async () => {
    expect(TRPC_MAX_BATCH).toBe(10);
    const stats = await h.trpc(adminToken).admin.stats();

    const ten = Array.from({ length: 10 }, () => 'admin.stats');
    const results = await expectJson<{ result: { data: unknown } }[]>(h.request('GET', batchPath(ten, Object.fromEntries(ten.map((_, i) => [i, undefined]))), { token: adminToken }), 200);
    expect(results).toHaveLength(10);
    for (const r of results) expect(r.result.data).toEqual(stats);

    // Mixed procedures with inputs work too.
    const [s, users, mine] = await expectJson<[{ result: { data: unknown } }, { result: { data: { items: unknown[]; total: number } } }, { result: { data: unknown } }]>(h.request('GET', batchPath(['admin.stats', 'admin.users.list', 'policies.mine'], { 1: { limit: 1 } }), { token: adminToken }), 200);
    expect(s.result.data).toEqual(stats);
    expect(users.result.data.items).toHaveLength(1);
    expect(users.result.data.total).toBe(stats.totalUsers);
    expect(mine.result.data).toEqual([]);

    const eleven = [...ten, 'admin.stats'];
    const refused = await h.request('GET', batchPath(eleven, {}), { token: adminToken });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain('BAD_REQUEST');
    expect(text).not.toContain('totalUsers');
  });

  it(`refuses a POST batch of ${TRPC_MAX_BATCH + 1} mutations without running any of them`, async () => {
    const admin = h.trpc(adminToken).admin;
    const before = (await admin.logs.list({ search: 'Batched entry' })).total;
    const paths = Array.from({ length: 11 }, () => 'admin.logs.add');
    const inputs = Object.fromEntries(paths.map((_, i) => [i, { action: `Batched entry ${i}` }]));
    expect((await h.request('POST', `/trpc/${paths.join(',')}?batch=1`, { token: adminToken, body: inputs })).status).toBe(400);
    expect((await admin.logs.list({ search: 'Batched entry' })).total).toBe(before);

    expect((await h.request('POST', `/trpc/${paths.slice(0, 10).join(',')}?batch=1`, { token: adminToken, body: inputs })).status).toBe(200);
    expect((await admin.logs.list({ search: 'Batched entry' })).total).toBe(before + 10);
  });

  it('answers each call of a batch with its own status: anonymous parts are UNAUTHORIZED', async () => {
    const parts = await expectJson<{ error: { data: { code: string } } }[]>(h.request('GET', batchPath(['admin.stats', 'account.me'], {})), 401);
    expect(parts.map((p) => p.error.data.code)).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED']);
    const forbidden = await h.request('GET', '/trpc/admin.stats', { token: customerToken });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('cache-control')).toBe('no-store');
  });

  it('never leaks a stack or an internal message from an internal error', async () => {
    // A log row whose timestamp cannot be shown makes admin.logs.list throw a RangeError inside the server.
    const [row] = await h.database.db
      .insert(auditLogs)
      .values({ action: 'Corrupt row', level: 'info', username: 'test', createdAt: 9e15 })
      .returning({ id: auditLogs.id });
    try {
      const err = await rejects(h.trpc(adminToken).admin.logs.list({}));
      expect(err.code).toBe('INTERNAL_SERVER_ERROR');

      const body = await expectJson<{ error: { message: string; data: Record<string, unknown> } }>(h.request('GET', `/trpc/admin.logs.list?input=${encodeURIComponent('{}')}`, { token: adminToken }), 500);
      expect(body.error.message).toBe(messages.internal);
      expect(body.error.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'admin.logs.list' });
      const text = JSON.stringify(body);
      for (const leak of ['stack', 'at /', 'RangeError', 'Invalid time value', 'node_modules', '.ts:']) {
        expect(text, leak).not.toContain(leak);
      }

      // In a batch, the failing call is contained and the others still answer.
      const batch = await h.request('GET', batchPath(['admin.logs.list', 'admin.stats'], { 0: {} }), { token: adminToken });
      const parts = await json<[{ error: { message: string } }, { result: { data: unknown } }]>(batch);
      expect(parts[0].error.message).toBe(messages.internal);
      expect(parts[1].result.data).toMatchObject({ pendingClaims: 0 });
      const batchText = JSON.stringify(parts);
      for (const leak of ['stack', 'at /', 'RangeError', 'Invalid time value']) expect(batchText, leak).not.toContain(leak);
    } finally {
      await h.database.db.delete(auditLogs).where(eq(auditLogs.id, row!.id));
    }
    expect((await h.trpc(adminToken).admin.logs.list({})).items.length).toBeGreaterThan(0);
  });

  it('answers a throttled tRPC login with 429, Retry-After and retryAfterSeconds (429 with Retry-After, docs/api.md#rate-limits)', async () => {
    await h.addUser({ username: 'hammered' });
    const attacker = freshAddress();
    const attempt = () =>
      h.request('POST', '/trpc/account.login', { body: { username: 'hammered', password: 'wrong-password' }, headers: { 'x-forwarded-for': attacker } });
    for (let i = 1; i <= 5; i++) expect((await attempt()).status).toBe(401);
    const start = h.clock.now();
    h.clock.advance(60_000);
    try {
      const res = await attempt();
      expect(res.status).toBe(429);
      const body = await json<{ error: { data: { code: string; details: { retryAfterSeconds: number } } } }>(res);
      expect(body.error.data.code).toBe('TOO_MANY_REQUESTS');
      // The 15-minute window opened a minute ago.
      expect(body.error.data.details.retryAfterSeconds).toBe(14 * 60);
      expect(res.headers.get('retry-after')).toBe(String(14 * 60));
    } finally {
      h.clock.set(start);
    }
  });

  it('refuses a mutation sent as GET (405) and runs nothing', async () => {
    await h.addUser({ username: 'getter' });
    const token = await h.tokenFor('getter');
    expect((await h.request('GET', '/trpc/account.logout', { token })).status).toBe(405);
    expect((await h.trpc(token).account.me()).user.username).toBe('getter');
    const before = (await h.trpc(adminToken).admin.logs.list({ search: 'Sent by GET' })).total;
    expect((await h.request('GET', `/trpc/admin.logs.add?input=${encodeURIComponent(JSON.stringify({ action: 'Sent by GET' }))}`, { token: adminToken })).status).toBe(405);
    expect((await h.trpc(adminToken).admin.logs.list({ search: 'Sent by GET' })).total).toBe(before);
  });

  it('answers tRPC over HTTP with Cache-Control: no-store', async () => {
    const res = await h.request('GET', '/trpc/policies.mine', { token: customerToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as { result: { data: unknown[] } }).result.data.length).toBeGreaterThan(0);
  });
});
