// Public verification of a certificate by its code: GET /api/verify/{code} and tRPC verify.byCode
// (docs/product.md#certificates, docs/api.md#verification).
import { TRPCError } from '@trpc/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ukInstantText } from '../../src-server/contract/time';
import { normaliseVerifyCode } from '../../src-server/contract/verify';
import { verificationView, type PolicyView, type VerificationView } from '../../src-server/contract/views';
import { initialsOf, VERIFY_ADDRESS_RULE } from '../../src-server/modules/policies/verify/service';
import { cancelReason, createHarness, json, T0, validPolicy, type Harness } from './harness';
import { addPolicy, expectJson, expectStatus } from './answers';
import { readingOrder } from './pdf-reader';

let h: Harness;
let owner: string;
let aliceId: number;

let addressCounter = 0;
/** A fresh client address per lookup, so the throttle stays out of the tests that are not about it. */
const freshAddress = () => `198.51.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

const verifyPath = (code: string) => `/api/verify/${encodeURIComponent(code)}`;

async function createPolicy(body: Record<string, unknown>): Promise<PolicyView & { code: string }> {
  const policy = await addPolicy(h, owner, { userId: aliceId, ...body });
  const rs = await h.database.client.execute({ sql: 'select verify_code from policies where id = ?', args: [policy.id] });
  return { ...policy, code: String(rs.rows[0]!['verify_code']) };
}

async function setStatus(policy: PolicyView, status: string): Promise<void> {
  const { id, policyNumber: _n, username: _u, ...fields } = policy;
  const token = await h.tokenFor('olivia');
  await expectStatus(h.request('PUT', `/api/admin/policies/${id}`, { token, body: { ...fields, premium: fields.premium ?? undefined, status, ...cancelReason(status) } }), 200);
}

async function verifyRest(code: string, address = freshAddress()): Promise<Response> {
  return h.request('GET', verifyPath(code), { headers: { 'x-forwarded-for': address } });
}

async function verified(code: string): Promise<VerificationView> {
  return expectJson<VerificationView>(verifyRest(code), 200);
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'olivia', isOwner: true });
  aliceId = await h.addUser({ username: 'alice' });
  owner = await h.tokenFor('olivia');
});
afterAll(() => h.close());
afterEach(() => h.clock.set(T0));

describe('ukInstantText', () => {
  it('writes an instant as UK text naming GMT or BST', () => {
    expect(ukInstantText(Date.UTC(2026, 6, 1, 8, 0))).toBe('Wed 1 Jul 2026, 09:00 BST');
    expect(ukInstantText(Date.UTC(2026, 0, 15, 9, 30))).toBe('Thu 15 Jan 2026, 09:30 GMT');
    expect(ukInstantText(Date.UTC(2026, 8, 30, 23, 5))).toBe('Thu 1 Oct 2026, 00:05 BST');
    expect(ukInstantText(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('Thu 31 Dec 2026, 23:59 GMT');
  });

  it('follows the clock changes: spring forward skips 01:00-02:00, autumn shows 01:30 twice, told apart', () => {
    expect(ukInstantText(Date.UTC(2026, 2, 29, 0, 59))).toBe('Sun 29 Mar 2026, 00:59 GMT');
    expect(ukInstantText(Date.UTC(2026, 2, 29, 1, 0))).toBe('Sun 29 Mar 2026, 02:00 BST');
    expect(ukInstantText(Date.UTC(2026, 9, 25, 0, 30))).toBe('Sun 25 Oct 2026, 01:30 BST');
    expect(ukInstantText(Date.UTC(2026, 9, 25, 1, 30))).toBe('Sun 25 Oct 2026, 01:30 GMT');
  });

  it('refuses what is not an instant', () => {
    expect(() => ukInstantText(Number.NaN)).toThrow(RangeError);
  });
});

describe('verification codes and initials', () => {
  it('takes a code in any letter case with spaces around it; refuses a wrong length or a character outside the alphabet', () => {
    expect(normaliseVerifyCode(' 7q4m2xhpab3cdefghjk0 ')).toBe('7Q4M2XHPAB3CDEFGHJK0');
    // Policies from before the Crockford codes have 26 hex characters.
    expect(normaliseVerifyCode('0123456789abcdef0123456789')).toBe('0123456789ABCDEF0123456789');
    for (const bad of ['', ' ', '7Q4M2XHPAB3CDEFGHJK', '7Q4M2XHPAB3CDEFGHJK0X', '7Q4M2XHPAB3CDEFGHJKI', '7Q4M2XHPAB3CDEFGHJKO', '7Q4M2XHPAB3CDEFGHJKU', '7Q4M2XHPAB3CDEFGHJKL', '7Q4M2XHP AB3CDEFGHJK0', '7Q4M2XHPAB3CDEFGHJK-', '0123456789ABCDEF012345678G', 'x'.repeat(5000)]) {
      expect(normaliseVerifyCode(bad), bad.slice(0, 30)).toBeNull();
    }
  });

  it('reduces a name to its initials only', () => {
    expect(initialsOf('Ann Smith')).toBe('A. S.');
    expect(initialsOf('  ann   marie smith ')).toBe('A. M. S.');
    expect(initialsOf('Zoë Łukasz')).toBe('Z. Ł.');
    expect(initialsOf("Mary-Jane O'Neil")).toBe('M. O.');
    expect(initialsOf('(Dr) Jones')).toBe('D. J.');
    expect(initialsOf('A B C D E F')).toBe('A. B. C. D.');
    expect(initialsOf('12 34')).toBe('');
  });
});

describe('GET /api/verify/{code} and verify.byCode by status', () => {
  it('says covered for live cover, with the vehicle, product, UK times and initials only', async () => {
    const policy = await createPolicy({ holderName: 'Ann Marie Smith', driverName: 'Dan Driver', product: 'learner', registration: 'ab12 cde' });
    const answer = await verified(policy.code);
    expect(answer).toEqual({
      status: 'covered',
      registration: 'AB12 CDE',
      vehicle: validPolicy.carModel,
      product: 'learner',
      startsAt: 'Wed 1 Jul 2026, 09:00 BST',
      endsAt: 'Wed 8 Jul 2026, 23:59 BST',
      holderInitials: 'A. M. S.',
      voided: false,
    });
    expect(verificationView.parse(answer)).toEqual(answer);
    // The same answer over tRPC.
    expect(await h.trpc(undefined, freshAddress()).verify.byCode({ code: policy.code })).toEqual(answer);
  });

  it('gives nothing personal away: no full name, licence, policy number, username, driver or premium', async () => {
    const policy = await createPolicy({ holderName: 'Bartholomew Quince', driverName: 'Cressida Quince', licenseNumber: 'QUINC801234BQ9XY', premium: 123.45 });
    const res = await verifyRest(policy.code);
    const body = await res.text();
    expect(Object.keys(JSON.parse(body) as object).sort()).toEqual(['endsAt', 'holderInitials', 'product', 'registration', 'startsAt', 'status', 'vehicle', 'voided']);
    for (const secret of ['Bartholomew', 'Quince', 'Cressida', 'QUINC801234BQ9XY', policy.policyNumber, 'alice', '123.45']) {
      expect(body, secret).not.toContain(secret);
    }
    expect(JSON.parse(body)).toMatchObject({ holderInitials: 'B. Q.' });
  });

  it('says starts for confirmed cover to come, with its times across the autumn clock change', async () => {
    const policy = await createPolicy({ startDate: '2026-10-20', startTime: '09:00', endDate: '2026-10-30', endTime: '09:00', registration: null });
    expect(await verified(policy.code)).toMatchObject({
      status: 'starts',
      registration: null,
      startsAt: 'Tue 20 Oct 2026, 09:00 BST',
      endsAt: 'Fri 30 Oct 2026, 09:00 GMT',
    });
  });

  it('says not-covered for pending cover, whatever its dates', async () => {
    const policy = await createPolicy({ status: 'pending' });
    expect(await verified(policy.code)).toMatchObject({ status: 'not-covered', startsAt: 'Wed 1 Jul 2026, 09:00 BST', endsAt: 'Wed 8 Jul 2026, 23:59 BST' });
  });

  it('says not-covered once staff cancel or expire cover, ending when they did', async () => {
    for (const status of ['cancelled', 'expired']) {
      const policy = await createPolicy({ product: 'learner' });
      expect((await verified(policy.code)).status).toBe('covered');
      h.clock.set(Date.UTC(2026, 6, 2, 14, 15));
      await setStatus(policy, status);
      expect(await verified(policy.code), status).toMatchObject({ status: 'not-covered', endsAt: 'Thu 2 Jul 2026, 15:15 BST' });
      h.clock.set(T0);
    }
  });

  it('says not-covered for active cover past its end (the stored status wins only to say no)', async () => {
    const policy = await createPolicy({ startDate: '2026-06-01', endDate: '2026-06-10' });
    expect(await verified(policy.code)).toMatchObject({ status: 'not-covered', endsAt: 'Wed 10 Jun 2026, 23:59 BST' });
  });

  it('follows the clock across the spring change: starts, covered, then not-covered at 12:00 BST', async () => {
    // 12:00 GMT on Sat 28 Mar to 12:00 BST on Sun 29 Mar 2026: 23 hours of cover.
    const policy = await createPolicy({ startDate: '2026-03-28', startTime: '12:00', endDate: '2026-03-29', endTime: '12:00' });
    const at = async (ms: number) => {
      h.clock.set(ms);
      return (await verified(policy.code)).status;
    };
    expect(await at(Date.UTC(2026, 2, 28, 11, 59))).toBe('starts');
    expect(await at(Date.UTC(2026, 2, 28, 12, 0))).toBe('covered');
    expect(await at(Date.UTC(2026, 2, 29, 10, 59))).toBe('covered');
    expect(await at(Date.UTC(2026, 2, 29, 11, 0))).toBe('not-covered');
    expect(await verified(policy.code)).toMatchObject({ startsAt: 'Sat 28 Mar 2026, 12:00 GMT', endsAt: 'Sun 29 Mar 2026, 12:00 BST' });
  });

  it('follows the clock across the autumn change: covered until 12:00 GMT', async () => {
    const policy = await createPolicy({ startDate: '2026-10-24', startTime: '12:00', endDate: '2026-10-25', endTime: '12:00' });
    const at = async (ms: number) => {
      h.clock.set(ms);
      return (await h.trpc(undefined, freshAddress()).verify.byCode({ code: policy.code })).status;
    };
    expect(await at(Date.UTC(2026, 9, 24, 10, 59))).toBe('starts');
    expect(await at(Date.UTC(2026, 9, 24, 11, 0))).toBe('covered');
    expect(await at(Date.UTC(2026, 9, 25, 11, 59))).toBe('covered');
    expect(await at(Date.UTC(2026, 9, 25, 12, 0))).toBe('not-covered');
  });
});

describe('codes that find nothing', () => {
  it('finds a code in lower case, with spaces around it, and a policy from before the Crockford codes', async () => {
    const policy = await createPolicy({ holderName: 'Case Test' });
    expect((await verified(policy.code.toLowerCase())).holderInitials).toBe('C. T.');
    expect((await verified(`  ${policy.code} `)).holderInitials).toBe('C. T.');
    expect((await h.trpc(undefined, freshAddress()).verify.byCode({ code: ` ${policy.code.toLowerCase()}\n` })).holderInitials).toBe('C. T.');
    const legacy = await createPolicy({ holderName: 'Legacy Row' });
    await h.database.client.execute({ sql: 'update policies set verify_code = ? where id = ?', args: ['0A1B2C3D4E5F60718293A4B5C6', legacy.id] });
    expect((await verified('0a1b2c3d4e5f60718293a4b5c6')).holderInitials).toBe('L. R.');
  });

  it("answers unknown and malformed codes alike: 404 'No certificate found for this code'", async () => {
    const policy = await createPolicy({});
    const bodies = new Set<string>();
    for (const code of ['7Q4M2XHPAB3CDEFGHJK0', '0123456789ABCDEF0123456789', policy.code.slice(1), `${policy.code}0`, policy.code.replace(/.$/, 'I'), policy.policyNumber, "' OR 1=1 --", '...', 'x'.repeat(3000), '\u0000', '😀']) {
      const res = await verifyRest(code);
      expect(res.status, code.slice(0, 30)).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      bodies.add(await res.text());
    }
    expect([...bodies]).toEqual([JSON.stringify({ error: 'No certificate found for this code' })]);
    for (const code of ['7Q4M2XHPAB3CDEFGHJK0', 'short', '']) {
      const err = await h.trpc(undefined, freshAddress()).verify.byCode({ code }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TRPCError);
      expect((err as TRPCError).code).toBe('NOT_FOUND');
      expect((err as TRPCError).message).toBe('No certificate found for this code');
    }
  });
});

describe('the throttle', () => {
  it(`answers 429 with Retry-After after ${VERIFY_ADDRESS_RULE.limit} lookups a minute from one address, found or not; other addresses carry on`, async () => {
    const policy = await createPolicy({});
    const address = '203.0.113.7';
    for (let i = 0; i < VERIFY_ADDRESS_RULE.limit; i++) {
      // Found, unknown and malformed codes all count: guessing costs the same as checking.
      const code = [policy.code, '7Q4M2XHPAB3CDEFGHJK0', 'nonsense'][i % 3]!;
      expect((await verifyRest(code, address)).status, `lookup ${i + 1}`).not.toBe(429);
    }
    const refused = await verifyRest(policy.code, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await json(refused)).toEqual({ error: 'Too many attempts. Please wait and try again.' });
    // The tRPC door counts against the same address and says when to retry too.
    const res = await h.request('GET', `/trpc/verify.byCode?input=${encodeURIComponent(JSON.stringify({ code: policy.code }))}`, { headers: { 'x-forwarded-for': address } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is unaffected; a minute later the first may look again.
    expect((await verifyRest(policy.code)).status).toBe(200);
    h.clock.advance(60_000);
    expect((await verifyRest(policy.code, address)).status).toBe(200);
  });
});

describe('from the certificate to the answer', () => {
  it("a learner certificate's short link answers covered; cancelled, it answers not-covered and the certificate says NOT VALID", async () => {
    const policy = await createPolicy({ product: 'learner', holderName: 'Lena Learner' });
    const certificate = async () => {
      const token = await h.tokenFor('alice');
      const res = await h.request('GET', `/api/policies/${policy.policyNumber}/certificate`, { token });
      expect(res.status).toBe(200);
      return readingOrder(new Uint8Array(await res.arrayBuffer()));
    };
    const before = await certificate();
    expect(before).toContain('provisional driving licence');
    const link = /http:\/\/localhost:3000(\/verify\/[0-9A-Z]{20})/.exec(before);
    expect(link?.[1]).toBe(`/verify/${policy.code}`);
    expect((await verified(link![1]!.slice('/verify/'.length))).status).toBe('covered');

    h.clock.set(Date.UTC(2026, 6, 4, 10, 0));
    await setStatus(policy, 'cancelled');
    expect(await verified(policy.code)).toMatchObject({ status: 'not-covered', endsAt: 'Sat 4 Jul 2026, 11:00 BST' });
    expect((await certificate()).startsWith('NOT VALID - cover ended Sat 4 Jul 2026, 11:00 BST')).toBe(true);
  });
});
