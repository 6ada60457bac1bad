// Staff see instant, referred and declined requests apart (docs/product.md#the-three-answers): the quote queue's
// `decision` filter at both doors, each request's decision, rule and reason in its views, and
// GET /api/admin/stats/decisions counting each decision's requests and those bought (the policy issued from the
// request in force once, or paid). Requests are sent through the public API and priced on the example rates.
import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionCountsView, IssuedPolicyView, QuoteRequestDetailView, QuoteRequestView } from '../../src-server/contract/views';
import { ensureExampleRates } from '../../src-server/modules/pricing';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';
import { expectJson, expectStatus } from './answers';
import { priceAndAccept, submitQuote } from './quote-flow';

let h: Harness;
let admin: string;
let customer: string;

const LICENCE = 'FLETC905175A99AA';
/** Answers the example rates refer (an EU licence) and decline (a criminal conviction). */
const REFERRED = { licenceType: 'EU' };
const DECLINED = { otherConvictions: 'Yes' };

const refs: Record<'instantBought' | 'instantIssued' | 'instantOpen' | 'referredPaid' | 'referredOpen' | 'declined' | 'older', string> = {
  instantBought: '',
  instantIssued: '',
  instantOpen: '',
  referredPaid: '',
  referredOpen: '',
  declined: '',
  older: '',
};

const list = async (query: string) => (await expectJson<QuoteRequestView[]>(h.request('GET', `/api/admin/quotes${query}`, { token: admin }), 200)).map((r) => r.reference).sort();
const issue = (id: number) => expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${id}/policy`, { token: admin, body: { licenseNumber: LICENCE } }), 201);
const pay = (policyId: number, amount: string) => expectStatus(h.request('POST', `/api/admin/policies/${policyId}/payments`, { token: admin, body: { amount, method: 'card-by-phone' } }), 201);

beforeAll(async () => {
  h = await createHarness();
  h.clock.set(T0);
  await h.addUser({ username: 'sam', isAdmin: true });
  await h.addUser({ username: 'cora' });
  admin = await h.tokenFor('sam');
  customer = await h.tokenFor('cora');

  // A request from before the rates: stored with no decision, as the migration left older ones.
  await h.database.client.execute({
    sql: "insert into quote_requests (reference, status, first_name, last_name, email, phone, postcode, details, fingerprint, due_at, created_at, updated_at) values ('QR-OLDER000', 'new', 'Old', 'Request', 'old@example.test', '07700900123', 'LS1 4DY', '{}', 'fp-older', ?, ?, ?)",
    args: [T0 + 3_600_000, T0 - 60_000, T0 - 60_000],
  });
  refs.older = 'QR-OLDER000';
  expect(await ensureExampleRates(h.deps)).toBe(true);

  // Instant: accepted by phone at the price the rates gave, issued and paid in full (in force), issued and unpaid, and open.
  const bought = await submitQuote(h);
  await expectStatus(h.request('POST', `/api/admin/quotes/${bought.id}/acceptance`, { token: admin, body: { confirm: true } }), 200);
  const boughtPolicy = await issue(bought.id);
  const premium = boughtPolicy.policy.premium!;
  await pay(boughtPolicy.policy.id, premium.toFixed(2));
  refs.instantBought = bought.reference;

  const issued = await submitQuote(h, { firstName: 'Iris' });
  await expectStatus(h.request('POST', `/api/admin/quotes/${issued.id}/acceptance`, { token: admin, body: { confirm: true } }), 200);
  await issue(issued.id);
  refs.instantIssued = issued.reference;

  refs.instantOpen = (await submitQuote(h, { firstName: 'Olive' })).reference;

  // Referred: one priced by staff, issued and part paid (still pending, yet bought), and one still waiting.
  const referred = await submitQuote(h, { ...REFERRED, firstName: 'Rhea' });
  await priceAndAccept(h, admin, referred.id, '80.00');
  const referredPolicy = await issue(referred.id);
  await pay(referredPolicy.policy.id, '10.00');
  refs.referredPaid = referred.reference;
  refs.referredOpen = (await submitQuote(h, { ...REFERRED, firstName: 'Ruth' })).reference;

  refs.declined = (await submitQuote(h, { ...DECLINED, firstName: 'Dora' })).reference;
});
afterAll(() => h.close());

describe('the decision filter', () => {
  it('lists only the requests the rates answered so', async () => {
    expect(await list('?decision=instant')).toEqual([refs.instantBought, refs.instantIssued, refs.instantOpen].sort());
    expect(await list('?decision=referred')).toEqual([refs.referredPaid, refs.referredOpen].sort());
    expect(await list('?decision=declined')).toEqual([refs.declined]);
  });

  it('lists every request, those from before the rates too, when blank or left out', async () => {
    const all = Object.values(refs).sort();
    expect(await list('')).toEqual(all);
    expect(await list('?decision=')).toEqual(all);
  });

  it('applies with the status and the search, and counts the filtered total', async () => {
    // Issuing closes the request: of the instant ones, two are closed and one still quoted.
    expect(await list('?decision=instant&status=closed')).toEqual([refs.instantBought, refs.instantIssued].sort());
    expect(await list('?decision=instant&status=open')).toEqual([refs.instantOpen]);
    expect(await list('?decision=referred&search=ruth')).toEqual([refs.referredOpen]);
    const res = await h.request('GET', '/api/admin/quotes?decision=referred&limit=1', { token: admin });
    expect(res.headers.get('x-total-count')).toBe('2');
  });

  it('refuses an unknown decision with 400 naming the choices', async () => {
    const body = await expectJson<ErrorBody>(h.request('GET', '/api/admin/quotes?decision=priced', { token: admin }), 400);
    expect(body.details?.fieldErrors?.['decision']).toEqual(['decision must be one of: instant, referred, declined']);
  });

  it('is the same over tRPC', async () => {
    const page = await h.trpc(admin).admin.quotes.list({ decision: 'declined' });
    expect(page.items.map((r) => r.reference)).toEqual([refs.declined]);
    expect(page.total).toBe(1);
    await expect(h.trpc(admin).admin.quotes.list({ decision: 'nope' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' } satisfies Partial<TRPCError>);
  });
});

describe('each request its decision', () => {
  const row = async (reference: string) => (await expectJson<QuoteRequestView[]>(h.request('GET', `/api/admin/quotes?search=${reference}`, { token: admin }), 200))[0]!;

  it('names the rule and reason of a referred or declined request, and the version of each', async () => {
    const versionId = Number((await h.database.client.execute('select id from rate_versions')).rows[0]!['id']);
    expect(await row(refs.referredOpen)).toMatchObject({
      decision: 'referred',
      decisionRule: 'eu-or-international-licence',
      decisionReason: 'An EU or international licence',
      rateVersionId: versionId,
    });
    expect(await row(refs.declined)).toMatchObject({
      decision: 'declined',
      decisionRule: 'other-convictions',
      decisionReason: 'We cannot cover drivers with criminal (non-motoring) convictions',
      rateVersionId: versionId,
    });
    expect(await row(refs.instantOpen)).toMatchObject({ decision: 'instant', decisionRule: null, decisionReason: null, rateVersionId: versionId });
    expect(await row(refs.older)).toMatchObject({ decision: null, decisionRule: null, decisionReason: null, rateVersionId: null });
  });

  it('shows them in the opened request too', async () => {
    const { id } = await row(refs.referredOpen);
    const detail = await expectJson<QuoteRequestDetailView>(h.request('GET', `/api/admin/quotes/${id}`, { token: admin }), 200);
    expect(detail).toMatchObject({ decision: 'referred', decisionRule: 'eu-or-international-licence', decisionReason: 'An EU or international licence' });
  });
});

describe('GET /api/admin/stats/decisions', () => {
  it('counts each decision and those bought: in force once, or paid', async () => {
    // Instant: the paid-in-full one is bought, the issued-unpaid and open ones are not; referred: the part-paid one is.
    const expected: DecisionCountsView = {
      instant: { requests: 3, bought: 1 },
      referred: { requests: 2, bought: 1 },
      declined: { requests: 1, bought: 0 },
    };
    expect(await expectJson<DecisionCountsView>(h.request('GET', '/api/admin/stats/decisions', { token: admin }), 200)).toEqual(expected);
    expect(await h.trpc(admin).admin.decisionCounts()).toEqual(expected);
  });

  it('counts a policy that was in force once though it has ended', async () => {
    // The issued-unpaid instant policy, put in force and cancelled by hand: in force once is bought.
    await h.database.client.execute({ sql: "update policies set in_force_at = ?, status = 'cancelled' where id = (select policy_id from quote_requests where reference = ?)", args: [T0, refs.instantIssued] });
    const counts = await json<DecisionCountsView>(await h.request('GET', '/api/admin/stats/decisions', { token: admin }));
    expect(counts.instant).toEqual({ requests: 3, bought: 2 });
  });

  it('is staff only', async () => {
    await expectStatus(h.request('GET', '/api/admin/stats/decisions', { token: customer }), 403);
    await expectStatus(h.request('GET', '/api/admin/stats/decisions'), 401);
  });
});
