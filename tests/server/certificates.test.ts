// GET /api/policies/{policyNumber}/certificate (docs/product.md#certificates).
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productLimitations } from '../../src-server/contract/products';
import { cancelReason, createHarness, json, T0, validPolicy, type Harness } from './harness';
import { addPolicy, expectJson } from './answers';
import { drawnRects, latin1, pageText, qrMatrixFrom, readingOrder } from './pdf-reader';
import type { PolicyView as Policy } from '../../src-server/contract/views';


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

const createPolicy = (body: Record<string, unknown>) => addPolicy(h, ownerToken, body);

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
    expect((await h.request('GET', certPath('K'.repeat(40)), { token: aliceToken })).status).toBe(404);
  });

  it('answers 401 without a valid token', async () => {
    const none = await h.request('GET', certPath(alicePolicy.policyNumber));
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await none.text()).not.toContain('%PDF');
    expect((await h.request('GET', certPath(alicePolicy.policyNumber), { token: `${aliceToken.slice(0, -2)}xx` })).status).toBe(401);
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

// ---------------------------------------------------------------------------------------------------------
// By status: a certificate only for confirmed cover; ended cover's as a record marked NOT VALID.

describe('the certificate of each status', () => {
  afterEach(() => h.clock.set(T0));
  /** Sessions last hours, so a test that moves the clock by days signs in afresh at its new time. */
  const signedInAt = async (ms: number) => {
    h.clock.set(ms);
    return { owner: await h.tokenFor('olivia'), alice: await h.tokenFor('alice') };
  };

  async function verifyCodeOf(id: number): Promise<string> {
    const rs = await h.database.client.execute({ sql: 'select verify_code from policies where id = ?', args: [id] });
    return String(rs.rows[0]!['verify_code']);
  }
  const certificateText = async (policy: Policy, token: string) => {
    const res = await h.request('GET', certPath(policy.policyNumber), { token });
    expect(res.status, await res.clone().text()).toBe(200);
    return readingOrder(await pdfOf(res));
  };
  async function setStatus(policy: Policy, status: string, token: string): Promise<Policy> {
    const { id, policyNumber: _n, username: _u, ...fields } = policy;
    return expectJson<Policy>(h.request('PUT', `/api/admin/policies/${id}`, { token, body: { ...fields, premium: fields.premium ?? undefined, status, ...cancelReason(status) } }), 200);
  }

  it("answers a pending policy with 409 'Cover not confirmed yet' (JSON, no PDF), to its holder and to staff", async () => {
    const aliceId = alicePolicy.userId;
    const pending = await createPolicy({ userId: aliceId, status: 'pending' });
    for (const token of [aliceToken, adminToken]) {
      const res = await h.request('GET', certPath(pending.policyNumber, '?download=1'), { token });
      expect(res.status).toBe(409);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(await json(res)).toEqual({ error: 'Cover not confirmed yet' });
    }
    // Someone else's pending policy is still just not found: the 409 tells nothing to a stranger.
    expect((await h.request('GET', certPath(pending.policyNumber), { token: bobToken })).status).toBe(404);
    // Even once its dates have passed, cover never confirmed has no certificate.
    const later = await signedInAt(Date.UTC(2026, 8, 1));
    expect((await h.request('GET', certPath(pending.policyNumber), { token: later.alice })).status).toBe(409);
  });

  it('gives live cover and confirmed cover to come a plain certificate: no NOT VALID, issued now', async () => {
    const upcoming = await createPolicy({ userId: alicePolicy.userId, startDate: '2026-08-01', endDate: '2026-08-31' });
    for (const policy of [alicePolicy, upcoming]) {
      const text = await certificateText(policy, aliceToken);
      expect(text).not.toContain('NOT VALID');
      expect(text).toContain('Issued 13:00 on 1 July 2026 (UK time)');
    }
  });

  it('marks a policy staff expired NOT VALID from the moment they did (summer: BST), and the foot says it is a record', async () => {
    const policy = await createPolicy({ userId: alicePolicy.userId, holderName: 'Ended Early' });
    const then = await signedInAt(Date.UTC(2026, 6, 3, 15, 45)); // 16:45 BST, before its end
    const expired = await setStatus(policy, 'expired', then.owner);
    const later = await signedInAt(Date.UTC(2026, 6, 20, 8, 0));
    const text = await certificateText(expired, later.alice);
    expect(text.startsWith('NOT VALID - cover ended Fri 3 Jul 2026, 16:45 BST')).toBe(true);
    expect(text).toContain('Printed Mon 20 Jul 2026, 09:00 BST as a record of cover that ended Fri 3 Jul 2026, 16:45 BST');
    expect(text).not.toContain('Issued');
    expect(text).toContain('Ended Early');
  });

  it('marks a cancelled winter policy NOT VALID at the time it was cancelled, in GMT', async () => {
    const policy = await createPolicy({ userId: alicePolicy.userId, startDate: '2026-12-01', startTime: '09:00', endDate: '2026-12-31', endTime: '09:00' });
    const then = await signedInAt(Date.UTC(2026, 11, 10, 9, 30));
    const cancelled = await setStatus(policy, 'cancelled', then.owner);
    const text = await certificateText(cancelled, then.alice);
    expect(text.startsWith('NOT VALID - cover ended Thu 10 Dec 2026, 09:30 GMT')).toBe(true);
  });

  it('marks an active policy past its end NOT VALID from its end, before the sweep has switched it to expired', async () => {
    const past = await createPolicy({ userId: alicePolicy.userId, startDate: '2026-06-01', endDate: '2026-06-10', endTime: '23:59' });
    expect(past.status).toBe('active');
    const text = await certificateText(past, aliceToken);
    expect(text.startsWith('NOT VALID - cover ended Wed 10 Jun 2026, 23:59 BST')).toBe(true);
  });

  it("prints the product's limitations (a learner's: a provisional licence, supervised), the short link and its QR code", async () => {
    const learner = await createPolicy({ userId: alicePolicy.userId, product: 'learner' });
    const link = `${h.deps.publicUrl}/verify/${await verifyCodeOf(learner.id)}`;
    expect(link).toMatch(/^http:\/\/localhost:3000\/verify\/[0-9A-HJKMNP-TV-Z]{20}$/);
    const res = await h.request('GET', certPath(learner.policyNumber), { token: aliceToken });
    const bytes = await pdfOf(res);
    const text = readingOrder(bytes);
    for (const line of productLimitations.learner) expect(text).toContain(line);
    expect(text).toContain('holds a provisional driving licence and is supervised as the law requires');
    expect(text).not.toContain(productLimitations.temporary[0]);
    expect(text).toContain(link);
    const { size, data } = QRCode.create([{ data: new TextEncoder().encode(link), mode: 'byte' }], { errorCorrectionLevel: 'M' }).modules;
    expect(qrMatrixFrom(drawnRects(bytes).filled)).toEqual(Array.from({ length: size }, (_, r) => Array.from(data.subarray(r * size, (r + 1) * size))));
    // A policy created without a product is temporary cover, and its certificate says so.
    expect(await certificateText(alicePolicy, aliceToken)).toContain(productLimitations.temporary[0]);
  });
});
