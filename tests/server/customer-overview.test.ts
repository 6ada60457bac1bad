// One view of a customer (docs/product.md#one-view-of-a-customer; docs/api.md, GET /api/admin/users/{id}/overview and
// admin.users.overview): the account, contact details from their requests, their requests, policies with what they paid,
// payments, notes and the e-mails sent to them (never a body), nobody else's; each list its newest 50; 404 for an
// unknown account, 403 for a customer; every read audit-logged.
import { TRPCError } from '@trpc/server';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src-server/contract/messages';
import { CUSTOMER_LIST_LIMIT, customerOverviewView, type CustomerOverviewView, type PolicyView } from '../../src-server/contract/views';
import { auditLogs, callbackRequests, mailOutbox, quoteRequests } from '../../src-server/platform/db/schema/index';
import { createHarness, T0, validPolicy, type ErrorBody, type Harness } from './harness';
import { addPolicy, expectJson, expectStatus } from './answers';

let h: Harness;
let adminToken: string;
let customerToken: string;
let caseyId: number;
let unconfirmedId: number;
let busyId: number;
let policy: PolicyView;
let quoteId: number;
let callbackId: number;

const HOUR = 3_600_000;

const quote = (reference: string, userId: number | null, email: string, phone: string, postcode: string, at: number) => ({
  reference,
  status: 'quoted' as const,
  firstName: 'Casey',
  lastName: 'Jones',
  email,
  phone,
  postcode,
  details: JSON.stringify({ regNumber: 'WK68 TNX' }),
  fingerprint: `fp-${reference}`,
  product: 'temporary' as const,
  requestedStartAt: at + 48 * HOUR,
  userId,
  createdAt: at,
  updatedAt: at,
});

const callback = (reference: string, email: string, phone: string, at: number) => ({
  reference,
  status: 'new' as const,
  name: 'Casey Jones',
  email,
  phone,
  reasonForContact: 'policies',
  createdAt: at,
  updatedAt: at,
});

const mail = (toAddress: string, subject: string, at: number, textBody = 'Hello') => ({
  toAddress,
  subject,
  textBody,
  status: 'logged' as const,
  createdAt: at,
  sentAt: at,
});

/** How many reads of any customer the audit log holds. */
async function viewsLogged(): Promise<number> {
  return (await h.database.db.select().from(auditLogs).where(like(auditLogs.action, 'Viewed customer #%'))).length;
}

async function overview(id: number | string, token = adminToken): Promise<Response> {
  return h.request('GET', `/api/admin/users/${id}/overview`, { token });
}

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'viewadmin', isAdmin: true });
  caseyId = await h.addUser({ username: 'casey', email: 'casey@example.test' });
  unconfirmedId = await h.addUser({ username: 'unconfirmed', email: 'unconfirmed@example.test', emailVerified: false });
  busyId = await h.addUser({ username: 'busy' });
  const otherId = await h.addUser({ username: 'other' });
  adminToken = await h.tokenFor('viewadmin');
  customerToken = await h.tokenFor('casey');

  await h.deps.write(async (tx) => {
    const [q] = await tx
      .insert(quoteRequests)
      .values([
        // Casey's, claimed: an older one with a mobile, a newer one with another phone and postcode.
        { ...quote('QR-CASEY001', caseyId, 'casey@example.test', '07700900456', 'LS1 4AP', T0 - 3 * HOUR), offerPremiumPence: 6450, offerValidUntil: T0 + 24 * HOUR, offeredAt: T0 - 2 * HOUR, acceptedAt: T0 - HOUR, acceptedVia: 'phone', acceptedBy: 'viewadmin' },
        quote('QR-CASEY002', caseyId, 'casey@example.test', '02079460000', 'M1 1AE', T0 - 2 * HOUR),
        // Someone else's, and one from Casey's address never claimed by the account (another's, as far as it is known).
        quote('QR-OTHER001', otherId, 'other@example.test', '07700900999', 'B1 1AA', T0 - HOUR),
        quote('QR-UNCLAIM1', null, 'casey@example.test', '07700900111', 'ZZ1 1ZZ', T0 - HOUR),
      ])
      .returning({ id: quoteRequests.id });
    quoteId = q!.id;
    const [c] = await tx
      .insert(callbackRequests)
      .values([
        // Casey's address in another case: theirs, as the account's address is confirmed.
        callback('CB-CASEY001', 'CASEY@Example.test', '07700900456', T0 - HOUR),
        callback('CB-OTHER001', 'other@example.test', '07700900999', T0 - HOUR),
        callback('CB-UNCONF01', 'unconfirmed@example.test', '07700900222', T0 - HOUR),
      ])
      .returning({ id: callbackRequests.id });
    callbackId = c!.id;
    await tx.insert(mailOutbox).values([
      mail('casey@example.test', 'Your quote is ready', T0 - 2 * HOUR, 'Open https://example.test/reset-password?token=SECRET-TOKEN'),
      mail('other@example.test', 'Not for Casey', T0 - 2 * HOUR),
      ...Array.from({ length: CUSTOMER_LIST_LIMIT + 1 }, (_, i) => mail('busy@example.test', `Busy ${i + 1}`, T0 - HOUR + i)),
    ]);
  });

  policy = await addPolicy<PolicyView>(h, adminToken, { userId: caseyId, premium: '£100.00', holderName: 'Casey Jones' });
  await expectStatus(h.request('POST', `/api/admin/policies/${policy.id}/payments`, { token: adminToken, body: { amount: '£40.00', method: 'bank-transfer', reference: 'BT-1' } }), 201);
  // Someone else's policy.
  expect((await h.request('POST', '/api/admin/policies', { token: adminToken, body: { ...validPolicy, userId: otherId } })).status).toBe(201);

  await h.trpc(adminToken).admin.quotes.addNote({ id: quoteId, text: 'Called back, wants a learner quote too' });
  await h.trpc(adminToken).admin.callbacks.addNote({ id: callbackId, text: 'Left a voicemail' });
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/admin/users/{id}/overview and admin.users.overview', () => {
  let view: CustomerOverviewView;

  it('answers the account, its contact details, requests, policies, payments, notes and e-mails, and nobody else’s', async () => {
    view = customerOverviewView.parse(await expectJson(overview(caseyId), 200));

    expect(view.account).toMatchObject({ id: caseyId, username: 'casey', email: 'casey@example.test', emailVerified: true, closed: false, isAdmin: false, isOwner: false });
    // Most recent first, each once: the callback (T0 - 1 h) gave the mobile again.
    expect(view.contact).toEqual({ phones: ['07700900456', '02079460000'], postcodes: ['M1 1AE', 'LS1 4AP'] });

    expect(view.quoteRequests.map((r) => r.reference)).toEqual(['QR-CASEY002', 'QR-CASEY001']);
    expect(view.quoteRequests[1]).toMatchObject({
      status: 'quoted',
      product: 'temporary',
      offer: { premium: 64.5, acceptance: { via: 'phone', by: 'viewadmin' } },
      policyNumber: null,
    });
    expect(view.callbackRequests.map((r) => r.reference)).toEqual(['CB-CASEY001']);

    expect(view.policies).toHaveLength(1);
    expect(view.policies[0]).toMatchObject({ id: policy.id, policyNumber: policy.policyNumber, username: 'casey', premium: 100, paid: 40, balance: 60 });
    expect(view.payments).toEqual([expect.objectContaining({ amount: 40, method: 'bank-transfer', reference: 'BT-1', username: 'viewadmin', policyId: policy.id, policyNumber: policy.policyNumber })]);

    expect(view.notes.map((n) => [n.request, n.text, n.author])).toEqual([
      [{ kind: 'callback', reference: 'CB-CASEY001' }, 'Left a voicemail', 'viewadmin'],
      [{ kind: 'quote', reference: 'QR-CASEY001' }, 'Called back, wants a learner quote too', 'viewadmin'],
    ]);

    const subjects = view.mails.map((m) => m.subject);
    expect(subjects).toContain('Your quote is ready');
    expect(subjects).not.toContain('Not for Casey');
    expect(view.mails.find((m) => m.subject === 'Your quote is ready')).toMatchObject({ status: 'logged', sentAt: new Date(T0 - 2 * HOUR).toISOString() });

    // Nothing of anyone else's, and never an e-mail's text or its link.
    const text = JSON.stringify(view);
    for (const absent of ['QR-OTHER001', 'QR-UNCLAIM1', 'CB-OTHER001', '07700900999', '07700900111', 'SECRET-TOKEN', 'reset-password']) expect(text).not.toContain(absent);
  });

  it('answers the same over tRPC', async () => {
    const again = await h.trpc(adminToken).admin.users.overview({ id: caseyId });
    // The policy's issue and payment sent e-mails since; the rest is the same read.
    expect({ ...again, mails: [] }).toEqual({ ...view, mails: [] });
  });

  it('lists callbacks by the address only once the account has confirmed it', async () => {
    const v = customerOverviewView.parse(await expectJson(overview(unconfirmedId), 200));
    expect(v.account.emailVerified).toBe(false);
    expect(v.callbackRequests).toEqual([]);
    expect(v).toMatchObject({ contact: { phones: [], postcodes: [] }, quoteRequests: [], policies: [], payments: [], notes: [] });
  });

  it('holds the newest 50 of a list', async () => {
    const v = customerOverviewView.parse(await (await overview(busyId)).json());
    expect(v.mails).toHaveLength(CUSTOMER_LIST_LIMIT);
    expect(v.mails[0]!.subject).toBe(`Busy ${CUSTOMER_LIST_LIMIT + 1}`);
    expect(v.mails.map((m) => m.subject)).not.toContain('Busy 1');
  });

  it('writes each read to the audit log under the staff member', async () => {
    const before = (await h.database.db.select().from(auditLogs).where(eq(auditLogs.action, `Viewed customer #${caseyId} (casey)`))).length;
    expect(before).toBeGreaterThanOrEqual(2);
    await overview(caseyId);
    const rows = await h.database.db.select().from(auditLogs).where(eq(auditLogs.action, `Viewed customer #${caseyId} (casey)`));
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ username: 'viewadmin', level: 'info' });
  });

  it('answers 404 for an unknown account, logging nothing', async () => {
    const before = await viewsLogged();
    expect((await expectJson<ErrorBody>(overview(999_999), 404)).error).toBe(messages.userNotFound);
    const err = await h.trpc(adminToken).admin.users.overview({ id: 999_999 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe('NOT_FOUND');
    expect(await viewsLogged()).toBe(before);
  });

  it('answers 400 for an id that is not one', async () => {
    expect((await overview('abc')).status).toBe(400);
  });

  it('refuses a customer, even about themselves (403 / FORBIDDEN), logging nothing', async () => {
    const before = await viewsLogged();
    expect((await overview(caseyId, customerToken)).status).toBe(403);
    const err = await h.trpc(customerToken).admin.users.overview({ id: caseyId }).catch((e: unknown) => e);
    expect((err as TRPCError).code).toBe('FORBIDDEN');
    expect(await viewsLogged()).toBe(before);
    expect((await overview(caseyId, '')).status).toBe(401);
  });
});
