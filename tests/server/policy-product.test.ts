// A policy's product and premium and the status cancelled (docs/product.md#policies, docs/api.md#shapes):
// the same defaults, values and field messages at the REST and the tRPC door, on create and on update; when
// cover ended (ended_at); the trigger-kept counters with cancelled and per product; the expiry sweep; the
// admin search by product name beside the unchanged text search.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src-server/contract/messages';
import { moneyMessages } from '../../src-server/contract/money';
import { products } from '../../src-server/contract/products';
import { policyView, type AdminStats, type PolicyView } from '../../src-server/contract/views';
import { auditLogs, counters, policies } from '../../src-server/platform/db/schema/index';
import { productNamedBy, sweepExpiredPolicies } from '../../src-server/modules/policies/policies/service';
import { createHarness, json, T0, validPolicy, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';

let h: Harness;
let adminToken: string;
let customerId: number;
let customerToken: string;

const PRODUCT_MESSAGE = 'Product must be one of: temporary, learner, business';
const STATUS_MESSAGE = 'Status must be active, expired, pending or cancelled';
const HOUR = 3_600_000;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'prodadmin', isAdmin: true });
  customerId = await h.addUser({ username: 'prodcustomer' });
  adminToken = await h.tokenFor('prodadmin');
  customerToken = await h.tokenFor('prodcustomer');
});
afterAll(async () => {
  await h?.close();
});

// ---- helpers --------------------------------------------------------------------------------------

type Door = 'REST' | 'tRPC';
const DOORS: Door[] = ['REST', 'tRPC'];

/** Creates through one door over HTTP, answering the status and the body (a view, or the error's field messages). */
async function createVia(door: Door, body: Record<string, unknown>): Promise<{ status: number; view?: PolicyView; fieldErrors?: Record<string, string[]> }> {
  if (door === 'REST') {
    const res = await h.request('POST', '/api/admin/policies', { token: adminToken, body });
    if (res.status === 201) return { status: 201, view: await json<PolicyView>(res) };
    return { status: res.status, fieldErrors: (await json<ErrorBody>(res)).details?.fieldErrors };
  }
  const res = await h.request('POST', '/trpc/admin.policies.create', { token: adminToken, body });
  const answer = await json<{ result?: { data: PolicyView }; error?: { data: { details?: { fieldErrors?: Record<string, string[]> } } } }>(res);
  return { status: res.status, view: answer.result?.data, fieldErrors: answer.error?.data.details?.fieldErrors };
}

async function updateVia(door: Door, id: number, body: Record<string, unknown>): Promise<{ status: number; view?: PolicyView; fieldErrors?: Record<string, string[]> }> {
  if (door === 'REST') {
    const res = await h.request('PUT', `/api/admin/policies/${id}`, { token: adminToken, body });
    if (res.status === 200) return { status: 200, view: await json<PolicyView>(res) };
    return { status: res.status, fieldErrors: (await json<ErrorBody>(res)).details?.fieldErrors };
  }
  const res = await h.request('POST', '/trpc/admin.policies.update', { token: adminToken, body: { id, data: body } });
  const answer = await json<{ result?: { data: PolicyView }; error?: { data: { details?: { fieldErrors?: Record<string, string[]> } } } }>(res);
  return { status: res.status, view: answer.result?.data, fieldErrors: answer.error?.data.details?.fieldErrors };
}

async function create(overrides: Record<string, unknown> = {}): Promise<PolicyView> {
  const { status, view } = await createVia('REST', { ...validPolicy, ...overrides });
  expect(status).toBe(201);
  return view!;
}

async function update(id: number, body: Record<string, unknown>): Promise<PolicyView> {
  const { status, view } = await updateVia('REST', id, body);
  expect(status).toBe(200);
  return view!;
}

async function row(id: number) {
  const [r] = await h.database.db.select().from(policies).where(eq(policies.id, id));
  return r!;
}

async function policyCount(): Promise<number> {
  return (await h.database.db.select({ n: count() }).from(policies))[0]!.n;
}

async function stats(): Promise<AdminStats> {
  return json<AdminStats>(await h.request('GET', '/api/admin/stats', { token: adminToken }));
}

/** The counters as stored, and as count(*) says they should be. */
async function countersAndTruth() {
  const stored = Object.fromEntries((await h.database.db.select().from(counters)).map((r) => [r.name, r.value]));
  const n = async (where?: ReturnType<typeof eq>) => (await h.database.db.select({ n: count() }).from(policies).where(where))[0]!.n;
  const truth: Record<string, number> = { policies: await n(), policies_active: await n(eq(policies.status, 'active')) };
  for (const p of products) truth[`policies_product_${p}`] = await n(eq(policies.product, p));
  return { stored: Object.fromEntries(Object.keys(truth).map((k) => [k, stored[k]])), truth };
}

async function entries(action: string) {
  return h.database.db.select().from(auditLogs).where(eq(auditLogs.action, action));
}

// ---- product and premium at both doors ------------------------------------------------------------

describe.each(DOORS)('product and premium through the %s door', (door) => {
  it('default to temporary cover with no premium when a caller names neither (a SPEC §7 client)', async () => {
    const { status: _s, ...spec } = validPolicy;
    const made = await createVia(door, spec);
    expect(made.status, JSON.stringify(made)).toBe(door === 'REST' ? 201 : 200);
    expect(made.view).toMatchObject({ product: 'temporary', premium: null, status: 'active' });
    expect(policyView.parse(made.view)).toEqual(made.view);
    expect(await row(made.view!.id)).toMatchObject({ product: 'temporary', premiumPence: null });
  });

  it.each(products.map((p) => [p]))('stores product %s and answers it everywhere the policy is shown', async (product) => {
    const made = await createVia(door, { ...validPolicy, userId: customerId, product, premium: 42.5 });
    expect(made.view).toMatchObject({ product, premium: 42.5 });
    const listed = await json<PolicyView[]>(await h.request('GET', `/api/admin/policies?search=${made.view!.policyNumber}`, { token: adminToken }));
    expect(listed).toEqual([made.view]);
    // The customer's hot path (SQL-built JSON) and the tRPC query answer the same.
    const mine = await json<PolicyView[]>(await h.request('GET', '/api/user/policies', { token: customerToken }));
    expect(mine.find((p) => p.id === made.view!.id)).toEqual(made.view);
    expect((await h.trpc(customerToken).policies.mine()).find((p) => p.id === made.view!.id)).toEqual(made.view);
  });

  it.each([
    [19, 19, 1900],
    ['19', 19, 1900],
    ['£19', 19, 1900],
    ['£1,234.50', 1234.5, 123450],
    ['1,234.5', 1234.5, 123450],
    [' £25.00 ', 25, 2500],
    [0, 0, 0],
    ['0.01', 0.01, 1],
    [0.1, 0.1, 10],
    [99.99, 99.99, 9999],
    [100_000, 100_000, 10_000_000],
    ['', null, null],
    [null, null, null],
  ])('reads premium %o as £%o (kept as %o pence)', async (premium, pounds, pence) => {
    const made = await createVia(door, { ...validPolicy, premium });
    expect(made.view?.premium, JSON.stringify(made)).toBe(pounds);
    expect((await row(made.view!.id)).premiumPence).toBe(pence);
  });

  it.each([
    ['12.345', moneyMessages.pence],
    [12.345, moneyMessages.pence],
    ['£0.001', moneyMessages.pence],
    ['-5', moneyMessages.negative],
    [-5, moneyMessages.negative],
    ['abc', moneyMessages.invalid],
    ['1.2.3', moneyMessages.invalid],
    ['1e3', moneyMessages.invalid],
    ['100000.01', 'Enter an amount up to £100,000'],
    [1e21, moneyMessages.invalid],
    [true, moneyMessages.invalid],
    [{ pounds: 5 }, moneyMessages.invalid],
  ])('refuses premium %o with 400 and the field message %o, writing nothing', async (premium, message) => {
    const before = await policyCount();
    const made = await createVia(door, { ...validPolicy, premium });
    expect(made.status).toBe(400);
    expect(made.fieldErrors).toEqual({ premium: [message] });
    expect(await policyCount()).toBe(before);
  });

  it.each([['lifetime'], ['Learner'], [''], [null], [3]])('refuses product %o with 400 and the field message, writing nothing', async (product) => {
    const before = await policyCount();
    const made = await createVia(door, { ...validPolicy, product });
    expect(made.status).toBe(400);
    expect(made.fieldErrors).toEqual({ product: [PRODUCT_MESSAGE] });
    expect(await policyCount()).toBe(before);
  });

  it.each([['canceled'], ['Cancelled'], ['ended']])('refuses status %o with 400 and the field message', async (status) => {
    const made = await createVia(door, { ...validPolicy, status });
    expect(made.status).toBe(400);
    expect(made.fieldErrors).toEqual({ status: [STATUS_MESSAGE] });
  });

  it('updates product, premium and status, and refuses bad ones on update with the same messages, changing nothing', async () => {
    const p = await create({ product: 'temporary', premium: 19 });
    const changed = await updateVia(door, p.id, { ...validPolicy, product: 'business', premium: '£2,000', status: 'cancelled', reason: 'At the customer\'s request' });
    expect(changed.view).toMatchObject({ id: p.id, policyNumber: p.policyNumber, product: 'business', premium: 2000, status: 'cancelled' });
    const before = await row(p.id);
    const bad = await updateVia(door, p.id, { ...validPolicy, product: 'hire', premium: '9.999', status: 'lapsed' });
    expect(bad.status).toBe(400);
    expect(bad.fieldErrors).toEqual({ product: [PRODUCT_MESSAGE], premium: [moneyMessages.pence], status: [STATUS_MESSAGE] });
    expect(await row(p.id)).toEqual(before);
  });

  it("an update from a caller that knows nothing of products keeps the policy's product and premium (status is a field it sends)", async () => {
    const p = await create({ product: 'learner', premium: 80, status: 'pending' });
    const { status: _s, ...spec } = validPolicy;
    const replaced = await updateVia(door, p.id, spec);
    expect(replaced.view).toMatchObject({ product: 'learner', premium: 80, status: 'active' });
    // A blank premium (the console's cleared field) or null removes it; a named product replaces it.
    const cleared = await updateVia(door, p.id, { ...spec, product: 'business', premium: '' });
    expect(cleared.view).toMatchObject({ product: 'business', premium: null });
    const again = await updateVia(door, p.id, { ...spec, premium: 12.5 });
    expect(again.view).toMatchObject({ product: 'business', premium: 12.5 });
    expect((await updateVia(door, p.id, { ...spec, premium: null })).view).toMatchObject({ premium: null });
  });
});

describe('the audit log keeps its form', () => {
  // docs/product.md#policy-history: the update's entry names what changed.
  it("logs 'Created new policy: {number}' and 'Updated policy: {number}: {changes}' for product, premium and cancelled, once each", async () => {
    const p = await create({ product: 'learner', premium: 55 });
    expect((await entries(`Created new policy: ${p.policyNumber}`)).map((e) => e.username)).toEqual(['prodadmin']);
    await update(p.id, { ...validPolicy, product: 'business', premium: null, status: 'cancelled', reason: 'At the customer\'s request' });
    const updated = `Updated policy: ${p.policyNumber}: status active -> cancelled; product learner -> business; premium £55.00 -> none`;
    expect((await entries(updated)).map((e) => e.username)).toEqual(['prodadmin']);
    expect((await entries(updated))[0]!.level).toBe('info');
  });
});

// ---- when cover ended -----------------------------------------------------------------------------

describe('ended_at: when cover ended', () => {
  // Harness time T0 is 2026-07-01 12:00 UTC (13:00 BST); validPolicy runs 1 July 09:00 to 8 July 23:59 BST.
  const END = Date.UTC(2026, 6, 8, 22, 59);
  const past = { startDate: '2026-06-01', startTime: '09:00', endDate: '2026-06-10', endTime: '17:00' };
  const PAST_END = Date.UTC(2026, 5, 10, 16, 0);

  it('is empty for active and pending cover', async () => {
    for (const status of ['active', 'pending']) expect((await row((await create({ status })).id)).endedAt, status).toBeNull();
  });

  it('cancelled early: now; kept while it stays ended (also as expired); cleared when set active again', async () => {
    const p = await create();
    h.clock.set(T0 + HOUR);
    try {
      await update(p.id, { ...validPolicy, status: 'cancelled', reason: 'At the customer\'s request' });
      expect((await row(p.id)).endedAt).toBe(T0 + HOUR);
      // Later edits of a still-ended policy keep the moment it ended, whichever ended status it carries.
      h.clock.set(T0 + 5 * HOUR);
      await update(p.id, { ...validPolicy, status: 'cancelled', holderName: 'Renamed Holder' });
      expect((await row(p.id)).endedAt).toBe(T0 + HOUR);
      await update(p.id, { ...validPolicy, status: 'expired' });
      expect((await row(p.id)).endedAt).toBe(T0 + HOUR);
      // Back to active: not ended any more.
      await update(p.id, { ...validPolicy, status: 'active' });
      expect((await row(p.id)).endedAt).toBeNull();
    } finally {
      h.clock.set(T0);
    }
  });

  it('expired (or cancelled) after its end: the end, not the moment staff pressed the button', async () => {
    const p = await create({ ...past, status: 'active' });
    await update(p.id, { ...validPolicy, ...past, status: 'expired' });
    expect((await row(p.id)).endedAt).toBe(PAST_END);
    const q = await create({ ...past, status: 'cancelled' });
    expect((await row(q.id)).endedAt).toBe(PAST_END);
  });

  it('expired by staff before its end: now', async () => {
    const p = await create({ status: 'expired' });
    expect((await row(p.id)).endedAt).toBe(T0);
    expect(T0).toBeLessThan(END);
  });

  it('moves with the end when staff bring an ended policy’s end forward past the recorded moment', async () => {
    const p = await create({ status: 'cancelled' });
    expect((await row(p.id)).endedAt).toBe(T0);
    await update(p.id, { ...validPolicy, status: 'cancelled', startDate: '2026-06-20', endDate: '2026-06-30', endTime: '10:00' });
    expect((await row(p.id)).endedAt).toBe(Date.UTC(2026, 5, 30, 9, 0));
  });

  it('follows the same rules through tRPC', async () => {
    const admin = h.trpc(adminToken).admin.policies;
    const p = await admin.create({ ...validPolicy, product: 'learner' });
    await admin.update({ id: p.id, data: { ...validPolicy, product: 'learner', status: 'cancelled', reason: 'At the customer\'s request' } });
    expect((await row(p.id)).endedAt).toBe(T0);
    await admin.update({ id: p.id, data: { ...validPolicy, product: 'learner', status: 'active' } });
    expect((await row(p.id)).endedAt).toBeNull();
  });
});

// ---- counters -------------------------------------------------------------------------------------

describe('trigger-kept counters with cancelled and per product', () => {
  it('count only active as active, and each product apart, through creates, status and product changes and deletes', async () => {
    const s0 = await stats();
    const a = await create({ status: 'active', product: 'learner' });
    const c = await create({ status: 'cancelled', product: 'business' });
    expect(await stats()).toMatchObject({ totalPolicies: s0.totalPolicies + 2, activePolicies: s0.activePolicies + 1 });

    await update(a.id, { ...validPolicy, status: 'cancelled', product: 'learner', reason: 'At the customer\'s request' });
    expect((await stats()).activePolicies).toBe(s0.activePolicies);
    await update(c.id, { ...validPolicy, status: 'active', product: 'temporary' });
    expect((await stats()).activePolicies).toBe(s0.activePolicies + 1);
    let { stored, truth } = await countersAndTruth();
    expect(stored).toEqual(truth);

    // Direct writes are followed too: the triggers keep the totals, not the service.
    await h.database.db.update(policies).set({ product: 'business' }).where(eq(policies.id, a.id));
    await h.database.db.update(policies).set({ status: 'cancelled' }).where(eq(policies.status, 'active'));
    await h.database.db.run(sql`DELETE FROM policies WHERE id = ${c.id}`);
    ({ stored, truth } = await countersAndTruth());
    expect(stored).toEqual(truth);
    expect((await stats()).activePolicies).toBe(0);
  });
});

// ---- the expiry sweep -----------------------------------------------------------------------------

describe('the expiry sweep with cancelled and pending cover', () => {
  it('moves only active past-end policies to expired, at their end, and logs each; cancelled, pending and expired stay as they are', async () => {
    const base = { startDate: '2026-07-01', startTime: '09:00', endDate: '2026-07-01', endTime: '12:30' }; // 11:30 UTC: over at T0
    const active = await create({ ...base, status: 'active' });
    const cancelled = await create({ ...base, status: 'cancelled' });
    const pending = await create({ ...base, status: 'pending' });
    const expired = await create({ ...base, status: 'expired' });
    const running = await create({ status: 'active' });
    const before = await Promise.all([cancelled, pending, expired, running].map((p) => row(p.id)));

    // Swept two hours later: ended_at is the end itself, never the sweep's time.
    h.clock.set(T0 + 2 * HOUR);
    try {
      expect(await sweepExpiredPolicies(h.deps)).toBe(1);
      expect(await row(active.id)).toMatchObject({ status: 'expired', endedAt: Date.UTC(2026, 6, 1, 11, 30), updatedAt: T0 + 2 * HOUR });
      expect(await Promise.all([cancelled, pending, expired, running].map((p) => row(p.id)))).toEqual(before);
      expect(await entries(`Policy expired: ${active.policyNumber}`)).toHaveLength(1);
      for (const p of [cancelled, pending, expired, running]) expect(await entries(`Policy expired: ${p.policyNumber}`)).toEqual([]);
      expect(await sweepExpiredPolicies(h.deps)).toBe(0);
      const { stored, truth } = await countersAndTruth();
      expect(stored).toEqual(truth);
    } finally {
      h.clock.set(T0);
    }
  });
});

// ---- search by product ----------------------------------------------------------------------------

describe('the admin search by product', () => {
  let search: Harness;
  let token: string;
  const made: Record<string, number[]> = { temporary: [], learner: [], business: [] };
  let tomLearner: number;

  beforeAll(async () => {
    search = await createHarness();
    await search.addUser({ username: 'searchadmin', isAdmin: true });
    token = await search.tokenFor('searchadmin');
    // Pending (never in force), so that one can be deleted below (docs/product.md#policies).
    const plan = ['learner', 'temporary', 'business', 'learner', 'learner', 'temporary', 'business', 'learner'] as const;
    for (const [i, product] of plan.entries()) {
      const res = await search.request('POST', '/api/admin/policies', { token, body: { ...validPolicy, status: 'pending', product, holderName: `Product Holder ${i}` } });
      made[product]!.push((await json<PolicyView>(res)).id);
    }
    // A temporary policy whose holder's surname is a product's name.
    tomLearner = (await json<PolicyView>(await search.request('POST', '/api/admin/policies', { token, body: { ...validPolicy, holderName: 'Tom Learner' } }))).id;
    made['temporary']!.push(tomLearner);
  });
  afterAll(async () => {
    await search?.close();
  });

  async function find(term: string, page = '') {
    const res = await search.request('GET', `/api/admin/policies?limit=100&search=${encodeURIComponent(term)}${page}`, { token });
    expect(res.status).toBe(200);
    return { ids: (await json<PolicyView[]>(res)).map((p) => p.id), total: Number(res.headers.get('x-total-count')) };
  }
  const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);

  it.each([
    ['learner', 'learner'],
    ['LEARNER', 'learner'],
    ['  Learner driver cover ', 'learner'],
    ['learner   driver', 'learner'],
    ['business', 'business'],
    ['Business use cover', 'business'],
    ['business use', 'business'],
    ['temporary', 'temporary'],
    ['Temporary car cover', 'temporary'],
    ['TEMPORARY CAR', 'temporary'],
  ])("'%s' lists the %s policies, newest first, with their total", async (term, product) => {
    expect(productNamedBy(term)).toBe(product);
    expect(await find(term)).toEqual({ ids: newestFirst(made[product]!), total: made[product]!.length });
  });

  it('pages a product newest first with the whole total, and tRPC answers the same page', async () => {
    const learners = newestFirst(made['learner']!);
    const res = await search.request('GET', '/api/admin/policies?limit=2&offset=2&search=learner', { token });
    expect((await json<PolicyView[]>(res)).map((p) => p.id)).toEqual(learners.slice(2, 4));
    expect(res.headers.get('x-total-count')).toBe(String(learners.length));
    const page = await search.trpc(token).admin.policies.list({ limit: 2, offset: 2, search: 'Learner driver cover' });
    expect({ ids: page.items.map((p) => p.id), total: page.total }).toEqual({ ids: learners.slice(2, 4), total: learners.length });
  });

  it('keeps the total right as products change and policies go', async () => {
    const moved = made['business']![0]!;
    await search.request('PUT', `/api/admin/policies/${moved}`, { token, body: { ...validPolicy, status: 'pending', product: 'learner' } });
    expect((await find('learner')).total).toBe(made['learner']!.length + 1);
    expect((await find('business')).total).toBe(made['business']!.length - 1);
    await search.request('DELETE', `/api/admin/policies/${moved}`, { token });
    expect((await find('learner')).total).toBe(made['learner']!.length);
    made['business']!.shift();
  });

  it('other terms search the text as before: a part of a product name, or a name that contains one', async () => {
    expect(productNamedBy('learn')).toBeUndefined();
    expect(productNamedBy('learner cover')).toBeUndefined();
    // A product's name means the product: Tom Learner's temporary cover is not among the learners ...
    expect((await find('learner')).ids).not.toContain(tomLearner);
    // ... and is found by his name, as any text is: trigram search for 3+ characters, LIKE below.
    expect(await find('Tom Learner')).toEqual({ ids: [tomLearner], total: 1 });
    expect(await find('learn')).toEqual({ ids: [tomLearner], total: 1 });
    expect((await find('om')).ids).toContain(tomLearner);
    expect(await find('Product Holder 3')).toEqual({ ids: [made['learner']![1]], total: 1 }); // the second learner made
    expect((await find('product holder')).total).toBe(8 - 1);
  });
});

describe('refused requests and their doors', () => {
  it('a customer cannot create a learner policy, and nothing is written', async () => {
    const before = await policyCount();
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/admin/policies', { token: customerToken, body: { ...validPolicy, product: 'learner' } }), 403)).error).toBe(messages.forbidden);
    expect(await policyCount()).toBe(before);
  });
});
