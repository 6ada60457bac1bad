// The cover an account holds, shown to staff before they delete it (docs/api.md, GET /api/admin/users/{id}/cover
// and admin.users.coverHeld; docs/product.md#changing-users-and-policies): live, upcoming and pending cover
// not yet ended, in start order; nothing ended, nobody else's. Deleting an account that holds policies closes it,
// its policies kept with their holder (docs/product.md#closed-accounts); nobody deletes themselves.
import { TRPCError } from '@trpc/server';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src-server/contract/messages';
import { heldCoverView, type HeldCoverView, type PolicyView } from '../../src-server/contract/views';
import { auditLogs, policies } from '../../src-server/platform/db/schema/index';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';
import { addPolicy, expectJson } from './answers';

let h: Harness;
let ownerId: number;
let ownerToken: string;
let adminId: number;
let adminToken: string;
let otherAdminId: number;
let customerToken: string;
let holderId: number;
const held: Record<string, PolicyView> = {};

// Harness time T0 is 2026-07-01 12:00 UTC, 13:00 BST.
const WINDOWS = {
  live: { startDate: '2026-07-01', startTime: '09:00', endDate: '2026-07-08', endTime: '23:59', status: 'active' },
  upcoming: { startDate: '2026-07-20', startTime: '09:00', endDate: '2026-07-21', endTime: '09:00', status: 'active' },
  pendingLater: { startDate: '2026-07-10', startTime: '08:00', endDate: '2026-07-12', endTime: '08:00', status: 'pending' },
  pendingNow: { startDate: '2026-06-30', startTime: '09:00', endDate: '2026-07-02', endTime: '09:00', status: 'pending' },
  // Not held: ended one way or another.
  pendingPast: { startDate: '2026-06-01', startTime: '09:00', endDate: '2026-06-02', endTime: '09:00', status: 'pending' },
  activePastEnd: { startDate: '2026-07-01', startTime: '09:00', endDate: '2026-07-01', endTime: '12:59', status: 'active' },
  expiredEarly: { startDate: '2026-07-01', startTime: '09:00', endDate: '2026-07-30', endTime: '09:00', status: 'expired' },
  cancelledUpcoming: { startDate: '2026-08-01', startTime: '09:00', endDate: '2026-08-02', endTime: '09:00', status: 'cancelled' },
} as const;
const HELD_IN_START_ORDER = ['pendingNow', 'live', 'pendingLater', 'upcoming'] as const;

const createPolicy = (body: Record<string, unknown>) => addPolicy(h, ownerToken, body);

const expected = (names: readonly string[]): HeldCoverView => ({
  policies: names.map((n) => {
    const p = held[n]!;
    return { id: p.id, policyNumber: p.policyNumber, product: p.product, status: p.status, startDate: p.startDate, startTime: p.startTime, endDate: p.endDate, endTime: p.endTime };
  }),
});

async function restCover(id: number | string, token = adminToken) {
  return h.request('GET', `/api/admin/users/${id}/cover`, { token });
}

beforeAll(async () => {
  h = await createHarness();
  ownerId = await h.addUser({ username: 'coverowner', isOwner: true });
  adminId = await h.addUser({ username: 'coveradmin', isAdmin: true });
  otherAdminId = await h.addUser({ username: 'otheradmin', isAdmin: true });
  holderId = await h.addUser({ username: 'coverholder' });
  await h.addUser({ username: 'covercustomer' });
  ownerToken = await h.tokenFor('coverowner');
  adminToken = await h.tokenFor('coveradmin');
  customerToken = await h.tokenFor('covercustomer');
  // Created out of start order, each with its own product.
  const productOf = (i: number) => (['temporary', 'learner', 'business'] as const)[i % 3];
  for (const [i, [name, window]] of Object.entries(WINDOWS).entries()) {
    held[name] = await createPolicy({ ...window, userId: holderId, product: productOf(i), holderName: `Holder ${name}` });
  }
  // Someone else's live cover.
  await createPolicy({ ...WINDOWS.live, userId: otherAdminId });
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/admin/users/{id}/cover and admin.users.coverHeld', () => {
  it('list live, upcoming and pending cover not yet ended, in start order; nothing ended, nobody else’s', async () => {
    const body = await expectJson<HeldCoverView>(restCover(holderId), 200);
    expect(body).toEqual(expected(HELD_IN_START_ORDER));
    expect(heldCoverView.parse(body)).toEqual(body);
    expect(await h.trpc(adminToken).admin.users.coverHeld({ id: holderId })).toEqual(body);
  });

  it('answer an empty list for an account with no cover, and for one whose cover has all ended', async () => {
    const none = await h.addUser({ username: 'coverless' });
    expect(await json(await restCover(none))).toEqual({ policies: [] });
    const ended = await h.addUser({ username: 'coverended' });
    for (const name of ['pendingPast', 'activePastEnd', 'expiredEarly', 'cancelledUpcoming'] as const) await createPolicy({ ...WINDOWS[name], userId: ended });
    expect(await h.trpc(adminToken).admin.users.coverHeld({ id: ended })).toEqual({ policies: [] });
  });

  it('follow the clock: live cover drops out once it ends, upcoming cover stays until its own end', async () => {
    h.clock.set(Date.UTC(2026, 6, 9, 12, 0)); // 9 July: the live and pending-now cover has ended
    try {
      const later = await h.tokenFor('coveradmin'); // the morning's session has lapsed by then
      expect(await json(await restCover(holderId, later))).toEqual(expected(['pendingLater', 'upcoming']));
    } finally {
      h.clock.set(T0);
    }
  });

  it("show an admin another admin's cover, and an owner the same answer", async () => {
    const other = await json<HeldCoverView>(await restCover(otherAdminId));
    expect(other.policies).toHaveLength(1);
    expect(other.policies[0]).toMatchObject({ status: 'active', startDate: '2026-07-01', endDate: '2026-07-08' });
    expect(await json(await restCover(otherAdminId, ownerToken))).toEqual(other);
    expect(await json(await restCover(holderId, ownerToken))).toEqual(expected(HELD_IN_START_ORDER));
    // Staff may look at their own account too.
    expect((await restCover(adminId)).status).toBe(200);
  });

  it("answer 404 'User not found' for an unknown id, 400 for a malformed one, at both doors", async () => {
    expect((await expectJson<ErrorBody>(restCover(999_999), 404)).error).toBe(messages.userNotFound);
    for (const bad of ['abc', '0', '-1', '1.5']) expect((await restCover(bad)).status, bad).toBe(400);
    const err = await h
      .trpc(adminToken)
      .admin.users.coverHeld({ id: 999_999 })
      .then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe('NOT_FOUND');
    expect((err as TRPCError).message).toBe(messages.userNotFound);
  });

  it('are staff only: 401 without a token, 403 for a customer (even about their own account); nothing is logged', async () => {
    const [before] = await h.database.db.select({ n: count() }).from(auditLogs);
    expect((await h.request('GET', `/api/admin/users/${holderId}/cover`)).status).toBe(401);
    const forbidden = await restCover(holderId, customerToken);
    expect(forbidden.status).toBe(403);
    expect((await json<ErrorBody>(forbidden)).error).toBe(messages.forbidden);
    const holderToken = await h.tokenFor('coverholder');
    expect((await restCover(holderId, holderToken)).status).toBe(403);
    await restCover(holderId);
    const [after] = await h.database.db.select({ n: count() }).from(auditLogs);
    // The one new entry is the holder's own sign-in above: reading the cover is not logged.
    expect(after!.n).toBe(before!.n + 1);
  });
});

describe('deleting an account that holds cover', () => {
  it('closes it instead: every one of its policies kept with its holder, in the console and the report', async () => {
    const numbers = Object.values(held).map((p) => p.policyNumber);
    expect(await expectJson(h.request('DELETE', `/api/admin/users/${holderId}`, { token: adminToken }), 200)).toEqual({ success: true, closed: true });

    const kept = await h.database.db.select().from(policies).where(eq(policies.holderName, 'Holder live'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ userId: holderId, status: 'active', policyNumber: held['live']!.policyNumber });
    for (const number of numbers) {
      const listed = await json<PolicyView[]>(await h.request('GET', `/api/admin/policies?search=${number}`, { token: adminToken }));
      expect(listed, number).toHaveLength(1);
      expect(listed[0], number).toMatchObject({ policyNumber: number, userId: holderId, username: 'coverholder' });
    }
    const report = new TextDecoder().decode(await (await h.request('GET', '/api/admin/report.csv', { token: adminToken })).arrayBuffer());
    const liveRow = report.split('\r\n').find((line) => line.startsWith(`"${held['live']!.policyNumber}"`))!;
    expect(liveRow.split(',')[1]).toBe('"coverholder"');

    // Staff still read what a closed account holds.
    expect(await json(await restCover(holderId))).toEqual(expected(HELD_IN_START_ORDER));
  });

  it('nobody deletes themselves, whatever cover they hold (403, account and cover unchanged)', async () => {
    await createPolicy({ ...WINDOWS.live, userId: adminId });
    const before = await json<HeldCoverView>(await restCover(adminId));
    expect(before.policies).toHaveLength(1);
    expect((await expectJson<ErrorBody>(h.request('DELETE', `/api/admin/users/${adminId}`, { token: adminToken }), 403)).error).toBe(messages.noSelfDelete);
    expect(await json(await restCover(adminId))).toEqual(before);
    const own = await h.trpc(ownerToken).admin.users.delete({ id: ownerId }).then(() => 'deleted', (e: TRPCError) => e.code);
    expect(own).toBe('FORBIDDEN');
  });
});
