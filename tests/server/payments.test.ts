// Payments and cover in force only once paid (docs/product.md#payments): staff record payments against a policy
// (POST/GET /api/admin/policies/{id}/payments, admin.policies.recordPayment / payments) with who and when and an audit
// entry; bad input (£0, over £100,000, an unknown method, a long reference) is a 400 writing nothing. The payment that
// covers the premium of a pending policy issued from a quote request makes it active in the same transaction (a
// version 'paid in full', the start moved to the payment when it has passed, the confirmation e-mailed with the
// certificate); the edit form cannot put such a policy in force before then (409).
import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedPolicyView, PolicyPaymentsView, PolicyVersionView, PolicyView, RecordedPaymentView } from '../../src-server/contract/views';
import { createHarness, json, T0, validPolicy, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { readingOrder } from './pdf-reader';
import { acceptedQuote, logsMentioning, mailsTo } from './quote-flow';

let h: Harness;
let admin: string;
let customer: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'sam', isAdmin: true });
  await h.addUser({ username: 'cora' });
  admin = await h.tokenFor('sam');
  customer = await h.tokenFor('cora');
});
afterAll(() => h.close());

const LICENCE = 'FLETC905175A99AA';
const pay = (id: number | string, body: unknown, token: string | null = admin) =>
  h.request('POST', `/api/admin/policies/${id}/payments`, { token: token ?? undefined, body });
const payments = async (id: number) => json<PolicyPaymentsView>(await h.request('GET', `/api/admin/policies/${id}/payments`, { token: admin }));

/** A pending policy issued from an accepted quote of £64.50 (10 Jul 2026 09:00 BST for 3 days). */
async function issuedPolicy(email: string): Promise<IssuedPolicyView> {
  const q = await acceptedQuote(h, admin, { email });
  return expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${q.id}/policy`, { token: admin, body: { licenseNumber: LICENCE } }), 201);
}

async function policyRow(id: number) {
  return (await h.database.client.execute({ sql: 'select status, start_date, start_time, start_at, in_force_at from policies where id = ?', args: [id] })).rows[0]!;
}

/** What a refused call must leave as it was. */
async function writes(): Promise<string> {
  const rs = await h.database.client.execute(
    "select (select count(*) from policy_payments) pp, (select count(*) from audit_logs) a, (select count(*) from policy_versions) v, (select count(*) from mail_outbox) m, (select group_concat(status) from policies) p",
  );
  return JSON.stringify(rs.rows[0]);
}

describe('a policy from a quote, paid in two parts', () => {
  let issued: IssuedPolicyView;
  let id: number;

  beforeAll(async () => {
    h.clock.set(T0);
    issued = await issuedPolicy('two.parts@example.test');
    id = issued.policy.id;
  });

  it('starts pending, with nothing paid', async () => {
    expect(issued.policy.status).toBe('pending');
    expect(await payments(id)).toEqual({ items: [], paid: 0, premium: 64.5, balance: 64.5 });
  });

  it('refuses bad input with 400 and a clear message, writing nothing', async () => {
    const before = await writes();
    const cases: [unknown, string, string][] = [
      [{ amount: '£0', method: 'card-by-phone' }, 'amount', 'Enter an amount above £0.00'],
      [{ amount: 0, method: 'card-by-phone' }, 'amount', 'Enter an amount above £0.00'],
      [{ amount: '£100,000.01', method: 'card-by-phone' }, 'amount', 'Enter an amount up to £100,000'],
      [{ amount: '-5', method: 'card-by-phone' }, 'amount', 'Enter an amount of 0 or more'],
      [{ amount: '1.234', method: 'card-by-phone' }, 'amount', 'Enter pounds and pence with at most two decimal places'],
      [{ amount: 'ten', method: 'card-by-phone' }, 'amount', 'Enter an amount in pounds, such as 4500 or 4500.50'],
      [{ method: 'card-by-phone' }, 'amount', 'Enter the amount paid in pounds'],
      [{ amount: 10, method: 'cash' }, 'method', 'Method must be one of: card-by-phone, bank-transfer, other'],
      [{ amount: 10 }, 'method', 'Method must be one of: card-by-phone, bank-transfer, other'],
      [{ amount: 10, method: 'other', reference: 'x'.repeat(65) }, 'reference', 'Reference must be at most 64 characters on one line'],
      [{ amount: 10, method: 'other', reference: 'two\nlines' }, 'reference', 'Reference must be at most 64 characters on one line'],
    ];
    for (const [body, field, message] of cases) {
      const res = await pay(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await writes()).toBe(before);
  });

  it('records a part payment with who and when, logged; the policy stays pending and no version is made', async () => {
    h.clock.set(T0 + 60_000);
    const versions = (await h.database.client.execute({ sql: 'select count(*) n from policy_versions where policy_id = ?', args: [id] })).rows[0]!['n'];
    const recorded = await expectJson<RecordedPaymentView>(pay(id, { amount: '£45', method: 'card-by-phone', reference: '  TERM-0042  ' }), 201);
    expect(recorded.activated).toBe(false);
    expect(recorded.policy).toMatchObject({ id, status: 'pending' });
    expect(recorded.payments).toEqual({
      items: [{ id: expect.any(Number), amount: 45, method: 'card-by-phone', reference: 'TERM-0042', at: new Date(T0 + 60_000).toISOString(), username: 'sam' }],
      paid: 45,
      premium: 64.5,
      balance: 19.5,
    });
    expect(await logsMentioning(h, `Payment recorded for ${issued.policy.policyNumber}`)).toEqual([
      { action: `Payment recorded for ${issued.policy.policyNumber}: £45.00 by card by phone (ref TERM-0042)`, username: 'sam' },
    ]);
    expect((await h.database.client.execute({ sql: 'select count(*) n from policy_versions where policy_id = ?', args: [id] })).rows[0]!['n']).toBe(versions);
  });

  it('the edit form cannot make it active before it is paid: 409, nothing changed', async () => {
    const before = await writes();
    const body = { ...validPolicy, holderName: 'Amelia Fletcher', driverName: 'Amelia Fletcher', licenseNumber: LICENCE, startDate: '2026-07-10', endDate: '2026-07-13', status: 'active', userId: issued.user.id };
    for (const status of ['active', 'expired']) {
      expect(await expectJson(h.request('PUT', `/api/admin/policies/${id}`, { token: admin, body: { ...body, status } }), 409)).toEqual({
        error: 'This policy was issued from a quote and becomes active only once payments cover its premium: record the payment instead',
      });
    }
    expect(await writes()).toBe(before);
    const trpc = (await h.trpc(admin).admin.policies.update({ id, data: { ...body, status: 'active' } }).catch((e: unknown) => e)) as TRPCError;
    expect(trpc.code).toBe('CONFLICT');
    // Other edits of the pending policy are fine.
    expect((await h.request('PUT', `/api/admin/policies/${id}`, { token: admin, body: { ...body, status: 'pending', carModel: 'Ford Ka' } })).status).toBe(200);
  });

  it('the payment that covers the premium makes it active, with a version and an audit entry, and e-mails the confirmation with the certificate', async () => {
    h.clock.set(T0 + 120_000);
    const recorded = await expectJson<RecordedPaymentView>(pay(id, { amount: 19.5, method: 'bank-transfer' }), 201);
    expect(recorded.activated).toBe(true);
    expect(recorded.policy).toMatchObject({ id, status: 'active', startDate: '2026-07-10', startTime: '09:00' });
    expect(recorded.payments).toMatchObject({ paid: 64.5, premium: 64.5, balance: 0 });
    expect(recorded.payments.items.map((p) => [p.amount, p.method, p.reference])).toEqual([
      [19.5, 'bank-transfer', null],
      [45, 'card-by-phone', 'TERM-0042'],
    ]);
    expect(await policyRow(id)).toMatchObject({ status: 'active', in_force_at: T0 + 120_000 });
    const history = await json<PolicyVersionView[]>(await h.request('GET', `/api/admin/policies/${id}/history`, { token: admin }));
    expect(history[0]).toMatchObject({ username: 'sam', reason: 'paid in full', changes: [{ field: 'status', from: 'pending', to: 'active' }] });
    const logs = await logsMentioning(h, issued.policy.policyNumber);
    expect(logs.slice(-2)).toEqual([
      { action: `Payment recorded for ${issued.policy.policyNumber}: £19.50 by bank transfer`, username: 'sam' },
      { action: `Updated policy: ${issued.policy.policyNumber}: status pending -> active`, username: 'sam' },
    ]);
    const confirmation = (await mailsTo(h, 'two.parts@example.test')).find((m) => m.subject === `Kerbside Cover: your cover is confirmed, ${issued.policy.policyNumber}`);
    expect(confirmation).toBeDefined();
    expect(confirmation!.text).toContain('Your cover is confirmed: thank you for your payment.');
    expect(confirmation!.text).toContain('in force from Fri 10 Jul 2026, 09:00 BST');
    expect(confirmation!.text).toContain(`Your policy documents are attached (${issued.policy.policyNumber}_certificate.pdf, `);
    expect(confirmation!.attachments.map((a) => a.filename)).toEqual(
      ['certificate', 'schedule', 'statement-of-fact', 'summary'].map((kind) => `${issued.policy.policyNumber}_${kind}.pdf`),
    );
    const pdf = Buffer.from(confirmation!.attachments[0]!.contentBase64, 'base64');
    expect(readingOrder(new Uint8Array(pdf))).toContain(issued.policy.policyNumber);
    // Sold cover is a record for good.
    expect((await h.request('DELETE', `/api/admin/policies/${id}`, { token: admin })).status).toBe(409);
  });

  it('a later payment records only itself: no second activation or e-mail', async () => {
    const mails = (await mailsTo(h, 'two.parts@example.test')).length;
    const recorded = await json<RecordedPaymentView>(await pay(id, { amount: 5, method: 'other', reference: 'adjustment' }));
    expect(recorded).toMatchObject({ activated: false, policy: { status: 'active' }, payments: { paid: 69.5, balance: -5 } });
    expect((await mailsTo(h, 'two.parts@example.test')).length).toBe(mails);
  });
});

describe('paid after the start has passed', () => {
  it('moves the start to the minute of payment: cover never starts before it is paid, and the version says so', async () => {
    h.clock.set(T0);
    const issued = await issuedPolicy('late.payer@example.test');
    // 11 Jul 2026 10:30:15 BST, a day after the requested start.
    const paidAt = Date.UTC(2026, 6, 11, 9, 30, 15);
    h.clock.set(paidAt);
    // A session of that day: the one from 1 July has lapsed.
    const later = await h.tokenFor('sam');
    const recorded = await json<RecordedPaymentView>(await pay(issued.policy.id, { amount: '64.50', method: 'card-by-phone' }, later));
    expect(recorded.policy).toMatchObject({ status: 'active', startDate: '2026-07-11', startTime: '10:30', endDate: '2026-07-13', endTime: '09:00' });
    expect(Number((await policyRow(issued.policy.id))['start_at'])).toBe(Date.UTC(2026, 6, 11, 9, 30));
    const [latest] = await json<PolicyVersionView[]>(await h.request('GET', `/api/admin/policies/${issued.policy.id}/history`, { token: later }));
    expect(latest).toMatchObject({ reason: 'paid in full' });
    expect(latest!.changes).toEqual([
      { field: 'start', from: '10 Jul 2026 09:00', to: '11 Jul 2026 10:30' },
      { field: 'status', from: 'pending', to: 'active' },
    ]);
    h.clock.set(T0);
  });

  it('leaves cover whose end has passed unpaid pending, for staff to settle', async () => {
    h.clock.set(T0);
    const issued = await issuedPolicy('too.late@example.test');
    h.clock.set(Date.UTC(2026, 6, 14));
    const recorded = await json<RecordedPaymentView>(await pay(issued.policy.id, { amount: '64.50', method: 'card-by-phone' }, await h.tokenFor('sam')));
    expect(recorded).toMatchObject({ activated: false, policy: { status: 'pending' }, payments: { paid: 64.5, balance: 0 } });
    h.clock.set(T0);
  });
});

describe('a policy staff made by hand (not from a quote)', () => {
  it('takes payments without changing its status, and its status stays staff’s to set', async () => {
    h.clock.set(T0);
    const created = await json<PolicyView>(await h.request('POST', '/api/admin/policies', { token: admin, body: { ...validPolicy, status: 'pending', premium: 30 } }));
    const recorded = await json<RecordedPaymentView>(await pay(created.id, { amount: 30, method: 'card-by-phone' }));
    expect(recorded).toMatchObject({ activated: false, policy: { status: 'pending' }, payments: { paid: 30, balance: 0 } });
    expect((await h.request('PUT', `/api/admin/policies/${created.id}`, { token: admin, body: { ...validPolicy, status: 'active' } })).status).toBe(200);
    const unpaid = await json<PolicyView>(await h.request('POST', '/api/admin/policies', { token: admin, body: { ...validPolicy, premium: null } }));
    expect(await payments(unpaid.id)).toEqual({ items: [], paid: 0, premium: null, balance: null });
  });
});

describe('who may, and over tRPC', () => {
  it('answers 404 for no such policy and 400 for an id that cannot be one', async () => {
    expect((await pay(987_654, { amount: 10, method: 'other' })).status).toBe(404);
    expect((await h.request('GET', '/api/admin/policies/987654/payments', { token: admin })).status).toBe(404);
    expect((await pay('1e3', { amount: 10, method: 'other' })).status).toBe(400);
  });

  it('is for staff only: 401 signed out, 403 for a customer, at both doors, writing nothing', async () => {
    h.clock.set(T0);
    const issued = await issuedPolicy('guarded.payment@example.test');
    const before = await writes();
    expect((await pay(issued.policy.id, { amount: 64.5, method: 'other' }, null)).status).toBe(401);
    expect((await pay(issued.policy.id, { amount: 64.5, method: 'other' }, customer)).status).toBe(403);
    expect((await h.request('GET', `/api/admin/policies/${issued.policy.id}/payments`, { token: customer })).status).toBe(403);
    const trpc = (await h.trpc(customer).admin.policies.recordPayment({ id: issued.policy.id, amount: 64.5, method: 'other' }).catch((e: unknown) => e)) as TRPCError;
    expect(trpc.code).toBe('FORBIDDEN');
    expect(await writes()).toBe(before);
  });

  it('admin.policies.recordPayment and admin.policies.payments answer the same views', async () => {
    h.clock.set(T0);
    const issued = await issuedPolicy('trpc.payment@example.test');
    const refused = (await h.trpc(admin).admin.policies.recordPayment({ id: issued.policy.id, amount: '£0', method: 'other' }).catch((e: unknown) => e)) as TRPCError;
    expect(refused.code).toBe('BAD_REQUEST');
    const recorded = await h.trpc(admin).admin.policies.recordPayment({ id: issued.policy.id, amount: '64.50', method: 'card-by-phone', reference: 'T1' });
    expect(recorded).toMatchObject({ activated: true, policy: { status: 'active' } });
    expect(await h.trpc(admin).admin.policies.payments({ id: issued.policy.id })).toMatchObject({ paid: 64.5, balance: 0, items: [{ reference: 'T1' }] });
  });
});
