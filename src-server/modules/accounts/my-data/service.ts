// A customer's own data (docs/product.md#my-data) and closing their own account (docs/product.md#closing-your-account).
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { closeAccountMessages, MY_DATA_LIMITS, type AccountClosedReply, type CloseAccountInput, type MyDataView } from '../../../contract/my-data';
import type { CustomerOverviewView } from '../../../contract/views';
import { messages } from '../../../contract/messages';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, fieldInvalid, ForbiddenError, ThrottledError, UnauthenticatedError } from '../../../errors';
import { writeLog, logEvent } from '../../../platform/audit/log';
import { hasUsablePassword } from '../account/service';
import { verifyPassword } from '../../../platform/auth/password';
import { throttleAddress } from '../../../platform/auth/throttle-address';
import { hitThrottle, peekThrottle, type ThrottleRule } from '../../../platform/auth/throttle';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { auditLogs, callbackRequests, mailOutbox, policies, quoteRequests, requestNotes, users } from '../../../platform/db/schema/index';
import { listPasskeys } from '../passkeys/service';
import { closeAccountRow, findUser } from '../users/service';

const iso = (ms: number) => new Date(ms).toISOString();

/** Wrong passwords allowed when closing, per account per 15 minutes: a stolen session cannot guess the password here. */
export const CLOSE_PASSWORD_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
const closeThrottleKey = (userId: number) => `close-account:${userId}`;

/** Which e-mails to the account's address are read: all of them (staff), or those sent since it proved the address (its own copy). */
export interface RecordsOptions {
  mails: 'all' | 'since-proved';
}

/** What the broker holds on one account (modules/reporting/customers/service.ts customerRecords). */
export type AccountRecords = (db: DbOrTx, user: typeof users.$inferSelect, options: RecordsOptions) => Promise<CustomerOverviewView>;
let accountRecords: AccountRecords | null = null;

/** Given by reporting's door (modules/reporting/index.ts): the records are every module's, and accounts imports none above it. */
export function provideAccountRecords(read: AccountRecords): void {
  accountRecords = read;
}

/** The signed-in account, or 401: a session outliving its account answers as a signed-out one. */
async function ownAccount(deps: Deps, caller: Caller) {
  const user = await findUser(deps.db, caller.id);
  if (!user || user.closedAt !== null) throw new UnauthenticatedError(messages.unauthenticated);
  return user;
}

/**
 * GET /api/account/data: everything held about the caller, as staff's one view of a customer reads it (the same
 * matching: requests claimed by the account, callbacks only by an address it proved), with the audit entries about the
 * account; the e-mails only those sent to its address since it proved it. Each download is logged.
 */
export async function myData(deps: Deps, caller: Caller): Promise<MyDataView> {
  const user = await ownAccount(deps, caller);
  if (!accountRecords) throw new Error('No reader of account records: modules/reporting/index.ts gives it.');
  const records = await accountRecords(deps.db, user, { mails: 'since-proved' });
  // audit_logs_user_idx: the account's entries newest first. Matched by the account's id, never by a name typed at sign-in.
  const auditRows = await deps.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.userId, user.id))
    .orderBy(desc(auditLogs.id))
    .limit(MY_DATA_LIMITS.auditEntries);
  const lists = { quoteRequests: records.quoteRequests, callbackRequests: records.callbackRequests, policies: records.policies, claims: records.claims, payments: records.payments, notes: records.notes, mails: records.mails };
  const fullLists = Object.entries(lists)
    .filter(([, items]) => items.length >= MY_DATA_LIMITS.perList)
    .map(([name]) => name);
  if (auditRows.length >= MY_DATA_LIMITS.auditEntries) fullLists.push('auditEntries');
  const view: MyDataView = {
    ...records,
    generatedAt: iso(deps.clock.now()),
    passkeys: (await listPasskeys(deps, caller)).passkeys,
    auditEntries: auditRows.map((r) => ({ action: r.action, level: r.level, createdAt: iso(r.createdAt), count: r.count, lastAt: r.lastAt === null ? null : iso(r.lastAt) })),
    limits: { ...MY_DATA_LIMITS },
    fullLists,
  };
  await logEvent(deps, { action: `Downloaded own data: ${user.username}`, username: user.username, userId: user.id });
  return view;
}

/** The name the download is saved under. */
export const myDataFileName = (view: MyDataView) => `kerbside-cover-my-data-${view.account.username}-${view.generatedAt.slice(0, 10)}.json`;

/**
 * POST /api/account/close: the current password confirmed; refused while any cover is live or to come; else, in one
 * transaction, the personal data not needed for the insurer's record is erased and the account closed (kept with its
 * policies) or, holding none, deleted (docs/product.md#closing-your-account).
 */
export async function closeOwnAccount(deps: Deps, caller: Caller, input: CloseAccountInput, clientAddress: string): Promise<AccountClosedReply> {
  // Staff accounts are closed by an owner, who keeps at least one owner (docs/product.md#changing-users-and-policies).
  if (caller.isAdmin || caller.isOwner) throw new ForbiddenError(closeAccountMessages.staff);
  const now = deps.clock.now();
  const key = closeThrottleKey(caller.id);
  const refusedFor = async (retryAfterSeconds: number): Promise<never> => {
    deps.metrics.throttleRefused('close_account');
    throw new ThrottledError(messages.tooManyAttempts, retryAfterSeconds);
  };
  const before = await peekThrottle(deps.db, key, CLOSE_PASSWORD_RULE, now);
  if (before.full) return refusedFor(before.retryAfterSeconds);

  const user = await ownAccount(deps, caller);
  const client = { address: throttleAddress(clientAddress), known: true };
  const ok = hasUsablePassword(user.passwordHash) && (await verifyPassword(input.password, user.passwordHash, client));
  if (!ok) {
    const hit = await deps.write((tx) => hitThrottle(tx, key, CLOSE_PASSWORD_RULE, now));
    if (hit.over) return refusedFor(hit.retryAfterSeconds);
    throw fieldInvalid(messages.invalidInput, { password: closeAccountMessages.wrongPassword });
  }

  const deleted = await deps.write(async (tx) => {
    const row = await findUser(tx, user.id);
    // Closed or changed by staff while the password was being checked: the session has ended with it.
    if (!row || row.closedAt !== null || row.sessionVersion !== user.sessionVersion) throw new UnauthenticatedError(messages.unauthenticated);
    await assertNoLiveCover(tx, row.id, now);
    await eraseNotNeeded(tx, row);
    const [held] = await tx.select({ id: policies.id }).from(policies).where(eq(policies.userId, row.id)).limit(1);
    if (held) {
      await closeAccountRow(tx, row.id, now);
      await writeLog(tx, now, { action: `Closed own account: ${row.username} (holds policies)`, username: row.username, userId: row.id });
      return false;
    }
    await tx.delete(users).where(eq(users.id, row.id));
    await writeLog(tx, now, { action: `Deleted own account: ${row.username}`, username: row.username, userId: row.id });
    return true;
  });
  return { success: true, deleted, message: deleted ? closeAccountMessages.deleted : closeAccountMessages.closed };
}

/** 409 while any of the account's cover is live or to come (active or pending, ending later), naming until when. */
async function assertNoLiveCover(tx: Tx, userId: number, now: number): Promise<void> {
  const live = await tx
    .select({ policyNumber: policies.policyNumber, endDate: policies.endDate, endTime: policies.endTime, endAt: policies.endAt })
    .from(policies)
    .where(and(eq(policies.userId, userId), inArray(policies.status, ['active', 'pending']), gt(policies.endAt, now)))
    .orderBy(desc(policies.endAt));
  const last = live[0];
  if (!last) return;
  throw new ConflictError(
    closeAccountMessages.liveCover(
      live.map((p) => p.policyNumber).sort(),
      `${last.endDate} ${last.endTime}`,
    ),
    { until: iso(last.endAt) },
  );
}

/**
 * Erases what the insurer's record does not need (docs/product.md#closing-your-account): quote requests no policy was
 * issued from, callback requests by the address the account proved, staff notes on both, and the e-mails sent to that
 * address. Policies, their versions, payments, claims (with their notes and photos), the quote requests policies were
 * issued from, and the audit log are kept.
 */
async function eraseNotNeeded(tx: Tx, user: typeof users.$inferSelect): Promise<void> {
  const quoteIds = (
    await tx.select({ id: quoteRequests.id }).from(quoteRequests).where(and(eq(quoteRequests.userId, user.id), isNull(quoteRequests.policyId)))
  ).map((r) => r.id);
  // A callback names no account: it is theirs only by an address they proved (docs/product.md#e-mail-confirmation).
  const proved = user.emailVerifiedAt !== null;
  const callbackIds = proved
    ? (await tx.select({ id: callbackRequests.id }).from(callbackRequests).where(sql`lower(${callbackRequests.email}) = lower(${user.email})`)).map((r) => r.id)
    : [];
  const noteWhere = or(
    quoteIds.length ? and(eq(requestNotes.requestKind, 'quote'), inArray(requestNotes.requestId, quoteIds)) : undefined,
    callbackIds.length ? and(eq(requestNotes.requestKind, 'callback'), inArray(requestNotes.requestId, callbackIds)) : undefined,
  );
  if (noteWhere) await tx.delete(requestNotes).where(noteWhere);
  if (quoteIds.length) await tx.delete(quoteRequests).where(inArray(quoteRequests.id, quoteIds));
  if (callbackIds.length) await tx.delete(callbackRequests).where(inArray(callbackRequests.id, callbackIds));
  // A message being delivered right now is left to its sender; every other copy of what we wrote to them goes.
  if (proved) await tx.delete(mailOutbox).where(and(sql`lower(${mailOutbox.toAddress}) = lower(${user.email})`, sql`${mailOutbox.status} <> 'sending'`));
}
