// Cancelling and voiding (docs/product.md#cancelling-and-voiding): POST /api/admin/policies/{id}/cancel (now or
// later, with a refund as a negative payment), /void (never in force), /resend (documents or invitation); a change
// through PUT needs a reason to cancel and e-mails the customer; a policy with a payment is never deleted; a user
// staff make is invited to set their own password. Bad input writes nothing; verification keeps answering.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedPolicyView, PolicyVersionView, VerificationView } from '../../src-server/contract/views';
import { sweepExpiredPolicies } from '../../src-server/modules/policies/policies/service';
import { policies, policyPayments } from '../../src-server/platform/db/schema/index';
import { createHarness, json, T0, validPolicy, type ErrorBody, type Harness } from './harness';
import { addPolicy, expectJson, expectStatus } from './answers';
import { latestLinkTo } from './mail-links';
import { acceptedQuote, logsMentioning, mailsTo } from './quote-flow';

let h: Harness;
let admin: string;
let customer: number;
const CUSTOMER_EMAIL = 'cara@example.test';

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'cancel.admin', isAdmin: true });
  customer = await h.addUser({ username: 'cara', email: CUSTOMER_EMAIL });
  admin = await h.tokenFor('cancel.admin');
});
afterAll(() => h.close());

// T0 is 1 Jul 2026 12:00 UTC, 13:00 BST; validPolicy runs 1 Jul 09:00 to 8 Jul 23:59, live.
const makePolicy = (extra: Record<string, unknown> = {}) => addPolicy(h, admin, { userId: customer, ...extra });
const cancel = (id: number, body: unknown) => h.request('POST', `/api/admin/policies/${id}/cancel`, { token: admin, body });
const voidIt = (id: number, body: unknown) => h.request('POST', `/api/admin/policies/${id}/void`, { token: admin, body });
const resend = (id: number, what: string) => h.request('POST', `/api/admin/policies/${id}/resend`, { token: admin, body: { what } });
const rowOf = async (id: number) => (await h.database.db.select().from(policies).where(eq(policies.id, id)))[0]!;
const paymentsOf = (id: number) => h.database.db.select().from(policyPayments).where(eq(policyPayments.policyId, id));
const history = async (id: number) => json<PolicyVersionView[]>(await h.request('GET', `/api/admin/policies/${id}/history`, { token: admin }));
const pay = (policyId: number, pounds: number) =>
  h.deps.write((tx) => tx.insert(policyPayments).values({ policyId, amountPence: pounds * 100, method: 'card-by-phone', reference: null, at: T0, username: 'cancel.admin' }));
async function verified(id: number): Promise<{ status: number; body: VerificationView }> {
  const res = await h.request('GET', `/api/verify/${(await rowOf(id)).verifyCode}`, { headers: { 'x-forwarded-for': `10.77.0.${id % 250}` } });
  return { status: res.status, body: await json<VerificationView>(res) };
}
const mailsAbout = async (number: string) => (await mailsTo(h, CUSTOMER_EMAIL)).filter((m) => m.subject.includes(number));

/** Every table a refused call must leave as it was. */
async function writes(): Promise<string> {
  const rs = await h.database.client.execute(
    'select (select count(*) from policy_payments) pay, (select count(*) from policy_versions) v, (select count(*) from mail_outbox) m, (select count(*) from audit_logs) a, (select group_concat(status || coalesce(cancels_at, \'-\') || coalesce(cancel_reason, \'-\')) from policies) p',
  );
  return JSON.stringify(rs.rows[0]);
}

describe('cancelling now', () => {
  it('ends the cover now with the reason, versions and logs it, e-mails the customer with the documents; verification says not covered', async () => {
    const p = await makePolicy();
    expect((await verified(p.id)).body.status).toBe('covered');
    expect(await expectJson(cancel(p.id, { reason: '  Sold the car  ' }), 200)).toMatchObject({ id: p.id, status: 'cancelled' });
    expect(await rowOf(p.id)).toMatchObject({ status: 'cancelled', endedAt: T0, cancelReason: 'Sold the car', cancelsAt: null, reminderDueAt: null });
    const [latest] = await history(p.id);
    expect(latest).toMatchObject({ username: 'cancel.admin', reason: 'Sold the car', changes: [{ field: 'status', from: 'active', to: 'cancelled' }] });
    expect((await logsMentioning(h, p.policyNumber)).map((l) => l.action)).toContain(`Cancelled policy: ${p.policyNumber} from Wed 1 Jul 2026, 13:00 BST`);

    const [mail] = await mailsAbout(p.policyNumber);
    expect(mail!.subject).toBe(`Kerbside Cover: your policy ${p.policyNumber} is cancelled`);
    expect(mail!.text).toContain('You are not covered to drive under it from Wed 1 Jul 2026, 13:00 BST.');
    expect(mail!.text).toContain('Why: Sold the car');
    expect(mail!.text).not.toContain('refunding');
    expect(mail!.attachments.map((a) => a.filename)).toEqual(['certificate', 'schedule', 'statement-of-fact', 'summary'].map((kind) => `${p.policyNumber}_${kind}.pdf`));

    // Kept, and its QR code keeps answering: not covered, never 404.
    const v = await verified(p.id);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ status: 'not-covered', endsAt: 'Wed 1 Jul 2026, 13:00 BST', voided: false });
    expect((await h.request('DELETE', `/api/admin/policies/${p.id}`, { token: admin })).status).toBe(409);
  });

  it('records a refund as a negative payment, at most what was paid, and tells the customer', async () => {
    const p = await makePolicy();
    await pay(p.id, 50);
    await expectStatus(cancel(p.id, { reason: 'Changed their mind', refund: { amount: '£20.50', method: 'bank-transfer', reference: 'BT-991' } }), 200);
    const rows = await paymentsOf(p.id);
    expect(rows.map((r) => [r.amountPence, r.method, r.reference, r.username])).toEqual([
      [5000, 'card-by-phone', null, 'cancel.admin'],
      [-2050, 'bank-transfer', 'BT-991', 'cancel.admin'],
    ]);
    expect((await mailsAbout(p.policyNumber))[0]!.text).toContain('We are refunding £20.50 (bank transfer).');
    expect((await logsMentioning(h, p.policyNumber)).at(-1)!.action).toContain('; refund £20.50 (bank transfer)');
  });

  it('takes the current minute as now, and answers the same through tRPC', async () => {
    const p = await makePolicy();
    const view = await h.trpc(admin).admin.policies.cancel({ id: p.id, data: { reason: 'By phone', effectiveDate: '2026-07-01', effectiveTime: '13:00' } });
    expect(view).toMatchObject({ id: p.id, status: 'cancelled' });
    expect((await rowOf(p.id)).endedAt).toBe(T0);
  });
});

describe('bad input writes nothing', () => {
  it.each([
    ['no reason', {}, 'reason', 'Give a reason for cancelling'],
    ['a blank reason', { reason: '   ' }, 'reason', 'Give a reason for cancelling'],
    ['a reason too long', { reason: 'x'.repeat(501) }, 'reason', 'The reason must be at most 500 characters'],
    ['a past effective time', { reason: 'Late', effectiveDate: '2026-07-01', effectiveTime: '12:59' }, 'effectiveDate', 'The cancellation cannot take effect in the past'],
    ['a time after the end', { reason: 'Late', effectiveDate: '2026-07-09', effectiveTime: '09:00' }, 'effectiveDate', 'The cancellation must take effect before the policy ends (Wed 8 Jul 2026, 23:59 BST)'],
    ['a date without a time', { reason: 'Half', effectiveDate: '2026-07-02' }, 'effectiveTime', 'Give both the date and the time the cancellation takes effect, or neither for now'],
    ['a date that is not one', { reason: 'Bad', effectiveDate: '2026-02-30', effectiveTime: '10:00' }, 'effectiveDate', 'The date must be a real date (YYYY-MM-DD)'],
    ['a refund over what was paid', { reason: 'Too much', refund: { amount: 30.01, method: 'other' } }, 'refund', 'The refund cannot be more than was paid (£30.00)'],
    ['a refund of nothing', { reason: 'Nothing', refund: { amount: '0', method: 'other' } }, 'refund', 'Enter a refund of more than £0'],
    ['a refund by an unknown method', { reason: 'Cash', refund: { amount: 5, method: 'cash' } }, 'refund', 'Choose how the money was paid: card by phone, bank transfer or other'],
  ])('refuses %s with 400 naming the field', async (_, body, field, message) => {
    const p = await makePolicy();
    await pay(p.id, 30);
    const before = await writes();
    expect((await expectJson<ErrorBody>(cancel(p.id, body), 400)).details?.fieldErrors?.[field]).toContain(message);
    expect(await writes()).toBe(before);
  });

  it('refuses a refund when nothing was paid', async () => {
    const p = await makePolicy();
    const before = await writes();
    const res = await cancel(p.id, { reason: 'Refund', refund: { amount: 1, method: 'other' } });
    expect((await json<ErrorBody>(res)).error).toBe('The refund cannot be more than was paid (£0.00)');
    expect(await writes()).toBe(before);
  });

  it.each([
    ['pending and never in force', { status: 'pending' }, 'This policy was never in force: void it instead'],
    ['already cancelled', { status: 'cancelled', reason: 'Earlier' }, 'This policy is already cancelled'],
    ['expired', { status: 'expired' }, 'This policy has ended: there is no cover left to cancel'],
    ['active but past its end', { startDate: '2026-06-01', endDate: '2026-06-02' }, 'This policy has ended: there is no cover left to cancel'],
  ])('answers 409 for a policy %s', async (_, made, message) => {
    const p = await makePolicy(made);
    const before = await writes();
    expect((await expectJson<ErrorBody>(cancel(p.id, { reason: 'Try' }), 409)).error).toBe(message);
    expect(await writes()).toBe(before);
  });

  it('answers 404 for a missing policy, and 403 to a customer', async () => {
    expect((await cancel(999_999, { reason: 'Gone' })).status).toBe(404);
    const p = await makePolicy();
    const cara = await h.tokenFor('cara');
    expect((await h.request('POST', `/api/admin/policies/${p.id}/cancel`, { token: cara, body: { reason: 'Me' } })).status).toBe(403);
  });
});

describe('cancelling later', () => {
  it('sets the cancellation, keeps the cover until then, and the minute sweep cancels it at that moment', async () => {
    h.clock.set(T0);
    const p = await makePolicy();
    expect(await expectJson(cancel(p.id, { reason: 'Selling the car on Friday', effectiveDate: '2026-07-03', effectiveTime: '10:00 AM' }), 200)).toMatchObject({ status: 'active' });
    const set = await rowOf(p.id);
    expect(set).toMatchObject({ status: 'active', endedAt: null, cancelsAt: Date.UTC(2026, 6, 3, 9, 0), cancelReason: 'Selling the car on Friday' });
    expect((await history(p.id))[0]).toMatchObject({ reason: 'Selling the car on Friday', changes: [{ field: 'cancels', from: null, to: '3 Jul 2026 10:00' }] });
    expect((await logsMentioning(h, p.policyNumber)).at(-1)!.action).toBe(`Cancellation set: ${p.policyNumber} from Fri 3 Jul 2026, 10:00 BST`);
    const [mail] = await mailsAbout(p.policyNumber);
    expect(mail!.subject).toBe(`Kerbside Cover: your policy ${p.policyNumber} will be cancelled on Fri 3 Jul 2026, 10:00 BST`);
    expect(mail!.text).toContain('You are covered as before until then, and not after.');
    expect((await verified(p.id)).body.status).toBe('covered');

    // Two days on, the suite's session has lapsed: a new one for then, the suite's own back after.
    const suiteToken = admin;
    h.clock.set(Date.UTC(2026, 6, 3, 8, 59));
    admin = await h.tokenFor('cancel.admin');
    await sweepExpiredPolicies(h.deps);
    expect((await rowOf(p.id)).status).toBe('active');
    // The sweep runs a little after the moment: the cancellation still takes effect at the moment set.
    h.clock.set(Date.UTC(2026, 6, 3, 9, 0, 40));
    expect(await sweepExpiredPolicies(h.deps)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(p.id)).toMatchObject({ status: 'cancelled', endedAt: Date.UTC(2026, 6, 3, 9, 0), cancelsAt: null, reminderDueAt: null });
    expect((await history(p.id))[0]).toMatchObject({
      username: 'system',
      reason: 'Selling the car on Friday',
      changes: [
        { field: 'status', from: 'active', to: 'cancelled' },
        { field: 'cancels', from: '3 Jul 2026 10:00', to: null },
      ],
    });
    expect(await logsMentioning(h, `Policy cancelled: ${p.policyNumber}`)).toEqual([{ action: `Policy cancelled: ${p.policyNumber}`, username: 'system' }]);
    const v = await verified(p.id);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ status: 'not-covered', endsAt: 'Fri 3 Jul 2026, 10:00 BST' });
    h.clock.set(T0);
    admin = suiteToken;
  });
});

describe('a change through PUT', () => {
  it('moving to cancelled needs a reason (400, nothing written); with one, the version keeps it and the customer is told what changed', async () => {
    const p = await makePolicy();
    const before = await writes();
    expect(await expectJson(h.request('PUT', `/api/admin/policies/${p.id}`, { token: admin, body: { ...validPolicy, userId: customer, status: 'cancelled' } }), 400)).toMatchObject({ error: 'Give a reason for cancelling', details: { fieldErrors: { reason: ['Give a reason for cancelling'] } } });
    expect(await writes()).toBe(before);

    const res = await h.request('PUT', `/api/admin/policies/${p.id}`, {
      token: admin,
      body: { ...validPolicy, userId: customer, endDate: '2026-07-09', status: 'cancelled', reason: 'Customer asked' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await rowOf(p.id)).toMatchObject({ status: 'cancelled', cancelReason: 'Customer asked' });
    expect((await history(p.id))[0]).toMatchObject({ reason: 'Customer asked' });
    const [mail] = await mailsAbout(p.policyNumber);
    expect(mail!.subject).toBe(`Kerbside Cover: your policy ${p.policyNumber} has changed`);
    expect(mail!.text).toContain('- end: 8 Jul 2026 23:59 -> 9 Jul 2026 23:59\n- status: active -> cancelled');
    expect(mail!.text).toContain('Why: Customer asked');
    expect(mail!.attachments.map((a) => a.filename)).toEqual(['certificate', 'schedule', 'statement-of-fact', 'summary'].map((kind) => `${p.policyNumber}_${kind}.pdf`));
  });

  it('tells nobody at an address the account never proved, and nothing when nothing changed', async () => {
    const unproved = await h.addUser({ username: 'unproved', email: 'unproved@example.test', emailVerified: false });
    const p = await makePolicy({ userId: unproved });
    const body = { ...validPolicy, userId: unproved, endDate: '2026-07-10' };
    expect((await h.request('PUT', `/api/admin/policies/${p.id}`, { token: admin, body })).status).toBe(200);
    expect(await mailsTo(h, 'unproved@example.test')).toEqual([]);
    const q = await makePolicy();
    expect((await h.request('PUT', `/api/admin/policies/${q.id}`, { token: admin, body: { ...validPolicy, userId: customer } })).status).toBe(200);
    expect(await mailsAbout(q.policyNumber)).toEqual([]);
  });
});

describe('voiding', () => {
  it('marks a policy never in force void, with the reason; its certificate and verification say so; it stays', async () => {
    const p = await makePolicy({ status: 'pending' });
    const res = await voidIt(p.id, { reason: 'Set up for the wrong customer' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ status: 'void' });
    expect(await rowOf(p.id)).toMatchObject({ status: 'void', cancelReason: 'Set up for the wrong customer', inForceAt: null });
    expect((await history(p.id))[0]).toMatchObject({ reason: 'Set up for the wrong customer', changes: [{ field: 'status', from: 'pending', to: 'void' }] });
    expect((await logsMentioning(h, p.policyNumber)).at(-1)!.action).toBe(`Voided policy: ${p.policyNumber}: status pending -> void`);
    const [mail] = await mailsAbout(p.policyNumber);
    expect(mail!.subject).toBe(`Kerbside Cover: your policy ${p.policyNumber} is void`);
    expect(mail!.text).toContain('Why: Set up for the wrong customer');
    expect(mail!.attachments).toEqual([]);

    const v = await verified(p.id);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ status: 'not-covered', voided: true });
    expect((await expectJson<ErrorBody>(h.request('GET', `/api/policies/${p.policyNumber}/certificate`, { token: admin }), 409)).error).toBe('Void: set up in error, never in force. There is no certificate.');

    for (const [res, message] of [
      [await voidIt(p.id, { reason: 'Again' }), 'This policy is already void'],
      [await cancel(p.id, { reason: 'Cancel' }), 'This policy is void: it was never in force'],
      [await h.request('PUT', `/api/admin/policies/${p.id}`, { token: admin, body: validPolicy }), 'A void policy cannot be changed'],
      [await h.request('DELETE', `/api/admin/policies/${p.id}`, { token: admin }), 'A void policy is kept as the record of its mistake; it cannot be deleted'],
      [await resend(p.id, 'documents'), 'A void policy has no documents'],
    ] as const) {
      expect(res.status).toBe(409);
      expect((await json<ErrorBody>(res)).error).toBe(message);
    }
  });

  it('refuses cover that was in force (409) and a missing reason (400), writing nothing', async () => {
    const live = await makePolicy();
    const pending = await makePolicy({ status: 'pending' });
    const before = await writes();
    expect((await expectJson<ErrorBody>(voidIt(live.id, { reason: 'Oops' }), 409)).error).toBe('A policy that was in force cannot be voided; cancel it instead');
    expect((await expectJson<ErrorBody>(voidIt(pending.id, { reason: ' ' }), 400)).details?.fieldErrors?.['reason']).toEqual(['Give a reason for voiding']);
    expect(await writes()).toBe(before);
  });
});

describe('deleting', () => {
  it('refuses a policy with any payment, never in force or not: 409, nothing removed', async () => {
    const p = await makePolicy({ status: 'pending' });
    await pay(p.id, 10);
    const before = await writes();
    expect((await expectJson<ErrorBody>(h.request('DELETE', `/api/admin/policies/${p.id}`, { token: admin }), 409)).error).toBe('A policy that was in force cannot be deleted; cancel it instead');
    expect(await rowOf(p.id)).toBeDefined();
    expect(await writes()).toBe(before);
  });
});

describe('sending again', () => {
  it('sends the documents again to a confirmed account, with the files, and logs it', async () => {
    const p = await makePolicy();
    expect(await expectJson(resend(p.id, 'documents'), 200)).toEqual({ message: `The documents of ${p.policyNumber} are on their way to ${CUSTOMER_EMAIL}.` });
    const [mail] = await mailsAbout(p.policyNumber);
    expect(mail!.subject).toBe(`Kerbside Cover: your policy documents, ${p.policyNumber}`);
    expect(mail!.attachments.map((a) => a.filename)).toEqual(['certificate', 'schedule', 'statement-of-fact', 'summary'].map((kind) => `${p.policyNumber}_${kind}.pdf`));
    expect((await logsMentioning(h, 'Sent again')).map((l) => l.action)).toContain(`Sent again: documents of policy ${p.policyNumber} to cara`);
  });

  it('refuses a policy with no account, or an unproved address (409); the invitation once a password is set (409)', async () => {
    const orphan = await makePolicy({ userId: null });
    expect((await json<ErrorBody>(await resend(orphan.id, 'documents'))).error).toBe('This policy has no account to send to');
    const unproved = await h.addUser({ username: 'unproved2', email: 'unproved2@example.test', emailVerified: false });
    const p = await makePolicy({ userId: unproved });
    expect((await expectJson<ErrorBody>(resend(p.id, 'documents'), 409)).error).toBe("The account's e-mail address is not confirmed: nothing about a policy is sent to it");
    const set = await resend((await makePolicy()).id, 'invitation');
    expect(set.status).toBe(409);
    expect((await json<ErrorBody>(set)).error).toBe('The account has already set its password: it can sign in, or use "Forgot your password?"');
    expect((await h.request('POST', `/api/admin/policies/${p.id}/resend`, { token: admin, body: { what: 'everything' } })).status).toBe(400);
  });

  it("sends a new invitation to a customer's account that has no password yet: the earlier link stops working", async () => {
    const q = await acceptedQuote(h, admin, { email: 'newbie@example.test' });
    const issued = await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${q.id}/policy`, { token: admin, body: { licenseNumber: 'NEWBI905175A99AA' } }), 201);
    const first = await latestLinkTo(h, 'newbie@example.test', '/welcome');
    await expectStatus(resend(issued.policy.id, 'invitation'), 200);
    const second = await latestLinkTo(h, 'newbie@example.test', '/welcome');
    expect(second.token).not.toBe(first.token);
    expect((await h.request('POST', '/api/password-reset/confirm', { body: { token: first.token, password: 'newbie-password-1' } })).status).toBe(400);
    expect((await h.request('POST', '/api/password-reset/confirm', { body: { token: second.token, password: 'newbie-password-1' } })).status).toBe(200);
    expect((await logsMentioning(h, `Sent again: invitation for policy ${issued.policy.policyNumber}`))).toHaveLength(1);
    // Documents go to the address the policy was issued to, confirmed or not.
    expect((await resend(issued.policy.id, 'documents')).status).toBe(200);
  });
});

describe('a user staff make', () => {
  it('is e-mailed an invitation to choose their own password, which also confirms the address', async () => {
    expect((await h.request('POST', '/api/admin/users', { token: admin, body: { username: 'staffmade', email: 'staffmade@example.test', password: 'typed-by-staff-1' } })).status).toBe(201);
    const link = await latestLinkTo(h, 'staffmade@example.test', '/welcome');
    const [mail] = await mailsTo(h, 'staffmade@example.test');
    expect(mail!.subject).toBe('Set your password for Kerbside Cover');
    expect(mail!.text).toContain('Our staff have set up a Kerbside Cover account for you with a password they chose.');
    expect(await mailsTo(h, 'staffmade@example.test')).toHaveLength(1);
    expect(await expectJson(h.request('POST', '/api/password-reset/confirm', { body: { token: link.token, password: 'my-own-password-1' } }), 200)).toMatchObject({ session: { user: { username: 'staffmade', emailVerified: true } } });
    // Staff's password works until then; a sign-in with it first spends the link instead (docs/product.md#welcome).
    expect((await h.request('POST', '/api/login', { body: { username: 'staffmade', password: 'typed-by-staff-1' }, headers: { 'x-forwarded-for': '10.78.0.1' } })).status).toBe(401);
  });
});
