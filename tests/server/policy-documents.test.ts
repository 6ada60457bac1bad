// A policy's documents (docs/product.md#policy-documents): GET /api/policies/{policyNumber}/documents/{kind} for the
// certificate, the Policy Schedule, the Statement of Fact and the product summary; who may read which (the
// certificate's rules, staff's reads of another's logged), which exist for each status, and what each says, read
// back out of the PDF.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentKinds, documentMessages } from '../../src-server/contract/documents';
import { premiumParts } from '../../src-server/contract/premium';
import { productSummaries } from '../../src-server/contract/product-summary';
import { productLimitations, products, useAnswers, useLimitations, vehicleUses, type VehicleUse } from '../../src-server/contract/products';
import type { IssuedPolicyView, PolicyView } from '../../src-server/contract/views';
import { DECLARATION, STAFF_TAKEN } from '../../src-server/modules/policies/documents/statement-pdf';
import { renderSchedulePdf } from '../../src-server/modules/policies/documents/schedule-pdf';
import { validLearner, validProductAnswers } from '../fixtures/quote';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';
import { addPolicy, expectJson, expectStatus } from './answers';
import { latin1, pagesText } from './pdf-reader';
import { logsMentioning, priceAndAccept, submitQuote } from './quote-flow';

let h: Harness;
let owner: string;
let admin: string;
let alice: string;
let bob: string;
let aliceId: number;
let adminId: number;

const docPath = (policyNumber: string, kind: string, query = '') => `/api/policies/${policyNumber}/documents/${kind}${query}`;

const createPolicy = (body: Record<string, unknown>) => addPolicy(h, owner, body);

/** The document's text, page by page joined, as a reader would read it. */
async function textOf(policyNumber: string, kind: string, token: string): Promise<{ pages: string[]; text: string }> {
  const res = await h.request('GET', docPath(policyNumber, kind), { token });
  expect(res.status, await res.clone().text()).toBe(200);
  const pages = pagesText(new Uint8Array(await res.arrayBuffer()));
  return { pages, text: pages.join(' ') };
}

async function addPayment(policyId: number, pence: number, method: string, reference: string | null, at: number): Promise<void> {
  await h.database.client.execute({
    sql: "insert into policy_payments (policy_id, amount_pence, method, reference, at, username, user_id) values (?, ?, ?, ?, ?, 'olivia', null)",
    args: [policyId, pence, method, reference, at],
  });
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'olivia', isOwner: true });
  adminId = await h.addUser({ username: 'adam', isAdmin: true });
  aliceId = await h.addUser({ username: 'alice' });
  await h.addUser({ username: 'bob' });
  owner = await h.tokenFor('olivia');
  admin = await h.tokenFor('adam');
  alice = await h.tokenFor('alice');
  bob = await h.tokenFor('bob');
});
afterAll(() => h.close());

describe('the route', () => {
  let policy: PolicyView;
  beforeAll(async () => {
    policy = await createPolicy({ userId: aliceId, holderName: 'Alice Archer', driverName: 'Alice Archer', premium: 112 });
  });

  it('answers each of the four kinds to the holder, inline, named {policyNumber}_{kind}.pdf; ?download=1 as an attachment', async () => {
    for (const kind of documentKinds) {
      const res = await h.request('GET', docPath(policy.policyNumber, kind), { token: alice });
      expect(res.status, kind).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="${policy.policyNumber}_${kind}.pdf"`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(latin1(bytes.subarray(0, 5))).toBe('%PDF-');
      expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
      const download = await h.request('GET', docPath(policy.policyNumber.toLowerCase(), kind, '?download=1'), { token: alice });
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${policy.policyNumber}_${kind}.pdf"`);
    }
  });

  it('gives the same certificate as the certificate route, byte for byte, and each document the same bytes at the same moment', async () => {
    const viaDocuments = Buffer.from(await (await h.request('GET', docPath(policy.policyNumber, 'certificate'), { token: alice })).arrayBuffer());
    const viaOwnRoute = Buffer.from(await (await h.request('GET', `/api/policies/${policy.policyNumber}/certificate`, { token: alice })).arrayBuffer());
    expect(viaDocuments.equals(viaOwnRoute)).toBe(true);
    for (const kind of documentKinds) {
      const [a, b] = await Promise.all([0, 1].map(async () => Buffer.from(await (await h.request('GET', docPath(policy.policyNumber, kind), { token: alice })).arrayBuffer())));
      expect(a!.equals(b!), kind).toBe(true);
    }
  });

  it("answers 400 naming the kinds for an unknown kind, and 'Invalid policy number' for a malformed number", async () => {
    for (const bad of ['wording', 'Certificate', 'schedule.pdf', '%20']) {
      const res = await h.request('GET', docPath(policy.policyNumber, bad), { token: alice });
      expect(res.status, bad).toBe(400);
      expect((await json<ErrorBody>(res)).error).toBe(documentMessages.unknownKind);
    }
    expect(documentMessages.unknownKind).toBe('Unknown document: ask for certificate, schedule, statement-of-fact or summary');
    expect((await expectJson<ErrorBody>(h.request('GET', docPath('bad$num', 'schedule'), { token: alice }), 400)).error).toBe('Invalid policy number');
  });

  it("answers another customer's policy exactly like a missing one (404, same body), for every kind", async () => {
    for (const kind of documentKinds) {
      const missing = await h.request('GET', docPath('KC-0000000000', kind), { token: bob });
      const others = await h.request('GET', docPath(policy.policyNumber, kind), { token: bob });
      expect([missing.status, others.status]).toEqual([404, 404]);
      expect(others.headers.get('content-disposition')).toBeNull();
      expect(await others.text()).toBe(await missing.text());
    }
    expect((await h.request('GET', docPath(policy.policyNumber, 'schedule'))).status).toBe(401);
  });

  it("lets staff read any policy's documents, logging each read of another's under their name; own and refused reads log nothing", async () => {
    for (const kind of documentKinds) expect((await h.request('GET', docPath(policy.policyNumber, kind), { token: admin })).status).toBe(200);
    expect(await logsMentioning(h, `${policy.policyNumber}`)).toEqual(
      expect.arrayContaining(
        ['certificate', 'policy schedule', 'statement of fact', 'product summary'].map((what) => ({ action: `Viewed ${what} ${policy.policyNumber}`, username: 'adam' })),
      ),
    );
    const adminsOwn = await createPolicy({ userId: adminId });
    const before = (await logsMentioning(h, 'Viewed ')).length;
    expect((await h.request('GET', docPath(adminsOwn.policyNumber, 'schedule'), { token: admin })).status).toBe(200);
    expect((await h.request('GET', docPath(policy.policyNumber, 'summary'), { token: alice })).status).toBe(200);
    expect((await h.request('GET', docPath('KC-NOSUCHPOL1', 'schedule'), { token: admin })).status).toBe(404);
    expect((await logsMentioning(h, 'Viewed ')).length).toBe(before);
  });
});

describe('which documents a policy has', () => {
  it("a pending policy: no certificate (409 'Cover not confirmed yet'), the others, its schedule saying it is not in force", async () => {
    const pending = await createPolicy({ userId: aliceId, status: 'pending' });
    expect(await expectJson(h.request('GET', docPath(pending.policyNumber, 'certificate'), { token: alice }), 409)).toEqual({ error: 'Cover not confirmed yet' });
    const { pages } = await textOf(pending.policyNumber, 'schedule', alice);
    expect(pages[0]).toMatch(/^Not in force until confirmed /);
    for (const kind of ['statement-of-fact', 'summary']) expect((await h.request('GET', docPath(pending.policyNumber, kind), { token: alice })).status).toBe(200);
  });

  it('a void policy: no certificate, its schedule marked VOID with the reason, never in force', async () => {
    const policy = await createPolicy({ userId: aliceId, status: 'pending' });
    await h.database.client.execute({ sql: "update policies set status = 'void', cancel_reason = 'Set up twice by mistake' where id = ?", args: [policy.id] });
    expect((await h.request('GET', docPath(policy.policyNumber, 'certificate'), { token: alice })).status).toBe(409);
    const { text } = await textOf(policy.policyNumber, 'schedule', alice);
    expect(text.startsWith('VOID - this policy was never in force')).toBe(true);
    expect(text).toContain('Void: never in force. Reason: Set up twice by mistake');
  });
});

describe('the Policy Schedule', () => {
  afterEach(() => h.clock.set(T0));

  it('names the policy, holder, vehicle and registration, driver and licence, product, period (UK time) and the limitations as to use', async () => {
    const policy = await createPolicy({ userId: aliceId, holderName: 'Alice Archer', driverName: 'Dan Archer', licenseNumber: 'ARCHE801017DA9AB', carModel: 'Vauxhall Corsa 1.2', registration: 'AB12 CDE', product: 'learner' });
    const { text } = await textOf(policy.policyNumber, 'schedule', alice);
    for (const part of [
      'Policy Schedule',
      `Policy number: ${policy.policyNumber}`,
      'Status In force.',
      'Policyholder Alice Archer',
      'Vehicle and registration Vauxhall Corsa 1.2, registration AB12 CDE',
      'Persons entitled to drive Dan Archer (licence number ARCHE801017DA9AB)',
      'Product Learner driver cover',
      'Period of cover From 09:00 on 1 July 2026 (UK time) to 23:59 on 8 July 2026 (UK time)',
      'Premium No premium recorded.',
      'Payments No payments recorded. Total paid (after any refunds): £0.00',
      'Issued 13:00 on 1 July 2026 (UK time)',
    ]) expect(text).toContain(part);
    for (const line of productLimitations.learner) expect(text).toContain(line);
    expect(text).not.toContain(productLimitations.temporary[0]);
    // It names the documents the product gives, and no "policy wording", which it does not (docs/product.md#policy-documents).
    expect(text).toContain('This schedule forms part of your policy, with your Certificate of Motor Insurance and your Statement of Fact.');
    expect(text).not.toMatch(/policy wording/i);
  });

  it('shows the premium without IPT, the IPT at 12% and the total, every payment (refunds negative) and the balance', async () => {
    expect(premiumParts(11200)).toEqual({ netPence: 10000, iptPence: 1200, totalPence: 11200 });
    expect(premiumParts(6450)).toEqual({ netPence: 5759, iptPence: 691, totalPence: 6450 });
    const policy = await createPolicy({ userId: aliceId, premium: 112 });
    const { text: unpaid } = await textOf(policy.policyNumber, 'schedule', alice);
    expect(unpaid).toContain('Premium excluding Insurance Premium Tax: £100.00 Insurance Premium Tax at 12%: £12.00 Total premium (including Insurance Premium Tax): £112.00');
    expect(unpaid).toContain('Balance to pay: £112.00');

    await addPayment(policy.id, 10000, 'card-by-phone', 'AUTH 4821', Date.UTC(2026, 6, 1, 10, 0));
    await addPayment(policy.id, 1200, 'bank-transfer', null, Date.UTC(2026, 6, 1, 11, 30));
    const { text: paid } = await textOf(policy.policyNumber, 'schedule', alice);
    expect(paid).toContain('Date Method Reference Amount');
    expect(paid).toContain('Wed 1 Jul 2026, 11:00 BST Card by phone AUTH 4821 £100.00');
    expect(paid).toContain('Wed 1 Jul 2026, 12:30 BST Bank transfer – £12.00');
    expect(paid).toContain('Total paid (after any refunds): £112.00 Balance: £0.00 (paid in full)');

    // Cancelled later with a refund: from when, why, the refund negative, and the difference shown, never asked for.
    await addPayment(policy.id, -5000, 'card-by-phone', 'REFUND 1', Date.UTC(2026, 6, 3, 9, 0));
    await h.database.client.execute({ sql: "update policies set status = 'cancelled', ended_at = ?, cancel_reason = 'Sold the car' where id = ?", args: [Date.UTC(2026, 6, 3, 8, 0), policy.id] });
    const { text: cancelled } = await textOf(policy.policyNumber, 'schedule', alice);
    expect(cancelled).toMatch(/^(Page 1 of \d )?CANCELLED - cover ended Fri 3 Jul 2026, 09:00 BST This schedule is kept as a record/);
    expect(cancelled).toContain('Status Cancelled from Fri 3 Jul 2026, 09:00 BST. Reason: Sold the car');
    expect(cancelled).toContain('Fri 3 Jul 2026, 10:00 BST Card by phone REFUND 1 -£50.00');
    expect(cancelled).toContain('Total paid (after any refunds): £62.00 Premium less payments: £50.00');
    expect(cancelled).not.toContain('Balance to pay');
  });

  it('a cancellation set for later shows while the cover is still in force', async () => {
    const policy = await createPolicy({ userId: aliceId });
    await h.database.client.execute({ sql: "update policies set cancels_at = ?, cancel_reason = 'Customer asked' where id = ?", args: [Date.UTC(2026, 6, 5, 11, 0), policy.id] });
    const { text } = await textOf(policy.policyNumber, 'schedule', alice);
    expect(text).toContain('Status In force. Cancellation set: cover ends Sun 5 Jul 2026, 12:00 BST. Reason: Customer asked');
  });

  it('keeps hostile input on the page: long, control and non-Latin text is cut and made safe, and many payments go on to a next page', () => {
    const base = {
      policyNumber: 'KC-7Q4M2XHP', status: 'active' as const, product: 'business' as const, use: null, supervisor: null,
      holderName: `${'Ω'.repeat(5000)}\u0000endstream`, driverName: 'x'.repeat(10_000), licenseNumber: 'L'.repeat(500),
      registration: '\n'.repeat(30), carModel: '/JavaScript '.repeat(1000), startDate: '2026-07-01', startTime: '09:00', endDate: '2026-07-08', endTime: '23:59',
      startAt: Date.UTC(2026, 6, 1, 8), endAt: Date.UTC(2026, 6, 8, 22, 59), endedAt: null, cancelsAt: null, cancelReason: null, premiumPence: 99_999_99,
      issuedAt: T0,
    };
    const payments = Array.from({ length: 60 }, (_, i) => ({ at: T0 + i * 60_000, method: 'other' as const, reference: '🚗'.repeat(300), amountPence: 100 }));
    const started = performance.now();
    const bytes = renderSchedulePdf({ ...base, payments });
    expect(performance.now() - started).toBeLessThan(1000);
    const pages = pagesText(bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.length).toBeLessThanOrEqual(6);
    expect(pages[0]).toContain('Page 1 of');
    expect(latin1(bytes)).not.toContain('/JavaScript');
    // The footer on every page, and every value cut to its room.
    for (const page of pages) expect(page).toContain('Customer support');
    expect(pages.join(' ')).toContain('Balance to pay');
    expect(Buffer.from(bytes).equals(Buffer.from(renderSchedulePdf({ ...base, payments })))).toBe(true);
  });
});

describe('the certificate and the schedule follow the request’s answers (docs/product.md#certificates)', () => {
  const plain = (text: string) => text.replace(/’/g, "'");
  const line = (use: VehicleUse) => plain(useLimitations('business', use)[0]!);

  /** A policy issued from a request with these answers, paid in full (so active, with a certificate): its two documents' text. */
  async function documentsFrom(answers: Record<string, unknown>): Promise<{ certificate: string; schedule: string }> {
    const q = await submitQuote(h, { ...validProductAnswers, ...answers });
    await priceAndAccept(h, owner, q.id);
    const { policy } = await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${q.id}/policy`, { token: owner, body: { licenseNumber: 'FLETC955170A99AB' } }), 201);
    await expectStatus(h.request('POST', `/api/admin/policies/${policy.id}/payments`, { token: owner, body: { amount: '64.50', method: 'card-by-phone' } }), 201);
    const read = async (kind: string) => plain((await textOf(policy.policyNumber, kind, owner)).text);
    return { certificate: await read('certificate'), schedule: await read('schedule') };
  }

  it.each([
    ['business', useAnswers.social, 'social'],
    ['business', useAnswers.commuting, 'commuting'],
    ['business', useAnswers.business, 'business'],
    ['temporary', useAnswers.social, 'social'],
    ['temporary', useAnswers.commuting, 'commuting'],
  ] as const)('%s cover asked for %j states that use, and no wider, on both', async (product, usage, use) => {
    const docs = await documentsFrom({ product, usage });
    for (const text of [docs.certificate, docs.schedule]) {
      expect(text).toContain(line(use));
      for (const other of vehicleUses.filter((u) => u !== use)) expect(text).not.toContain(line(other));
      expect(text).toContain('does not cover use for hire or reward');
      expect(text).not.toContain('Only while supervised by');
    }
  });

  it('never states a use wider than the product covers: temporary cover asked for business use states commuting', async () => {
    const docs = await documentsFrom({ product: 'temporary', usage: useAnswers.business });
    for (const text of [docs.certificate, docs.schedule]) {
      expect(text).toContain(line('commuting'));
      expect(text).not.toContain(line('business'));
    }
  });

  it.each([
    ['temporary', 'Haulage', 'commuting'],
    ['business', 'Courier', 'business'],
    ['temporary', 'Carriage on Own Goods', 'commuting'],
  ] as const)('%s cover asked for %j, which names no use: the product’s own, as for a policy staff made', async (product, usage, use) => {
    const docs = await documentsFrom({ product, usage });
    for (const text of [docs.certificate, docs.schedule]) {
      expect(text).toContain(line(use));
      for (const l of productLimitations[product]) expect(text).toContain(plain(l));
    }
  });

  it('names a learner’s supervising driver on both, as a condition of use (the schedule with age and years of full licence)', async () => {
    const docs = await documentsFrom({ ...validLearner, dateOfBirth: '2008-03-01', licenceNumber: 'FLETC053018A99AB', usage: useAnswers.commuting, noClaimsBonusYears: '', noClaimsBonusProtected: '' });
    expect(docs.certificate).toContain('5. Persons or classes of persons entitled to drive Amelia Fletcher (licence number FLETC955170A99AB) Only while supervised by Dan Fletcher');
    expect(docs.schedule).toContain('Persons entitled to drive Amelia Fletcher (licence number FLETC955170A99AB) Only while supervised by Dan Fletcher (aged 52, full licence held for 30 years)');
    for (const text of [docs.certificate, docs.schedule]) {
      // A learner's use is social, domestic and pleasure only, whatever was asked.
      for (const l of productLimitations.learner) expect(text).toContain(plain(l));
      expect(text).not.toContain(line('commuting'));
    }
  });

  it('a policy staff set up with no request keeps its product’s own use and names no supervisor', async () => {
    for (const product of products) {
      const policy = await createPolicy({ userId: aliceId, product });
      for (const kind of ['certificate', 'schedule']) {
        const text = plain((await textOf(policy.policyNumber, kind, alice)).text);
        for (const l of productLimitations[product]) expect(text, `${product} ${kind}`).toContain(plain(l));
        expect(text).not.toContain('Only while supervised by');
      }
    }
  });
});

describe('the Statement of Fact', () => {
  it("of a policy issued from a quote request: the customer's answers as the wizard asked them, the acceptance and the declaration", async () => {
    const q = await submitQuote(h, { email: 'sof@example.test', firstName: 'Sofia', lastName: 'Fact', website: '' });
    await priceAndAccept(h, owner, q.id);
    const issued = await json<IssuedPolicyView>(await h.request('POST', `/api/admin/quotes/${q.id}/policy`, { token: owner, body: { licenseNumber: 'FACTS905175S99AA' } }));
    // The acceptance as another member of staff recorded it, at a time of the test's choosing.
    await h.database.client.execute({ sql: "update quote_requests set accepted_at = ?, accepted_via = 'phone', accepted_by = 'olivia' where id = ?", args: [Date.UTC(2026, 6, 1, 9, 15), q.id] });
    const { text } = await textOf(issued.policy.policyNumber, 'statement-of-fact', owner);
    for (const part of [
      'Statement of Fact',
      `Policy number: ${issued.policy.policyNumber}`,
      `Your quote request ${q.reference}, made Wed 1 Jul 2026, 13:00 BST, from which this policy was issued.`,
      'Which cover do you want? Temporary car cover',
      'First name Sofia',
      'Date of birth 17 May 1990',
      'Postcode LS1 4DY',
      'Registration number AB12 CDE',
      'Vehicle value (£) £4,500.50',
      'Where is the vehicle kept overnight? Driveway',
      'Security Alarm & Immobiliser',
      'Cover type Comprehensive',
      'Cover to start Fri 10 Jul 2026, 09:00 BST',
      'Cover length 3 days',
      'Vehicle use Social Domestic and Pleasure plus Commute',
      'Your acceptance Accepted by phone on Wed 1 Jul 2026, 10:15 BST, recorded by olivia.',
    ]) expect(text).toContain(part);
    expect(text.replace(/\s+/g, ' ')).toContain(DECLARATION.slice(0, 60));
    expect(text).not.toContain('Website');
    expect(text).not.toContain(STAFF_TAKEN);
  });

  it('of a policy staff set up directly: the facts recorded on it, and that staff took it', async () => {
    const policy = await createPolicy({ userId: aliceId, holderName: 'Alice Archer', driverName: 'Dan Archer', licenseNumber: 'ARCHE801017DA9AB', carModel: 'Mini Cooper S', registration: 'MN12 OPQ' });
    const { text } = await textOf(policy.policyNumber, 'statement-of-fact', alice);
    for (const part of [STAFF_TAKEN, 'Policyholder Alice Archer', 'Driver Dan Archer (licence number ARCHE801017DA9AB)', 'Vehicle Mini Cooper S', 'Registration MN12 OPQ', 'Product Temporary car cover']) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('Your acceptance');
  });
});

describe('the product summary', () => {
  it("is one page for the policy's product with every IPID question answered, the last line included", async () => {
    for (const product of products) {
      const policy = await createPolicy({ userId: aliceId, product });
      const { pages, text } = await textOf(policy.policyNumber, 'summary', alice);
      expect(pages).toHaveLength(1);
      const summary = productSummaries[product];
      expect(text).toContain(`${summary.title}: product summary`);
      expect(text).toContain('Insurance Product Information Document');
      for (const s of summary.sections) expect(text, `${product}: ${s.heading}`).toContain(s.heading);
      // The last answer of the last question: nothing is cut off the foot of the page.
      const last = summary.sections.at(-1)!.lines.at(-1)!;
      expect(text.replace(/’/g, "'")).toContain(last.replace(/’/g, "'").slice(-40));
      for (const line of productLimitations[product]) expect(text.replace(/’/g, "'")).toContain(line.replace(/’/g, "'"));
      expect(text).not.toMatch(/policy wording/i);
    }
  });
});
