// My data and closing one's own account (docs/product.md#my-data, docs/product.md#closing-your-account; docs/api.md#account):
// the copy holds everything about the caller and nothing about anyone else, and each download is logged; closing asks
// for the password, is refused while cover is live or to come, and then erases what the docs say and keeps the rest.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAccountMessages, myDataView, type MyDataView } from '../../src-server/contract/my-data';
import type { PolicyView } from '../../src-server/contract/views';
import {
  auditLogs,
  callbackRequests,
  claims,
  mailOutbox,
  policies,
  policyPayments,
  quoteRequests,
  requestNotes,
  users,
} from '../../src-server/platform/db/schema/index';
import { createHarness, json, PASSWORD, T0, validPolicy, type ErrorBody, type Harness } from './harness';
import { expectJson, expectStatus } from './answers';
import { latestLinkTo } from './mail-links';

let h: Harness;
let adminToken: string;
let caseyId: number;
let otherId: number;
let policy: PolicyView;
let otherPolicy: PolicyView;
const ids = { quoteOpen: 0, quoteIssued: 0, quoteUnclaimed: 0, quoteOther: 0, callbackCasey: 0, callbackOther: 0, claim: 0 };
let claimReference = '';

const HOUR = 3_600_000;

const quote = (reference: string, userId: number | null, email: string, at: number) => ({
  reference,
  status: 'quoted' as const,
  firstName: 'Casey',
  lastName: 'Jones',
  email,
  phone: '07700900456',
  postcode: 'LS1 4AP',
  details: JSON.stringify({ regNumber: 'WK68 TNX' }),
  fingerprint: `fp-${reference}`,
  product: 'temporary' as const,
  userId,
  createdAt: at,
  updatedAt: at,
});
const callback = (reference: string, email: string, at: number) => ({
  reference,
  status: 'new' as const,
  name: 'Casey Jones',
  email,
  phone: '07700900456',
  reasonForContact: 'policies',
  createdAt: at,
  updatedAt: at,
});
const mail = (toAddress: string, subject: string, at: number) => ({ toAddress, subject, textBody: 'Hello', status: 'logged' as const, createdAt: at, sentAt: at });

const count = async (action: string) => (await h.database.db.select().from(auditLogs).where(eq(auditLogs.action, action))).length;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'dataadmin', isAdmin: true });
  adminToken = await h.tokenFor('dataadmin');
  caseyId = await h.addUser({ username: 'casey', email: 'casey@example.test' });
  otherId = await h.addUser({ username: 'other', email: 'other@example.test' });
  const caseyToken = await h.tokenFor('casey');

  policy = await json<PolicyView>(
    await h.request('POST', '/api/admin/policies', { token: adminToken, body: { ...validPolicy, userId: caseyId, premium: '£100.00', holderName: 'Casey Jones' } }),
  );
  otherPolicy = await json<PolicyView>(await h.request('POST', '/api/admin/policies', { token: adminToken, body: { ...validPolicy, userId: otherId, holderName: 'Otto Other' } }));
  await expectStatus(h.request('POST', `/api/admin/policies/${policy.id}/payments`, { token: adminToken, body: { amount: '£40.00', method: 'bank-transfer', reference: 'BT-1' } }), 201);

  await h.deps.write(async (tx) => {
    const rows = await tx
      .insert(quoteRequests)
      .values([
        quote('QR-CASEY001', caseyId, 'casey@example.test', T0 - 3 * HOUR),
        { ...quote('QR-CASEY002', caseyId, 'casey@example.test', T0 - 2 * HOUR), policyId: policy.id, status: 'closed' as const },
        // From Casey's address but never claimed by the account: not known to be theirs.
        quote('QR-UNCLAIM1', null, 'casey@example.test', T0 - HOUR),
        quote('QR-OTHER001', otherId, 'other@example.test', T0 - HOUR),
      ])
      .returning({ id: quoteRequests.id });
    [ids.quoteOpen, ids.quoteIssued, ids.quoteUnclaimed, ids.quoteOther] = rows.map((r) => r.id) as [number, number, number, number];
    const cbs = await tx
      .insert(callbackRequests)
      .values([callback('CB-CASEY001', 'CASEY@Example.test', T0 - HOUR), callback('CB-OTHER001', 'other@example.test', T0 - HOUR)])
      .returning({ id: callbackRequests.id });
    [ids.callbackCasey, ids.callbackOther] = cbs.map((r) => r.id) as [number, number];
    // Casey proved the address at T0 (the harness's accounts are confirmed when made): what was sent to it before is not
    // known to be Casey's.
    await tx
      .insert(mailOutbox)
      .values([
        mail('casey@example.test', 'Sent before Casey proved the address', T0 - 2 * HOUR),
        mail('casey@example.test', 'Your quote is ready', T0),
        mail('other@example.test', 'Not for Casey', T0 - 2 * HOUR),
      ]);
  });

  const claim = await h.request('POST', '/api/user/claims', {
    token: caseyToken,
    body: {
      clientId: randomUUID(),
      policyNumber: policy.policyNumber,
      kind: 'vandalism',
      occurredAt: new Date(T0 - HOUR).toISOString(),
      location: 'Outside the house',
      description: 'Scratched door',
      phone: '07700 900123',
      injuries: false,
    },
  });
  expect(claim.status, await claim.clone().text()).toBe(201);
  const [claimRow] = await h.database.db.select().from(claims).where(eq(claims.userId, caseyId));
  ids.claim = claimRow!.id;
  claimReference = claimRow!.reference;

  const admin = h.trpc(adminToken);
  await admin.admin.quotes.addNote({ id: ids.quoteOpen, text: 'Wants a learner quote too' });
  await admin.admin.quotes.addNote({ id: ids.quoteIssued, text: 'Issued after a call' });
  await admin.admin.quotes.addNote({ id: ids.quoteOther, text: 'Note about Otto' });
  await admin.admin.callbacks.addNote({ id: ids.callbackCasey, text: 'Left a voicemail' });
  await admin.admin.claims.addNote({ id: ids.claim, text: 'Photos look fine' });
});
afterAll(() => h.close());

describe('GET /api/account/data and account.data', () => {
  it('answers everything held about the caller as a file to save, and logs the download', async () => {
    const token = await h.tokenFor('casey');
    const before = await count('Downloaded own data: casey');
    const res = await h.request('GET', '/api/account/data', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="kerbside-cover-my-data-casey-2026-07-01.json"');
    const data = myDataView.parse(await json(res));
    expect(data.account).toMatchObject({ id: caseyId, username: 'casey', email: 'casey@example.test' });
    expect(data.policies.map((p) => p.policyNumber)).toEqual([policy.policyNumber]);
    expect(data.policies[0]).toMatchObject({ premium: 100, paid: 40, balance: 60 });
    expect(data.payments.map((p) => [p.policyNumber, p.amount])).toEqual([[policy.policyNumber, 40]]);
    expect(data.quoteRequests.map((q) => q.reference).sort()).toEqual(['QR-CASEY001', 'QR-CASEY002']);
    expect(data.callbackRequests.map((c) => c.reference)).toEqual(['CB-CASEY001']);
    expect(data.claims.map((c) => c.reference)).toEqual([claimReference]);
    expect(data.notes.map((n) => n.text).sort()).toEqual(['Issued after a call', 'Left a voicemail', 'Photos look fine', 'Wants a learner quote too']);
    expect(data.mails.map((m) => m.subject)).toContain('Your quote is ready');
    // Their own doings (the claim reported) and what was done to their records, by the account's id.
    expect(data.auditEntries.length).toBeGreaterThan(0);
    expect(data.auditEntries.every((e) => typeof e.action === 'string')).toBe(true);
    expect(data.limits).toEqual({ perList: 50, auditEntries: 200 });
    expect(data.fullLists).toEqual([]);
    expect(await count('Downloaded own data: casey')).toBe(before + 1);
  });

  it('never holds anyone else’s records, nor a request from their address the account has not claimed', async () => {
    const data = await h.trpc(await h.tokenFor('casey')).account.data();
    const text = JSON.stringify(data);
    for (const foreign of ['QR-OTHER001', 'QR-UNCLAIM1', 'CB-OTHER001', 'Not for Casey', 'Sent before Casey proved the address', 'Note about Otto', otherPolicy.policyNumber, 'Otto Other']) {
      expect(text, foreign).not.toContain(foreign);
    }
    const theirs = await h.trpc(await h.tokenFor('other')).account.data();
    expect(JSON.stringify(theirs)).not.toContain(policy.policyNumber);
    expect(theirs.quoteRequests.map((q) => q.reference)).toEqual(['QR-OTHER001']);
  });

  it('lists no e-mail to an address not yet proved, and once it is, only those sent since, in the download and the page', async () => {
    await h.addUser({ username: 'newcomer', email: 'newcomer@example.test', emailVerified: false });
    const token = await h.tokenFor('newcomer');
    // Someone else's quote, sent to this address before the account was made, and the account's own confirmation link.
    await h.deps.write((tx) => tx.insert(mailOutbox).values(mail('NewComer@example.test', 'Your quote QR-EARLIER1: £412.00', T0 - HOUR)));
    expect((await h.request('POST', '/api/account/verify-email/request', { token })).status).toBe(200);
    const subjects = async () => {
      const download = myDataView.parse(await json(await h.request('GET', '/api/account/data', { token })));
      const page = await h.trpc(token).account.data();
      expect(page.mails).toEqual(download.mails);
      return download.mails.map((m) => m.subject);
    };
    expect(await subjects()).toEqual([]);

    h.clock.set(T0 + HOUR);
    const link = await latestLinkTo(h, 'newcomer@example.test', '/verify-email');
    expect((await h.request('POST', '/api/account/verify-email/confirm', { token, body: { token: link.token } })).status).toBe(200);
    expect(await subjects()).toEqual([]);
    h.clock.set(T0 + 2 * HOUR);
    await h.deps.write((tx) => tx.insert(mailOutbox).values(mail('newcomer@example.test', 'Sent once the address was proved', h.clock.now())));
    expect(await subjects()).toEqual(['Sent once the address was proved']);
    // Staff's one view of the customer keeps every e-mail to the address.
    const overview = await h.trpc(adminToken).admin.users.overview({ id: (await h.database.db.select().from(users).where(eq(users.username, 'newcomer')))[0]!.id });
    expect(overview.mails.map((m) => m.subject)).toContain('Your quote QR-EARLIER1: £412.00');
    h.clock.set(T0);
  });

  it('lists only the e-mails to its current address: a changed address starts again from when it is proved', async () => {
    const id = await h.addUser({ username: 'mover', email: 'mover-old@example.test' });
    const token = await h.tokenFor('mover');
    await h.deps.write((tx) =>
      tx.insert(mailOutbox).values([mail('mover-old@example.test', 'To the old address', T0), mail('mover-new@example.test', 'To the new address, before it was the account’s', T0)]),
    );
    // The address changed by staff: the new one counts as unproved until its link is opened (docs/product.md#e-mail-confirmation).
    await h.deps.write((tx) => tx.update(users).set({ email: 'mover-new@example.test', emailVerifiedAt: null }).where(eq(users.id, id)));
    expect((await h.trpc(token).account.data()).mails).toEqual([]);
    await h.deps.write((tx) => tx.update(users).set({ emailVerifiedAt: T0 + HOUR }).where(eq(users.id, id)));
    await h.deps.write((tx) => tx.insert(mailOutbox).values(mail('mover-new@example.test', 'Since the new address was proved', T0 + HOUR)));
    expect((await h.trpc(token).account.data()).mails.map((m) => m.subject)).toEqual(['Since the new address was proved']);
  });

  it('finds callbacks by the address only once the account has proved it', async () => {
    await h.addUser({ username: 'unproved', email: 'unproved@example.test', emailVerified: false });
    await h.deps.write((tx) => tx.insert(callbackRequests).values(callback('CB-UNPROV01', 'unproved@example.test', T0)));
    const data: MyDataView = await h.trpc(await h.tokenFor('unproved')).account.data();
    expect(data.callbackRequests).toEqual([]);
  });
});

describe('POST /api/account/close and account.close', () => {
  it('refuses a wrong password on its field, and throttles guesses', async () => {
    const id = await h.addUser({ username: 'guesser' });
    const token = await h.tokenFor('guesser');
    for (let i = 0; i < 5; i++) {
      expect((await expectJson<ErrorBody>(h.request('POST', '/api/account/close', { token, body: { password: 'not-my-password' } }), 400)).details?.fieldErrors?.['password']).toEqual([closeAccountMessages.wrongPassword]);
    }
    const refused = await h.request('POST', '/api/account/close', { token, body: { password: PASSWORD } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    const [row] = await h.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.closedAt).toBeNull();
  });

  it('refuses a missing password with a clear 400 and changes nothing', async () => {
    const token = await h.tokenFor('casey');
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/account/close', { token, body: {} }), 400)).details?.fieldErrors?.['password']).toEqual(['Enter your password']);
  });

  it('refuses staff: an owner closes a staff account', async () => {
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/account/close', { token: adminToken, body: { password: PASSWORD } }), 403)).error).toBe(closeAccountMessages.staff);
  });

  it('refuses while cover is live, saying which and until when, and changes nothing', async () => {
    const token = await h.tokenFor('casey');
    const body = await expectJson<ErrorBody>(h.request('POST', '/api/account/close', { token, body: { password: PASSWORD } }), 409);
    expect(body.error).toBe(closeAccountMessages.liveCover([policy.policyNumber], '2026-07-08 23:59'));
    const [row] = await h.database.db.select().from(users).where(eq(users.id, caseyId));
    expect(row!.closedAt).toBeNull();
    expect(await h.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, ids.quoteOpen))).toHaveLength(1);
    expect((await h.request('GET', '/api/me', { token })).status).toBe(200);
  });

  it('once cover has ended: erases what the insurer’s record does not need, keeps the rest, ends every session, and logs it', async () => {
    // The day after the cover ends.
    h.clock.set(Date.UTC(2026, 6, 9, 12, 0, 0));
    const token = await h.tokenFor('casey');
    const other = await h.tokenFor('casey');
    const res = await h.trpc(token).account.close({ password: PASSWORD });
    expect(res).toEqual({ success: true, deleted: false, message: closeAccountMessages.closed });

    const db = h.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, caseyId));
    expect(row!.closedAt).toBe(h.clock.now());
    const quotesLeft = (await db.select({ reference: quoteRequests.reference }).from(quoteRequests)).map((q) => q.reference).sort();
    // The request the policy was issued from stays with it; the one never theirs and the other's stay too.
    expect(quotesLeft).toEqual(['QR-CASEY002', 'QR-OTHER001', 'QR-UNCLAIM1']);
    expect((await db.select({ reference: callbackRequests.reference }).from(callbackRequests)).map((c) => c.reference).sort()).toEqual(['CB-OTHER001', 'CB-UNPROV01']);
    const notes = (await db.select({ text: requestNotes.text }).from(requestNotes)).map((n) => n.text).sort();
    expect(notes).toEqual(['Issued after a call', 'Note about Otto', 'Photos look fine']);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'casey@example.test')))).toEqual([]);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'other@example.test')))).toHaveLength(1);
    // The insurer's record.
    expect(await db.select().from(policies).where(eq(policies.id, policy.id))).toHaveLength(1);
    expect(await db.select().from(policyPayments).where(eq(policyPayments.policyId, policy.id))).toHaveLength(1);
    expect(await db.select().from(claims).where(eq(claims.id, ids.claim))).toHaveLength(1);
    expect(await count('Closed own account: casey (holds policies)')).toBe(1);

    for (const t of [token, other]) expect((await h.request('GET', '/api/me', { token: t })).status).toBe(401);
    expect((await h.request('POST', '/api/login', { body: { username: 'casey', password: PASSWORD } })).status).toBe(401);
  });

  it('deletes an account that holds no policy, with its requests, and logs it', async () => {
    const id = await h.addUser({ username: 'brief', email: 'brief@example.test' });
    await h.deps.write((tx) => tx.insert(quoteRequests).values(quote('QR-BRIEF001', id, 'brief@example.test', h.clock.now())));
    const token = await h.tokenFor('brief');
    expect(await expectJson(h.request('POST', '/api/account/close', { token, body: { password: PASSWORD } }), 200)).toEqual({ success: true, deleted: true, message: closeAccountMessages.deleted });
    expect(await h.database.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await h.database.db.select().from(quoteRequests).where(and(eq(quoteRequests.reference, 'QR-BRIEF001')))).toEqual([]);
    expect(await count('Deleted own account: brief')).toBe(1);
    expect((await h.request('GET', '/api/me', { token })).status).toBe(401);
  });
});

describe('GET /api/user/policies/paid and policies.paid', () => {
  it('answers what the caller paid for their own policies only', async () => {
    h.clock.set(T0);
    const otherToken = await h.tokenFor('other');
    expect(await json(await h.request('GET', '/api/user/policies/paid', { token: otherToken }))).toEqual({ items: [] });
    await h.request('POST', `/api/admin/policies/${otherPolicy.id}/payments`, { token: adminToken, body: { amount: '£25.50', method: 'bank-transfer' } });
    expect(await h.trpc(otherToken).policies.paid()).toEqual({ items: [{ policyNumber: otherPolicy.policyNumber, paid: 25.5 }] });
  });
});
