// GET /api/user/policies: the signed-in customer's own policies (docs/api.md#customer-policies-and-certificates).
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, validPolicy, type Harness } from './harness';
import { addPolicy, expectJson } from './answers';
import type { PolicyView as Policy } from '../../src-server/contract/views';


/** A policy's documented fields (docs/api.md#shapes): registration, product and premium included. Nothing more, nothing less. */
const POLICY_FIELDS = [
  'carModel',
  'premium',
  'product',
  'driverName',
  'endDate',
  'endTime',
  'holderName',
  'id',
  'licenseNumber',
  'policyNumber',
  'registration',
  'startDate',
  'startTime',
  'status',
  'userId',
  'username',
].sort();

let h: Harness;
let ownerToken: string;
let adminToken: string;
let aliceToken: string;
let bobToken: string;
let carolToken: string;
let aliceId: number;
let bobId: number;
let adminId: number;
const created: Record<string, Policy> = {};

const createPolicy = (body: Record<string, unknown>) => addPolicy(h, ownerToken, body);

async function myPolicies(token: string): Promise<Policy[]> {
  return expectJson<Policy[]>(h.request('GET', '/api/user/policies', { token }), 200);
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'olivia', isOwner: true });
  adminId = await h.addUser({ username: 'adam', isAdmin: true });
  aliceId = await h.addUser({ username: 'alice' });
  bobId = await h.addUser({ username: 'bob' });
  await h.addUser({ username: 'carol' });
  // One sign-in at a time: these tests are not about concurrent sign-ins.
  ownerToken = await h.tokenFor('olivia');
  adminToken = await h.tokenFor('adam');
  aliceToken = await h.tokenFor('alice');
  bobToken = await h.tokenFor('bob');
  carolToken = await h.tokenFor('carol');

  created.alice1 = await createPolicy({
    userId: aliceId,
    holderName: 'Alice Archer',
    driverName: 'Alice Archer',
    carModel: 'Vauxhall Corsa 1.2',
    registration: 'ab12 cde',
    startDate: '2026-06-01',
    startTime: '09:00',
    endDate: '2026-06-08',
    endTime: '23:59',
    status: 'expired',
  });
  created.alice2 = await createPolicy({
    userId: aliceId,
    holderName: 'Alice Archer',
    driverName: 'Alice Archer',
    registration: '',
    startDate: '2026-07-01',
    startTime: '10:30',
    endDate: '2026-07-31',
    endTime: '18:00',
    status: 'active',
  });
  created.bob1 = await createPolicy({
    userId: bobId,
    holderName: 'Bob Baker',
    driverName: 'Bob Baker',
    registration: 'XY99 ZZZ',
    status: 'pending',
  });
  created.adminOwn = await createPolicy({ userId: adminId, holderName: 'Adam Admin', driverName: 'Adam Admin' });
  created.unassigned = await createPolicy({ userId: null, holderName: 'Nobody Yet', driverName: 'Nobody Yet' });
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/user/policies', () => {
  it('answers 401 without a token, with a garbage, tampered or foreign-signed token, or without the Bearer scheme', async () => {
    const iat = Math.floor(h.clock.now() / 1000);
    const foreign = await new SignJWT({ username: 'alice', isAdmin: true, isOwner: true, sv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(aliceId))
      .setJti(crypto.randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256-0123456789'));
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Bearer ${aliceToken}x` },
      { authorization: `Bearer ${foreign}` },
      { authorization: aliceToken },
    ]) {
      const body = await expectJson<{ error: string }>(h.request('GET', '/api/user/policies', { headers }), 401);
      expect(typeof body.error).toBe('string');
      expect(body.error.length).toBeGreaterThan(0);
      expect(JSON.stringify(body)).not.toContain('KC-');
    }
  });

  it("answers only the caller's own policies", async () => {
    const alice = await myPolicies(aliceToken);
    expect(alice.map((p) => p.policyNumber).sort()).toEqual([created.alice1!.policyNumber, created.alice2!.policyNumber].sort());
    expect(alice.every((p) => p.userId === aliceId && p.username === 'alice')).toBe(true);

    const bob = await myPolicies(bobToken);
    expect(bob.map((p) => p.policyNumber)).toEqual([created.bob1!.policyNumber]);
    expect(bob[0]!.userId).toBe(bobId);
    expect(bob[0]!.username).toBe('bob');

    // Nobody sees the unassigned policy or another customer's.
    const everyNumberSeen = [...alice, ...bob].map((p) => p.policyNumber);
    expect(everyNumberSeen).not.toContain(created.unassigned!.policyNumber);
    expect(everyNumberSeen).not.toContain(created.adminOwn!.policyNumber);
  });

  it('lists newest start first', async () => {
    const alice = await myPolicies(aliceToken);
    expect(alice.map((p) => p.policyNumber)).toEqual([created.alice2!.policyNumber, created.alice1!.policyNumber]);
  });

  it('answers exactly the documented fields of a policy (registration, product and premium included), with the values stored', async () => {
    const alice = await myPolicies(aliceToken);
    for (const p of alice) expect(Object.keys(p).sort()).toEqual(POLICY_FIELDS);

    const older = alice.find((p) => p.policyNumber === created.alice1!.policyNumber)!;
    expect(older).toEqual({
      id: created.alice1!.id,
      policyNumber: created.alice1!.policyNumber,
      userId: aliceId,
      username: 'alice',
      holderName: 'Alice Archer',
      carModel: 'Vauxhall Corsa 1.2',
      driverName: 'Alice Archer',
      licenseNumber: validPolicy.licenseNumber,
      registration: 'AB12 CDE',
      startDate: '2026-06-01',
      startTime: '09:00',
      endDate: '2026-06-08',
      endTime: '23:59',
      status: 'expired',
      // A caller that names no product gets temporary cover; no premium was recorded.
      product: 'temporary',
      premium: null,
    });
    expect(older.policyNumber).toMatch(/^[A-Z0-9-]+$/);

    const newer = alice.find((p) => p.policyNumber === created.alice2!.policyNumber)!;
    expect(newer.registration).toBeNull();
    expect(newer.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(newer.startTime).toBe('10:30');
    expect(newer.endTime).toBe('18:00');
    expect(newer.status).toBe('active');

    const [bob] = await myPolicies(bobToken);
    expect(Object.keys(bob!).sort()).toEqual(POLICY_FIELDS);
    expect(bob!.status).toBe('pending');
    expect(bob!.registration).toBe('XY99 ZZZ');
  });

  it('answers an empty array for a customer with no policies', async () => {
    expect(await expectJson(h.request('GET', '/api/user/policies', { token: carolToken }), 200)).toEqual([]);
  });

  it('marks the answer Cache-Control: no-store (and JSON)', async () => {
    const res = await h.request('GET', '/api/user/policies', { token: aliceToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const empty = await h.request('GET', '/api/user/policies', { token: carolToken });
    expect(empty.headers.get('cache-control')).toBe('no-store');
    const refused = await h.request('GET', '/api/user/policies');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it("gives an admin their own policies, not everyone's", async () => {
    const admin = await myPolicies(adminToken);
    expect(admin.map((p) => p.policyNumber)).toEqual([created.adminOwn!.policyNumber]);
    expect(admin[0]!.username).toBe('adam');

    // The owner holds no policies of their own, although they created all of them.
    expect(await myPolicies(ownerToken)).toEqual([]);
  });

  it('follows a policy when an admin moves it to another customer', async () => {
    const moved = await h.request('PUT', `/api/admin/policies/${created.bob1!.id}`, {
      token: ownerToken,
      body: { ...validPolicy, userId: aliceId, holderName: 'Bob Baker', driverName: 'Bob Baker', registration: 'XY99 ZZZ', status: 'pending' },
    });
    expect(moved.status).toBe(200);
    expect(await myPolicies(bobToken)).toEqual([]);
    const alice = await myPolicies(aliceToken);
    expect(alice.map((p) => p.policyNumber)).toContain(created.bob1!.policyNumber);
    expect(alice.find((p) => p.policyNumber === created.bob1!.policyNumber)!.username).toBe('alice');
  });

  it('answers 401 once the session has been signed out or has expired', async () => {
    await h.addUser({ username: 'dora' });
    const signedOut = await h.tokenFor('dora');
    const expiring = await h.tokenFor('dora');
    expect((await h.request('GET', '/api/user/policies', { token: signedOut })).status).toBe(200);
    expect((await h.request('POST', '/api/logout', { token: signedOut })).status).toBe(200);
    expect((await h.request('GET', '/api/user/policies', { token: signedOut })).status).toBe(401);
    // The other session of the same account is untouched by that logout ...
    expect((await h.request('GET', '/api/user/policies', { token: expiring })).status).toBe(200);
    // ... until its 12 hours run out (docs/product.md#sessions: without remember-me a session lasts 12 hours).
    const start = h.clock.now();
    try {
      h.clock.advance(12 * 3600_000 - 60_000);
      expect((await h.request('GET', '/api/user/policies', { token: expiring })).status).toBe(200);
      h.clock.advance(2 * 60_000);
      expect((await h.request('GET', '/api/user/policies', { token: expiring })).status).toBe(401);
    } finally {
      h.clock.set(start);
    }
  });
});
