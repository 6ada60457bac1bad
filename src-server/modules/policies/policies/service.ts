import { and, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { cancellationMessages } from '../../../contract/cancellation';
import { messages } from '../../../contract/messages';
import { paymentMessages } from '../../../contract/payments';
import { hasAdminRights } from '../../../contract/roles';
import { productLabels, products, type Product } from '../../../contract/products';
import type { ListQuery, PolicyInput, PolicyStatus } from '../../../contract/schemas';
import { ukLocalToEpoch } from '../../../contract/time';
import { ADMIN_SEARCH_EXACT_TOTAL } from '../../../contract/limits';
import type { BoundedPage, PolicyVersionView, PolicyView } from '../../../contract/views';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { policies, policyPayments, users } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, fieldInvalid, InvalidError, NotFoundError } from '../../../errors';
import { listBoundedPage, readCounter, totalOf } from '../../../platform/db/list';
import { policyListOf } from '../../../platform/db/read-models/policy-list';
import { logEvent, writeLog } from '../../../platform/audit/log';
import { findUser } from '../../accounts';
import { reminderDueAt } from '../reminders/timing';
import { generatePolicyNumber, generateVerifyCode } from './policy-number';
import { accountText, changesBetween, changesText, recordVersion, versionsOf } from './versions';
import { awaitsPayment } from './paid';
import type { Actor, PolicyRow } from './row';

export function toPolicyView(row: PolicyRow, username: string | null): PolicyView {
  return {
    id: row.id,
    policyNumber: row.policyNumber,
    userId: row.userId,
    username,
    holderName: row.holderName,
    carModel: row.carModel,
    driverName: row.driverName,
    licenseNumber: row.licenseNumber,
    registration: row.registration,
    startDate: row.startDate,
    startTime: row.startTime,
    endDate: row.endDate,
    endTime: row.endTime,
    status: row.status,
    product: row.product,
    premium: row.premiumPence === null ? null : row.premiumPence / 100,
  };
}

/** The caller's own policies, newest start first: the busiest read, from its read model (db/read-models/policy-list.ts). */
export async function myPolicies(deps: Deps, caller: Caller): Promise<PolicyView[]> {
  return policyListOf(await deps.hot.policiesOfUserJson(caller.id));
}

/** An admin reading a customer's policies (impersonation); every such read is logged. */
export async function policiesOfUser(deps: Deps, caller: Caller, userId: number): Promise<PolicyView[]> {
  assertAdminRights(caller);
  const user = await findUser(deps.db, userId);
  if (!user) throw new NotFoundError(messages.userNotFound);
  const json = await deps.hot.policiesOfUserJson(userId);
  await logEvent(deps, { action: `Viewed policies of user #${userId} (${user.username})`, username: caller.username, userId: caller.id });
  return policyListOf(json);
}

/** What staff may type to mean a product: name, label, or label without 'cover' (docs/product.md#statistics-and-search). */
const PRODUCT_SEARCH_NAMES: ReadonlyMap<string, Product> = new Map(
  products.flatMap((p) => {
    const label = productLabels[p].toLowerCase();
    return [p, label, label.replace(/ cover$/, '')].map((name) => [name, p] as const);
  }),
);

export function productNamedBy(term: string): Product | undefined {
  return PRODUCT_SEARCH_NAMES.get(term.trim().toLowerCase().replace(/\s+/g, ' '));
}

/**
 * Every policy, newest first, with its owner's username, searched (db/list.ts); the total exact up to `exactUpTo`
 * (docs/api.md#lists). A term naming a product lists that product's, with its trigger-kept counter.
 */
export async function listPolicies(deps: Deps, caller: Caller, q: ListQuery, exactUpTo = ADMIN_SEARCH_EXACT_TOTAL): Promise<BoundedPage<PolicyView>> {
  assertAdminRights(caller);
  return listBoundedPage(deps, q, {
    searchIn: {
      text: [policies.policyNumber, policies.holderName, policies.driverName, policies.carModel, policies.registration, users.username],
      registrations: [policies.registration],
    },
    id: policies.id,
    order: 'desc',
    fts: { table: 'policies_fts', registrationColumn: 'registration' },
    exactTotalUpTo: exactUpTo,
    page: async (where, orderBy, limit, offset) =>
      (
        await deps.db
          .select({ policy: policies, username: users.username })
          .from(policies)
          .leftJoin(users, eq(users.id, policies.userId))
          .where(where)
          .orderBy(orderBy)
          .limit(limit)
          .offset(offset)
      ).map((r) => toPolicyView(r.policy, r.username)),
    count: (where) => totalOf(deps.db.select({ total: count() }).from(policies).leftJoin(users, eq(users.id, policies.userId)).where(where)),
    // Searched with the owners' usernames.
    scan: (where) => deps.db.select({ id: policies.id }).from(policies).leftJoin(users, eq(users.id, policies.userId)).where(where),
    total: () => readCounter(deps.db, 'policies'),
    category: (term) => {
      const product = productNamedBy(term);
      return product && { where: eq(policies.product, product), total: () => readCounter(deps.db, `policies_product_${product}`) };
    },
  });
}

/** The owner's username; a closed account takes no new policy (one it holds stays with it: `keeps`). */
export async function resolveOwner(tx: Tx, userId: number | null, keeps: number | null = null): Promise<string | null> {
  if (userId === null) return null;
  const user = await findUser(tx, userId);
  if (!user) throw new InvalidError(messages.invalidInput, { fieldErrors: { userId: [messages.userNotFound] } });
  if (user.closedAt !== null && userId !== keeps) throw fieldInvalid(messages.invalidInput, { userId: cancellationMessages.accountClosed });
  return user.username;
}

/**
 * Moving a policy to cancelled needs a reason, whichever way it is done (docs/product.md#cancelling-and-voiding):
 * the one check of that rule; the cancel operation's schema requires its reason the same way.
 */
export function assertCancelReason(from: PolicyStatus | null, to: PolicyStatus, reason: string | undefined): void {
  if (to === 'cancelled' && from !== null && from !== 'cancelled' && reason === undefined) {
    throw fieldInvalid(cancellationMessages.reasonRequired, { reason: cancellationMessages.reasonRequired });
  }
}

export const isEnded = (status: PolicyStatus) => status === 'cancelled' || status === 'expired';
/** Cover in force, or ended after it was: a status that makes the policy an insurer's record for good. */
const isInForce = (status: PolicyInput['status']) => status === 'active' || status === 'expired';

/**
 * What a save keeps of the policy as it was (for a new one, the defaults): product and premium when the input leaves
 * them out, and when it was first in force, which no later status clears (docs/product.md#policies).
 */
type Kept = Pick<PolicyRow, 'product' | 'premiumPence' | 'inForceAt'>;
const NEW_POLICY: Kept = { product: 'temporary', premiumPence: null, inForceAt: null };

/** The row's columns for a save at `now`; `remindedEndAt` decides the reminder owed (docs/product.md#cover-ending-reminders). */
export function columnsFrom(input: PolicyInput, now: number, kept: Kept, previousEndedAt: number | null = null, remindedEndAt: number | null = null) {
  const startAt = ukLocalToEpoch(input.startDate, input.startTime);
  const endAt = ukLocalToEpoch(input.endDate, input.endTime);
  return {
    userId: input.userId,
    holderName: input.holderName,
    carModel: input.carModel,
    driverName: input.driverName,
    licenseNumber: input.licenseNumber,
    registration: input.registration,
    startDate: input.startDate,
    startTime: input.startTime,
    endDate: input.endDate,
    endTime: input.endTime,
    startAt,
    endAt,
    status: input.status,
    product: input.product ?? kept.product,
    premiumPence: input.premium === undefined ? kept.premiumPence : input.premium === null ? null : Math.round(input.premium * 100),
    // When the cover ended (docs/product.md#policies-and-certificates): now if ended early, else its end; null while
    // in force. An ended policy keeps the moment it ended unless its end moves earlier.
    endedAt: isEnded(input.status) ? Math.min(previousEndedAt ?? now, endAt) : null,
    inForceAt: kept.inForceAt ?? (isInForce(input.status) ? now : null),
    reminderDueAt: reminderDueAt({ status: input.status, userId: input.userId, startAt, endAt, reminderEndAt: remindedEndAt }, now),
    updatedAt: now,
  };
}

async function unusedPolicyNumber(tx: Tx): Promise<string> {
  // 32^10 numbers make a clash vanishingly rare; the unique index is the final word.
  for (;;) {
    const candidate = generatePolicyNumber();
    const [taken] = await tx.select({ id: policies.id }).from(policies).where(eq(policies.policyNumber, candidate)).limit(1);
    if (!taken) return candidate;
  }
}

/** Waiting policies (issued to an address no account held) join the account that confirmed it; their numbers. */
export async function joinAccount(tx: DbOrTx, policyIds: number[], account: { id: number; username: string }, now: number): Promise<string[]> {
  if (policyIds.length === 0) return [];
  const userId = account.id;
  const joining = await tx
    .select({ id: policies.id, policyNumber: policies.policyNumber, status: policies.status, startAt: policies.startAt, endAt: policies.endAt, reminderEndAt: policies.reminderEndAt })
    .from(policies)
    .where(and(inArray(policies.id, policyIds), isNull(policies.userId)));
  for (const p of joining) {
    // With an account to write to, the policy is owed its cover-ending reminder from now on.
    await tx
      .update(policies)
      .set({ userId, reminderDueAt: reminderDueAt({ ...p, userId }, now), updatedAt: now })
      .where(eq(policies.id, p.id));
    await writeLog(tx, now, { action: `Policy ${p.policyNumber} joined account ${account.username} (address confirmed)`, username: account.username, userId });
    await recordVersion(tx, p.id, now, { username: account.username, userId }, [{ field: 'account', from: null, to: accountText(userId) }], 'address confirmed');
  }
  return joining.map((p) => p.policyNumber);
}

/** A new policy and its audit entry in the caller's transaction: Add Policy and issue-from-request alike. */
export async function insertPolicy(tx: Tx, caller: Caller, input: PolicyInput, now: number): Promise<{ row: PolicyRow; view: PolicyView }> {
  const username = await resolveOwner(tx, input.userId);
  const policyNumber = await unusedPolicyNumber(tx);
  const [row] = await tx
    .insert(policies)
    .values({
      ...columnsFrom(input, now, NEW_POLICY),
      cancelReason: input.status === 'cancelled' ? (input.reason ?? null) : null,
      policyNumber,
      verifyCode: generateVerifyCode(),
      createdAt: now,
    })
    .returning();
  await writeLog(tx, now, { action: `Created new policy: ${policyNumber}`, username: caller.username, userId: caller.id });
  await recordVersion(tx, row!.id, now, { username: caller.username, userId: caller.id }, changesBetween(null, row!), input.reason ?? null);
  return { row: row!, view: toPolicyView(row!, username) };
}

export async function createPolicy(deps: Deps, caller: Caller, input: PolicyInput): Promise<PolicyView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  return deps.write(async (tx) => (await insertPolicy(tx, caller, input, now)).view);
}

/**
 * Saves `input` over `existing` in the caller's transaction with its audit entry and version (`reason`, where one was
 * given): the edit form (update.ts) and the payment that puts a policy from a request in force alike. Void is for
 * good; a cancellation needs a reason; a policy from a request is first in force only once paid (paid.ts).
 */
export async function savePolicy(tx: Tx, caller: Actor, existing: PolicyRow, input: PolicyInput, now: number, reason: string | null = input.reason ?? null) {
  // A policy made in error stays the record of that (docs/product.md#cancelling-and-voiding).
  if (existing.status === 'void') throw new ConflictError(cancellationMessages.voidUnchangeable);
  assertCancelReason(existing.status, input.status, reason ?? undefined);
  const username = await resolveOwner(tx, input.userId, existing.userId);
  // A policy that stays ended (expired or cancelled, either way round) keeps the moment it ended.
  const stillEnded = isEnded(existing.status) && isEnded(input.status) ? existing.endedAt : null;
  const cancelledNow = input.status === 'cancelled' && existing.status !== 'cancelled';
  // A cancellation set for later waits only on active cover; one made now, or any other status, ends it.
  const cancelsAt = input.status === 'active' ? existing.cancelsAt : null;
  const columns = {
    ...columnsFrom(input, now, existing, stillEnded, existing.reminderEndAt),
    cancelsAt,
    cancelReason: cancelledNow ? reason : input.status === 'active' && cancelsAt === null ? null : existing.cancelReason,
  };
  if (existing.inForceAt === null && isInForce(input.status) && (await awaitsPayment(tx, existing.id, columns.premiumPence))) {
    throw new ConflictError(paymentMessages.notPaid);
  }
  const [row] = await tx.update(policies).set(columns).where(eq(policies.id, existing.id)).returning();
  const changes = changesBetween(existing, row!);
  const what = changes.length > 0 ? `: ${changesText(changes)}` : '';
  await writeLog(tx, now, { action: `Updated policy: ${row!.policyNumber}${what}`, username: caller.username, userId: caller.id });
  await recordVersion(tx, existing.id, now, { username: caller.username, userId: caller.id }, changes, reason);
  return { row: row!, view: toPolicyView(row!, username), changes };
}

export async function deletePolicy(deps: Deps, caller: Caller, id: number): Promise<void> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  await deps.write(async (tx) => {
    const [row] = await tx
      .select({ policyNumber: policies.policyNumber, inForceAt: policies.inForceAt, status: policies.status })
      .from(policies)
      .where(eq(policies.id, id))
      .limit(1);
    if (!row) throw new NotFoundError(messages.policyNotFound);
    // Voiding keeps a policy sent out in error as the record of it (docs/product.md#cancelling-and-voiding).
    if (row.status === 'void') throw new ConflictError(cancellationMessages.voidKept);
    // Cover that was ever sold stays, whatever happens to it after (docs/product.md#policies).
    if (row.inForceAt !== null) throw new ConflictError(messages.policyWasInForce);
    // Money taken for it is as much a record: a policy with any payment (or refund) is never deleted either.
    const [paid] = await tx.select({ id: policyPayments.id }).from(policyPayments).where(eq(policyPayments.policyId, id)).limit(1);
    if (paid) throw new ConflictError(messages.policyWasInForce);
    await tx.delete(policies).where(eq(policies.id, id));
    await writeLog(tx, now, { action: `Deleted policy: ${row.policyNumber}`, username: caller.username, userId: caller.id });
  });
}

/** Every change to a policy, newest first (docs/product.md#policy-history). */
export async function policyHistory(deps: Deps, caller: Caller, id: number): Promise<PolicyVersionView[]> {
  assertAdminRights(caller);
  const [row] = await deps.db.select({ id: policies.id }).from(policies).where(eq(policies.id, id)).limit(1);
  if (!row) throw new NotFoundError(messages.policyNotFound);
  return versionsOf(deps, id);
}

/** A policy the caller may see a certificate for (own, or any for an admin); another's answers like a missing one. */
export async function findViewablePolicy(deps: Deps, caller: Caller, policyNumber: string): Promise<PolicyRow> {
  const number = policyNumber.toUpperCase();
  const condition = hasAdminRights(caller)
    ? eq(policies.policyNumber, number)
    : and(eq(policies.policyNumber, number), eq(policies.userId, caller.id));
  const [row] = await deps.db.select().from(policies).where(condition).limit(1);
  if (!row) throw new NotFoundError(messages.policyNotFound);
  return row;
}

/**
 * The minute sweep (docs/operations.md#housekeeping): active policies whose cancellation set for later has come are
 * cancelled at that moment, then those whose end has passed expire; each switch is logged and versioned as the
 * system's. Answers how many policies ended.
 */
export async function sweepExpiredPolicies(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const due = await tx
      .select()
      .from(policies)
      .where(and(isNotNull(policies.cancelsAt), lte(policies.cancelsAt, now), eq(policies.status, 'active')));
    for (const p of due) {
      // Cancelled at the moment set, even when the sweep runs a little later; never after its own end.
      const endedAt = Math.min(p.cancelsAt!, p.endAt);
      const [row] = await tx
        .update(policies)
        .set({ status: 'cancelled', endedAt, cancelsAt: null, reminderDueAt: null, updatedAt: now })
        .where(eq(policies.id, p.id))
        .returning();
      await writeLog(tx, now, { action: `Policy cancelled: ${p.policyNumber}`, username: 'system' });
      await recordVersion(tx, p.id, now, { username: 'system' }, changesBetween(p, row!), p.cancelReason);
    }
    const expired = await tx
      .update(policies)
      // Ended cover is owed no reminder (docs/product.md#cover-ending-reminders).
      .set({ status: 'expired', endedAt: sql`${policies.endAt}`, cancelsAt: null, reminderDueAt: null, updatedAt: now })
      .where(and(eq(policies.status, 'active'), lte(policies.endAt, now)))
      .returning({ id: policies.id, policyNumber: policies.policyNumber });
    for (const p of expired) {
      await writeLog(tx, now, { action: `Policy expired: ${p.policyNumber}`, username: 'system' });
      await recordVersion(tx, p.id, now, { username: 'system' }, [{ field: 'status', from: 'active', to: 'expired' }]);
    }
    return due.length + expired.length;
  });
}
