import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { messages } from '../../contract/messages';
import type { CreateUserInput, ListQuery, UpdateUserInput } from '../../contract/schemas';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import type { Caller, Deps } from '../../deps';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { hashPassword } from '../../auth/password';
import { anyColumnContains, ftsMatch, readCounter, usesFts, type Page } from '../list';
import { writeLog } from '../logs/service';

export interface UserView {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  isOwner: boolean;
  createdAt: string;
}

type UserRow = typeof users.$inferSelect;
interface Roles {
  isAdmin: boolean;
  isOwner: boolean;
}

export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin || row.isOwner,
    isOwner: row.isOwner,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Owner ⊃ Admin ⊃ User: an owner is always an admin too. */
function normaliseRoles(r: Roles): Roles {
  return { isAdmin: r.isAdmin || r.isOwner, isOwner: r.isOwner };
}

const isStaff = (r: Roles) => r.isAdmin || r.isOwner;

/**
 * DECISIONS.md's role rules in one place. `target` is the account as it is (null when creating),
 * `next` the roles it would have (null when deleting).
 */
export function assertMayManageUser(caller: Caller, targetId: number | null, target: Roles | null, next: Roles | null): void {
  if (targetId === caller.id) {
    if (next === null) throw new ForbiddenError(messages.noSelfDelete);
    if ((target!.isOwner && !next.isOwner) || (isStaff(target!) && !next.isAdmin)) throw new ForbiddenError(messages.noSelfDemote);
  }
  if (!caller.isOwner && ((target && isStaff(target)) || (next && isStaff(next)))) {
    throw new ForbiddenError(messages.ownerOnly);
  }
}

/** Inside the write transaction, so two owners demoting each other at once cannot both succeed. */
async function assertOwnerRemains(tx: Tx, target: UserRow, next: Roles | null): Promise<void> {
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
  const [byName] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, other))
    .limit(1);
  if (byName) throw new ConflictError(messages.usernameTaken, { fieldErrors: { username: [messages.usernameTaken] } });
  const [byEmail] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, other))
    .limit(1);
  if (byEmail) throw new ConflictError(messages.emailTaken, { fieldErrors: { email: [messages.emailTaken] } });
}

export async function findUser(tx: Tx | Deps['db'], id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function listUsers(deps: Deps, q: ListQuery): Promise<Page<UserView>> {
  if (q.search && usesFts(q.search)) {
    // Trigram index: the page's rowids come straight from the index in id order; the total counts matches only.
    const match = ftsMatch('users_fts', q.search);
    const [rows, total] = await Promise.all([
      deps.db
        .select()
        .from(users)
        .where(sql`${users.id} IN (SELECT rowid FROM users_fts WHERE ${match} ORDER BY rowid LIMIT ${q.limit} OFFSET ${q.offset})`)
        .orderBy(asc(users.id)),
      deps.hot.countFtsMatches('users_fts', q.search),
    ]);
    return { items: rows.map(toUserView), total };
  }
  const where = q.search ? anyColumnContains([users.username, users.email], q.search) : undefined;
  const [rows, total] = await Promise.all([
    deps.db.select().from(users).where(where).orderBy(asc(users.id)).limit(q.limit).offset(q.offset),
    where ? deps.db.select({ total: count() }).from(users).where(where).then(([r]) => r?.total ?? 0) : readCounter(deps.db, 'users'),
  ]);
  return { items: rows.map(toUserView), total };
}

export async function createUser(deps: Deps, caller: Caller, input: CreateUserInput): Promise<UserView> {
  const roles = normaliseRoles(input);
  assertMayManageUser(caller, null, null, roles);
  // Hashing takes tens of milliseconds: done before taking the write lock.
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    await assertUnique(tx, input.username, input.email, null);
    const [row] = await tx
      .insert(users)
      .values({ username: input.username, email: input.email, passwordHash, ...roles, createdAt: now, updatedAt: now })
      .returning();
    await writeLog(tx, now, { action: `Created new user: ${input.username}`, username: caller.username, userId: caller.id });
    return toUserView(row!);
  });
}

export async function updateUser(deps: Deps, caller: Caller, id: number, input: UpdateUserInput): Promise<UserView> {
  const roles = normaliseRoles(input);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const target = await findUser(tx, id);
    if (!target) throw new NotFoundError(messages.userNotFound);
    assertMayManageUser(caller, id, target, roles);
    await assertOwnerRemains(tx, target, roles);
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
      })
      .where(eq(users.id, id))
      .returning();
    await writeLog(tx, now, { action: `Updated user: ${input.username}`, username: caller.username, userId: caller.id });
    return toUserView(row!);
  });
}

export async function deleteUser(deps: Deps, caller: Caller, id: number): Promise<void> {
  const now = deps.clock.now();
  await deps.write(async (tx) => {
    const target = await findUser(tx, id);
    if (!target) throw new NotFoundError(messages.userNotFound);
    assertMayManageUser(caller, id, target, null);
    await assertOwnerRemains(tx, target, null);
    await tx.delete(users).where(eq(users.id, id));
    await writeLog(tx, now, { action: `Deleted user: ${target.username}`, username: caller.username, userId: caller.id });
  });
}

/** Owner tier: changes only an account's role flags, under the same rules as a full edit. */
export async function setUserRoles(deps: Deps, caller: Caller, id: number, input: Roles): Promise<UserView> {
  const roles = normaliseRoles(input);
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const target = await findUser(tx, id);
    if (!target) throw new NotFoundError(messages.userNotFound);
    assertMayManageUser(caller, id, target, roles);
    await assertOwnerRemains(tx, target, roles);
    const [row] = await tx.update(users).set({ ...roles, updatedAt: now }).where(eq(users.id, id)).returning();
    await writeLog(tx, now, { action: `Changed roles of user: ${target.username}`, username: caller.username, userId: caller.id });
    return toUserView(row!);
  });
}
