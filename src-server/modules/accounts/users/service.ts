import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { coverStateAt } from '../../../contract/cover';
import { messages } from '../../../contract/messages';
import { hasAdminRights, normaliseRoles, type RoleFlags } from '../../../contract/roles';
import type { CreateUserInput, ListQuery, UpdateUserInput } from '../../../contract/schemas';
import { isReservedUsername } from '../../../contract/usernames';
import { ADMIN_SEARCH_EXACT_TOTAL } from '../../../contract/limits';
import type { BoundedPage, HeldCoverView, UserView } from '../../../contract/views';
import type { Tx } from '../../../platform/db/client';
import { passkeys, policies, users } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, fieldInvalid, ForbiddenError, NotFoundError } from '../../../errors';
import { hashPassword } from '../../../platform/auth/password';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { listBoundedPage, readCounter, totalOf } from '../../../platform/db/list';
import { toUserView } from './view';
import { writeLog } from '../../../platform/audit/log';
import { PASSWORD_LINKS, spendWaiting } from '../../../platform/tokens/index';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import { queueConfirmationLink } from '../email-confirmation/service';
import { queueInvitation } from '../password-reset/invitation';

type UserRow = typeof users.$inferSelect;

/** The role rules of docs/product.md#roles; `target` null when creating, `next` null when deleting. */
function assertMayManageUser(caller: Caller, targetId: number | null, target: RoleFlags | null, next: RoleFlags | null): void {
  if (targetId === caller.id) {
    if (next === null) throw new ForbiddenError(messages.noSelfDelete);
    if ((target!.isOwner && !next.isOwner) || (hasAdminRights(target!) && !hasAdminRights(next))) throw new ForbiddenError(messages.noSelfDemote);
  }
  if (!caller.isOwner && ((target && hasAdminRights(target)) || (next && hasAdminRights(next)))) {
    throw new ForbiddenError(messages.ownerOnly);
  }
}

/** Inside the write transaction, so two owners demoting each other at once cannot both succeed. */
async function assertOwnerRemains(tx: Tx, target: UserRow, next: RoleFlags | null): Promise<void> {
  if (!target.isOwner || next?.isOwner) return;
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isOwner, true), ne(users.id, target.id)));
  if ((row?.n ?? 0) === 0) throw new ConflictError(messages.lastOwner);
}

/** Username and e-mail are unique whatever their case; a clash is a 409 naming the field. */
export async function assertUnique(tx: Tx, username: string, email: string, exceptId: number | null): Promise<void> {
  const other = exceptId === null ? sql`1` : ne(users.id, exceptId);
  const taken = async (column: typeof users.username | typeof users.email, value: string) =>
    (await tx.select({ id: users.id }).from(users).where(and(sql`lower(${column}) = lower(${value})`, other)).limit(1)).length > 0;
  if (await taken(users.username, username)) throw new ConflictError(messages.usernameTaken, { fieldErrors: { username: [messages.usernameTaken] } });
  if (await taken(users.email, email)) throw new ConflictError(messages.emailTaken, { fieldErrors: { email: [messages.emailTaken] } });
}

export async function findUser(tx: Tx | Deps['db'], id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Accounts in id order, searched in username and e-mail; the total exact up to `exactUpTo` (docs/api.md#lists). */
export async function listUsers(deps: Deps, caller: Caller, q: ListQuery, exactUpTo = ADMIN_SEARCH_EXACT_TOTAL): Promise<BoundedPage<UserView>> {
  assertAdminRights(caller);
  return listBoundedPage(deps, q, {
    searchIn: { text: [users.username, users.email] },
    id: users.id,
    order: 'asc',
    fts: { table: 'users_fts' },
    exactTotalUpTo: exactUpTo,
    page: async (where, orderBy, limit, offset) => (await deps.db.select().from(users).where(where).orderBy(orderBy).limit(limit).offset(offset)).map(toUserView),
    count: (where) => totalOf(deps.db.select({ total: count() }).from(users).where(where)),
    scan: (where) => deps.db.select({ id: users.id }).from(users).where(where),
    total: () => readCounter(deps.db, 'users'),
  });
}

export async function createUser(deps: Deps, caller: Caller, input: CreateUserInput): Promise<UserView> {
  assertAdminRights(caller);
  const roles = normaliseRoles(input);
  assertMayManageUser(caller, null, null, roles);
  // Hashing takes tens of milliseconds: done before taking the write lock.
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const user = await deps.write(async (tx) => {
    await assertUnique(tx, input.username, input.email, null);
    const [row] = await tx
      .insert(users)
      .values({ username: input.username, email: input.email, passwordHash, ...roles, createdAt: now, updatedAt: now })
      .returning();
    await writeLog(tx, now, { action: `Created new user: ${input.username}`, username: caller.username, userId: caller.id });
    // Staff typed the address and the password; only the address's owner can prove it and choose their own: one
    // invitation does both when opened (docs/product.md#welcome, docs/product.md#e-mail-confirmation).
    await queueInvitation(deps, tx, row!, row!.username, now, 'staff-account');
    return toUserView(row!);
  });
  deliverSoon(deps, 'invitation mail');
  return user;
}

export async function updateUser(deps: Deps, caller: Caller, id: number, input: UpdateUserInput): Promise<UserView> {
  assertAdminRights(caller);
  const roles = normaliseRoles(input);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const now = deps.clock.now();
  const { view, addressChanged } = await deps.write(async (tx) => {
    const target = await findUser(tx, id);
    if (!target) throw new NotFoundError(messages.userNotFound);
    // Kept as it was when closed, as the record its policies name (docs/product.md#closed-accounts).
    if (target.closedAt !== null) throw new ConflictError(messages.accountClosed);
    assertMayManageUser(caller, id, target, roles);
    await assertOwnerRemains(tx, target, roles);
    const addressChanged = input.email.toLowerCase() !== target.email.toLowerCase();
    // A reserved name is refused only as a new name: an account that already has one (the first owner is
    // 'owner' by default) keeps it through edits (docs/product.md#registration).
    if (input.username.toLowerCase() !== target.username.toLowerCase() && isReservedUsername(input.username)) {
      throw fieldInvalid(messages.invalidInput, { username: messages.usernameReserved });
    }
    await assertUnique(tx, input.username, input.email, id);
    const [row] = await tx
      .update(users)
      .set({
        username: input.username,
        email: input.email,
        ...roles,
        updatedAt: now,
        // A new password ends every session signed in with the old one.
        ...(passwordHash ? { passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        // A new address is the account's only once its owner proves it (docs/product.md#e-mail-confirmation).
        ...(addressChanged ? { emailVerifiedAt: null } : {}),
      })
      .where(eq(users.id, id))
      .returning();
    // Links sent to the old address stop working; a password staff set ends every link that would set another.
    if (addressChanged) await spendWaiting(tx, id, [...PASSWORD_LINKS, 'verify'], now);
    else if (passwordHash) await spendWaiting(tx, id, PASSWORD_LINKS, now);
    await writeLog(tx, now, { action: `Updated user: ${input.username}`, username: caller.username, userId: caller.id });
    if (addressChanged) await queueConfirmationLink(deps, tx, row!, now);
    return { view: toUserView(row!), addressChanged };
  });
  if (addressChanged) deliverSoon(deps, 'confirmation mail');
  return view;
}

/**
 * DELETE /api/admin/users/{id}: an account that holds any policy is closed instead (docs/product.md#closed-accounts):
 * kept with its name and address so its policies keep their holder, every session ended, every link spent, no
 * sign-in, no staff role. Answers whether it was closed; closing a closed account again changes nothing.
 */
export async function deleteUser(deps: Deps, caller: Caller, id: number): Promise<{ closed: boolean }> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const target = await findUser(tx, id);
    if (!target) throw new NotFoundError(messages.userNotFound);
    assertMayManageUser(caller, id, target, null);
    await assertOwnerRemains(tx, target, null);
    const [held] = await tx.select({ id: policies.id }).from(policies).where(eq(policies.userId, id)).limit(1);
    if (!held) {
      await tx.delete(users).where(eq(users.id, id));
      await writeLog(tx, now, { action: `Deleted user: ${target.username}`, username: caller.username, userId: caller.id });
      return { closed: false };
    }
    if (target.closedAt !== null) return { closed: true };
    await closeAccountRow(tx, id, now);
    await writeLog(tx, now, { action: `Closed user: ${target.username} (holds policies)`, username: caller.username, userId: caller.id });
    return { closed: true };
  });
}

/**
 * Closes the account in `tx` (docs/product.md#closed-accounts), whoever asks (staff, or the customer themselves): no
 * sign-in, no staff role, every session ended, every link spent, no passkey kept, no reminder owed.
 */
export async function closeAccountRow(tx: Tx, id: number, now: number): Promise<void> {
  await tx
    .update(users)
    .set({ closedAt: now, isAdmin: false, isOwner: false, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
    .where(eq(users.id, id));
  await spendWaiting(tx, id, [...PASSWORD_LINKS, 'verify'], now);
  // Its passkeys would sign in nobody now; a device's public key is not the insurer's record (docs/product.md#passkeys).
  await tx.delete(passkeys).where(eq(passkeys.userId, id));
  // Nobody signs in to read a reminder's renewal link: the reminders owed are dropped (docs/product.md#cover-ending-reminders).
  await tx.update(policies).set({ reminderDueAt: null }).where(eq(policies.userId, id));
}

/** An account's cover not yet ended, in start order: shown before staff delete it (docs/product.md#changing-users-and-policies). */
export async function coverHeld(deps: Deps, caller: Caller, id: number): Promise<HeldCoverView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const user = await findUser(deps.db, id);
  if (!user) throw new NotFoundError(messages.userNotFound);
  // policies_user_start_idx gives the rows in start order, narrowed in SQL; coverStateAt has the last word.
  const rows = await deps.db
    .select({
      id: policies.id,
      policyNumber: policies.policyNumber,
      product: policies.product,
      status: policies.status,
      startDate: policies.startDate,
      startTime: policies.startTime,
      endDate: policies.endDate,
      endTime: policies.endTime,
      startAt: policies.startAt,
      endAt: policies.endAt,
    })
    .from(policies)
    .where(and(eq(policies.userId, id), inArray(policies.status, ['active', 'pending']), gt(policies.endAt, now)))
    .orderBy(asc(policies.startAt), asc(policies.id));
  return {
    policies: rows
      .filter((r) => coverStateAt(r.status, r.startAt, r.endAt, now) !== 'ended')
      .map(({ startAt: _s, endAt: _e, ...held }) => held),
  };
}
