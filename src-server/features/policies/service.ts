import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import { messages } from '../../contract/messages';
import type { ListQuery, PolicyInput, PolicyStatus } from '../../contract/schemas';
import { ukLocalToEpoch } from '../../contract/time';
import type { Tx } from '../../db/client';
import { policies, users } from '../../db/schema/index';
import type { Caller, Deps } from '../../deps';
import { InvalidError, NotFoundError } from '../../errors';
import { anyColumnContains, ftsMatch, readCounter, usesFts, type Page } from '../list';
import { logEvent, writeLog } from '../logs/service';
import { findUser } from '../users/service';
import { generatePolicyNumber } from './policy-number';

export interface PolicyView {
  id: number;
  policyNumber: string;
  userId: number | null;
  username: string | null;
  holderName: string;
  carModel: string;
  driverName: string;
  licenseNumber: string;
  registration: string | null;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  status: PolicyStatus;
}

type PolicyRow = typeof policies.$inferSelect;

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
  };
}

/** The caller's own policies, newest first, as the API's JSON (the busiest read: see db/hot-reads.ts). */
export function myPoliciesJson(deps: Deps, caller: Caller): Promise<string> {
  return deps.hot.policiesOfUserJson(caller.id, caller.username);
}

export async function myPolicies(deps: Deps, caller: Caller): Promise<PolicyView[]> {
  return JSON.parse(await myPoliciesJson(deps, caller)) as PolicyView[];
}

/** An admin reading a customer's policies (impersonation); every such read is logged. */
export async function policiesOfUser(deps: Deps, caller: Caller, userId: number): Promise<PolicyView[]> {
  const user = await findUser(deps.db, userId);
  if (!user) throw new NotFoundError(messages.userNotFound);
  const json = await deps.hot.policiesOfUserJson(userId, user.username);
  await logEvent(deps, { action: `Viewed policies of user #${userId} (${user.username})`, username: caller.username, userId: caller.id });
  return JSON.parse(json) as PolicyView[];
}

export async function listPolicies(deps: Deps, q: ListQuery): Promise<Page<PolicyView>> {
  const page = () =>
    deps.db
      .select({ policy: policies, username: users.username })
      .from(policies)
      .leftJoin(users, eq(users.id, policies.userId));
  if (q.search && usesFts(q.search)) {
    // Trigram index: FTS5 walks its matches newest rowid first and stops at the page; only the page's
    // rows are read back. The total counts the matches, never the table.
    const match = ftsMatch('policies_fts', q.search);
    const [rows, total] = await Promise.all([
      page()
        .where(
          sql`${policies.id} IN (SELECT rowid FROM policies_fts WHERE ${match} ORDER BY rowid DESC LIMIT ${q.limit} OFFSET ${q.offset})`,
        )
        .orderBy(desc(policies.id)),
      deps.hot.countFtsMatches('policies_fts', q.search),
    ]);
    return { items: rows.map((r) => toPolicyView(r.policy, r.username)), total };
  }
  const where = q.search
    ? anyColumnContains(
        [policies.policyNumber, policies.holderName, policies.driverName, policies.carModel, policies.registration, users.username],
        q.search,
      )
    : undefined;
  const [rows, total] = await Promise.all([
    page().where(where).orderBy(desc(policies.id)).limit(q.limit).offset(q.offset),
    where
      ? deps.db
          .select({ total: count() })
          .from(policies)
          .leftJoin(users, eq(users.id, policies.userId))
          .where(where)
          .then(([r]) => r?.total ?? 0)
      : readCounter(deps.db, 'policies'),
  ]);
  return { items: rows.map((r) => toPolicyView(r.policy, r.username)), total };
}

async function resolveOwner(tx: Tx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const user = await findUser(tx, userId);
  if (!user) throw new InvalidError(messages.invalidInput, { fieldErrors: { userId: [messages.userNotFound] } });
  return user.username;
}

function columnsFrom(input: PolicyInput, now: number) {
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
    startAt: ukLocalToEpoch(input.startDate, input.startTime),
    endAt: ukLocalToEpoch(input.endDate, input.endTime),
    status: input.status,
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

export async function createPolicy(deps: Deps, caller: Caller, input: PolicyInput): Promise<PolicyView> {
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const username = await resolveOwner(tx, input.userId);
    const policyNumber = await unusedPolicyNumber(tx);
    const [row] = await tx
      .insert(policies)
      .values({ ...columnsFrom(input, now), policyNumber, createdAt: now })
      .returning();
    await writeLog(tx, now, { action: `Created new policy: ${policyNumber}`, username: caller.username, userId: caller.id });
    return toPolicyView(row!, username);
  });
}

export async function updatePolicy(deps: Deps, caller: Caller, id: number, input: PolicyInput): Promise<PolicyView> {
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const [existing] = await tx.select({ id: policies.id }).from(policies).where(eq(policies.id, id)).limit(1);
    if (!existing) throw new NotFoundError(messages.policyNotFound);
    const username = await resolveOwner(tx, input.userId);
    const [row] = await tx.update(policies).set(columnsFrom(input, now)).where(eq(policies.id, id)).returning();
    await writeLog(tx, now, { action: `Updated policy: ${row!.policyNumber}`, username: caller.username, userId: caller.id });
    return toPolicyView(row!, username);
  });
}

export async function deletePolicy(deps: Deps, caller: Caller, id: number): Promise<void> {
  const now = deps.clock.now();
  await deps.write(async (tx) => {
    const [row] = await tx.delete(policies).where(eq(policies.id, id)).returning({ policyNumber: policies.policyNumber });
    if (!row) throw new NotFoundError(messages.policyNotFound);
    await writeLog(tx, now, { action: `Deleted policy: ${row.policyNumber}`, username: caller.username, userId: caller.id });
  });
}

/**
 * A policy the caller may see a certificate for: their own, or any for an admin (who views a customer's
 * documents while impersonating). Someone else's policy answers exactly like a missing one.
 */
export async function findViewablePolicy(deps: Deps, caller: Caller, policyNumber: string): Promise<PolicyRow> {
  const number = policyNumber.toUpperCase();
  const condition = caller.isAdmin
    ? eq(policies.policyNumber, number)
    : and(eq(policies.policyNumber, number), eq(policies.userId, caller.id));
  const [row] = await deps.db.select().from(policies).where(condition).limit(1);
  if (!row) throw new NotFoundError(messages.policyNotFound);
  return row;
}

/** Active policies whose end has passed become expired; each switch is logged. */
export async function sweepExpiredPolicies(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  return deps.write(async (tx) => {
    const expired = await tx
      .update(policies)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(policies.status, 'active'), lte(policies.endAt, now)))
      .returning({ policyNumber: policies.policyNumber });
    for (const p of expired) {
      await writeLog(tx, now, { action: `Policy expired: ${p.policyNumber}`, username: 'system' });
    }
    return expired.length;
  });
}
