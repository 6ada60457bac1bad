// GET /api/policies/{policyNumber}/certificate (SPEC.md §7, §8; DECISIONS.md "Policies and certificates").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, json, validPolicy, type Harness } from './harness';
import { latin1, pageText } from './pdf-reader';
import type { PolicyView as Policy } from '../../src-server/features/policies/service';


/** The strings the certificate draws, one per shown text run. */
const drawnLines = (bytes: Uint8Array): string[] => pageText(bytes).map((t) => t.text);

// ---------------------------------------------------------------------------------------------------------

let h: Harness;
let ownerToken: string;
let adminToken: string;
let aliceToken: string;
let bobToken: string;
let alicePolicy: Policy;
let aliceNoReg: Policy;
let bobPolicy: Policy;
let unassigned: Policy;

async function createPolicy(body: Record<string, unknown>): Promise<Policy> {
  const res = await h.request('POST', '/api/admin/policies', { token: ownerToken, body: { ...validPolicy, ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Policy>(res);
}

const certPath = (policyNumber: string, query = '') => `/api/policies/${policyNumber}/certificate${query}`;

async function pdfOf(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'olivia', isOwner: true });
  await h.addUser({ username: 'adam', isAdmin: true });
  const aliceId = await h.addUser({ username: 'alice' });
  const bobId = await h.addUser({ username: 'bob' });
  // One sign-in at a time: these tests are not about concurrent sign-ins.
  ownerToken = await h.tokenFor('olivia');
  adminToken = await h.tokenFor('adam');
  aliceToken = await h.tokenFor('alice');
  bobToken = await h.tokenFor('bob');
  alicePolicy = await createPolicy({
    userId: aliceId,
    holderName: 'Alice Archer',
    driverName: 'Alice Archer',
    carModel: 'Vauxhall Corsa 1.2',
    registration: 'AB12 CDE',
  });
  aliceNoReg = await createPolicy({
    userId: aliceId,
    holderName: 'Alice Archer',
    driverName: 'Alice Archer',
    carModel: 'Mini Cooper S',
    registration: '',
  });
  bobPolicy = await createPolicy({ userId: bobId, holderName: 'Bob Baker', driverName: 'Bob Baker', registration: 'XY99 ZZZ' });
  unassigned = await createPolicy({ userId: null, holderName: 'Nobody Yet', driverName: 'Nobody Yet', registration: 'NB01 ONE' });
});

afterAll(async () => {
  await h?.close();
});

describe('GET /api/policies/{policyNumber}/certificate', () => {
  it('answers the owner of the policy with an inline PDF named {policyNumber}_certificate.pdf', async () => {
    const res = await h.request('GET', certPath(alicePolicy.policyNumber), { token: aliceToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${alicePolicy.policyNumber}_certificate.pdf"`);
    const bytes = await pdfOf(res);
    expect(latin1(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(latin1(bytes.subarray(-8))).toContain('%%EOF');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
  });

  it('answers an attachment with ?download=1, and inline for any other value', async () => {
    const res = await h.request('GET', certPath(alicePolicy.policyNumber, '?download=1'), { token: aliceToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${alicePolicy.policyNumber}_certificate.pdf"`);
    expect(latin1((await pdfOf(res)).subarray(0, 5))).toBe('%PDF-');

    const other = await h.request('GET', certPath(alicePolicy.policyNumber, '?download=0'), { token: aliceToken });
    expect(other.status).toBe(200);
    expect(other.headers.get('content-disposition')).toMatch(/^inline; /);
  });

  it('accepts the policy number in lower case and names the file with the stored (upper-case) number', async () => {
    const lower = alicePolicy.policyNumber.toLowerCase();
    expect(lower).not.toBe(alicePolicy.policyNumber);
    const res = await h.request('GET', certPath(lower, '?download=1'), { token: aliceToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${alicePolicy.policyNumber}_certificate.pdf"`);
    const lines = drawnLines(await pdfOf(res));
    expect(lines).toContain(`Certificate number: ${alicePolicy.policyNumber}`);
  });

  it('draws the policy number, the holder name, the registration and the vehicle in the PDF', async () => {
    const res = await h.request('GET', certPath(alicePolicy.policyNumber), { token: aliceToken });
    const bytes = await pdfOf(res);
    const lines = drawnLines(bytes);
    expect(lines).toContain('Certificate of Motor Insurance');
    expect(lines).toContain(`Certificate number: ${alicePolicy.policyNumber}`);
    expect(lines).toContain('Alice Archer');
    expect(lines).toContain('AB12 CDE');
    expect(lines).toContain('Vauxhall Corsa 1.2');
    expect(lines).toContain(`Alice Archer (licence number ${validPolicy.licenseNumber})`);
    expect(lines).toContain('09:00 on 1 July 2026 (UK time)');
    expect(lines).toContain('23:59 on 8 July 2026 (UK time)');
    // Issued at the harness clock's time, 2026-07-01 12:00 UTC = 13:00 BST.
    expect(lines).toContain('Issued 13:00 on 1 July 2026 (UK time)');
    // Nothing of anyone else's.
    expect(lines.join('\n')).not.toContain('Bob Baker');
  });

  it('shows the vehicle description where there is no registration', async () => {
    const res = await h.request('GET', certPath(aliceNoReg.policyNumber), { token: aliceToken });
    expect(res.status).toBe(200);
    const lines = drawnLines(await pdfOf(res));
    expect(lines).toContain(`Certificate number: ${aliceNoReg.policyNumber}`);
    expect(lines).toContain('Mini Cooper S');
    expect(lines).not.toContain('AB12 CDE');
  });

  it("answers another customer's policy number exactly like one that does not exist (404, same body)", async () => {
    const missing = await h.request('GET', certPath('KC-0000000000'), { token: aliceToken });
    const others = await h.request('GET', certPath(bobPolicy.policyNumber), { token: aliceToken });
    const othersLower = await h.request('GET', certPath(bobPolicy.policyNumber.toLowerCase()), { token: aliceToken });
    const unassignedRes = await h.request('GET', certPath(unassigned.policyNumber), { token: aliceToken });
    const bodies = await Promise.all([missing, others, othersLower, unassignedRes].map((r) => r.text()));
    for (const r of [missing, others, othersLower, unassignedRes]) {
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.headers.get('content-disposition')).toBeNull();
    }
    expect(JSON.parse(bodies[0]!)).toEqual({ error: expect.any(String) });
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[1]).not.toContain(bobPolicy.policyNumber);

    // Bob himself gets his certificate.
    const bobs = await h.request('GET', certPath(bobPolicy.policyNumber), { token: bobToken });
    expect(bobs.status).toBe(200);
    expect(drawnLines(await pdfOf(bobs))).toContain('Bob Baker');
  });

  it("answers 400 'Invalid policy number' for a malformed number", async () => {
    for (const bad of ['bad$num', 'A'.repeat(41), 'KC_0000000000', encodeURIComponent('KC 00'), encodeURIComponent('KC-ÄBC'), encodeURIComponent("KC-1' OR '1'='1")]) {
      const res = await h.request('GET', certPath(bad), { token: aliceToken });
      expect(res.status, bad).toBe(400);
      const body = await json<{ error: string }>(res);
      expect(body.error, bad).toBe('Invalid policy number');
    }
    // 40 characters is still a well-formed number (it just does not exist).
    const longest = await h.request('GET', certPath('K'.repeat(40)), { token: aliceToken });
    expect(longest.status).toBe(404);
  });

  it('answers 401 without a valid token', async () => {
    const none = await h.request('GET', certPath(alicePolicy.policyNumber));
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await none.text()).not.toContain('%PDF');
    const forged = await h.request('GET', certPath(alicePolicy.policyNumber), { token: `${aliceToken.slice(0, -2)}xx` });
    expect(forged.status).toBe(401);
  });

  it("lets an admin fetch any customer's certificate (impersonation), and unassigned ones", async () => {
    for (const [token, policy, holder] of [
      [adminToken, alicePolicy, 'Alice Archer'],
      [adminToken, bobPolicy, 'Bob Baker'],
      [ownerToken, bobPolicy, 'Bob Baker'],
      [adminToken, unassigned, 'Nobody Yet'],
    ] as const) {
      const res = await h.request('GET', certPath(policy.policyNumber.toLowerCase(), '?download=1'), { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${policy.policyNumber}_certificate.pdf"`);
      const lines = drawnLines(await pdfOf(res));
      expect(lines).toContain(`Certificate number: ${policy.policyNumber}`);
      expect(lines).toContain(holder);
    }
    // A missing number is still 404 for an admin.
    expect((await h.request('GET', certPath('KC-0000000000'), { token: adminToken })).status).toBe(404);
  });
});
