// Ending a policy early and telling its customer (docs/product.md#cancelling-and-voiding): cancelling cover that was
// sold (now, or at a later time the minute sweep applies), with any refund as a negative payment; voiding a policy
// made in error and never in force; and sending the documents or the invitation again. Each in one transaction with
// its version, audit entry and e-mail.
import { eq, sql } from 'drizzle-orm';
import { cancellationMessages, type CancelPolicyInput, type ResendInput, type VoidPolicyInput } from '../../../contract/cancellation';
import { coverStateAt } from '../../../contract/cover';
import { messages } from '../../../contract/messages';
import { paymentMethodLabels } from '../../../contract/payments';
import { formatPounds } from '../../../contract/pounds';
import { ukInstantText, ukLocalToEpoch } from '../../../contract/time';
import type { PolicyView } from '../../../contract/views';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, fieldInvalid, NotFoundError } from '../../../errors';
import { writeLog } from '../../../platform/audit/log';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { spendWaiting } from '../../../platform/tokens/index';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { policies, policyPayments, quoteRequests, users } from '../../../platform/db/schema/index';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import { policyDocumentFiles } from '../documents/files';
import { queueInvitation } from '../../accounts';
import { documentsMail, policyCancelledMail, policyMailAccount, policyVoidedMail, type Refund } from './mail';
import type { PolicyRow } from './row';
import { toPolicyView } from './service';
import { paidPence } from './paid';
import { changesBetween, changesText, recordVersion } from './versions';
import { onlineRefundsDue, recordOnlineRefunds, refundOnline } from './online-refund';

const MINUTE = 60_000;

async function policyForChange(tx: DbOrTx, id: number): Promise<{ row: PolicyRow; username: string | null }> {
  const [found] = await tx.select({ policy: policies, username: users.username }).from(policies).leftJoin(users, eq(users.id, policies.userId)).where(eq(policies.id, id)).limit(1);
  if (!found) throw new NotFoundError(messages.policyNotFound);
  return { row: found.policy, username: found.username };
}

/** Why a policy cannot be cancelled at `now`, or null when it can: only cover in force or starting later. */
function notCancellable(row: PolicyRow, now: number): string | null {
  if (row.status === 'cancelled') return cancellationMessages.alreadyCancelled;
  if (row.status === 'void') return cancellationMessages.isVoid;
  if (row.status === 'pending') return row.inForceAt === null ? cancellationMessages.neverInForce : cancellationMessages.notCancellable;
  if (coverStateAt(row.status, row.startAt, row.endAt, now) === 'ended') return cancellationMessages.hasEnded;
  return null;
}

/** When the cancellation takes effect: now when no time is given or it is the current minute, else the later time. */
function effectiveAt(input: CancelPolicyInput, row: PolicyRow, now: number): number {
  if (input.effectiveDate === undefined || input.effectiveTime === undefined) return now;
  const at = ukLocalToEpoch(input.effectiveDate, input.effectiveTime);
  // Minute precision: the current minute is now, an earlier one is the past.
  if (at < Math.floor(now / MINUTE) * MINUTE) throw fieldInvalid(cancellationMessages.effectivePast, { effectiveDate: cancellationMessages.effectivePast });
  if (at >= row.endAt) {
    const message = cancellationMessages.effectiveAfterEnd(ukInstantText(row.endAt));
    throw fieldInvalid(message, { effectiveDate: message });
  }
  return Math.max(at, now);
}

/** Staff's refund in pence, refused (400) when over what was paid less what goes back online. */
async function staffRefundPence(db: DbOrTx, id: number, input: CancelPolicyInput, onlinePence: number): Promise<number | null> {
  if (!input.refund) return null;
  const amountPence = Math.round(input.refund.amount! * 100);
  const paid = (await paidPence(db, id)) - onlinePence;
  if (amountPence > paid) {
    const message = cancellationMessages.refundOverPaid(formatPounds(paid / 100));
    throw fieldInvalid(message, { refund: message });
  }
  return amountPence;
}

/**
 * Checks the cancellation and gives back what was paid online when it takes effect before the cover starts, through
 * the provider and before the transaction (online-refund.ts): a refusal or a provider failure cancels nothing.
 */
async function refundBeforeCancelling(deps: Deps, id: number, input: CancelPolicyInput, now: number) {
  const { row } = await policyForChange(deps.db, id);
  const refused = notCancellable(row, now);
  if (refused) throw new ConflictError(refused);
  const owed = await onlineRefundsDue(deps.db, row, effectiveAt(input, row, now));
  await staffRefundPence(deps.db, id, input, owed.totalPence);
  return refundOnline(deps, row, owed);
}

/**
 * POST /api/admin/policies/{id}/cancel: from now (status cancelled, ended now) or from a later time (set on the
 * policy, applied by the minute sweep), with any refund recorded as a negative payment, all in one transaction.
 */
export async function cancelPolicy(deps: Deps, caller: Caller, id: number, input: CancelPolicyInput): Promise<PolicyView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const by = { username: caller.username, userId: caller.id };
  const online = await refundBeforeCancelling(deps, id, input, now);
  const { view, told } = await deps.write(async (tx) => {
    const { row: before, username } = await policyForChange(tx, id);
    const refused = notCancellable(before, now);
    if (refused) throw new ConflictError(refused);
    const at = effectiveAt(input, before, now);
    const immediate = at <= now;
    const refunds: Refund[] = (await recordOnlineRefunds(tx, id, online, caller, now)).map((r) => ({ amountPence: r.amountPence, method: 'hosted-card' }));
    const amountPence = await staffRefundPence(tx, id, input, 0);
    if (input.refund && amountPence !== null) {
      refunds.push({ amountPence, method: input.refund.method });
      await tx.insert(policyPayments).values({ policyId: id, amountPence: -amountPence, method: input.refund.method, reference: input.refund.reference, at: now, ...by });
    }
    const [row] = await tx
      .update(policies)
      .set(
        immediate
          ? // Ended cover is owed no reminder (docs/product.md#cover-ending-reminders).
            { status: 'cancelled', endedAt: now, cancelsAt: null, cancelReason: input.reason, reminderDueAt: null, updatedAt: now }
          : { cancelsAt: at, cancelReason: input.reason, updatedAt: now },
      )
      .where(eq(policies.id, id))
      .returning();
    const changes = changesBetween(before, row!);
    const refunded = refunds.map((r) => `; refund ${formatPounds(r.amountPence / 100)} (${paymentMethodLabels[r.method].toLowerCase()})`).join('');
    const action = immediate
      ? `Cancelled policy: ${row!.policyNumber} from ${ukInstantText(at)}${refunded}`
      : `Cancellation set: ${row!.policyNumber} from ${ukInstantText(at)}${refunded}`;
    await writeLog(tx, now, { action, ...by });
    await recordVersion(tx, id, now, by, changes, input.reason);
    const account = await policyMailAccount(tx, row!);
    if (account) {
      const files = await policyDocumentFiles(deps, tx, row!);
      await deps.mailer.queue(tx, policyCancelledMail(deps.publicUrl, row!, account.email, { effectiveAt: at, now: immediate, reason: input.reason, refunds }, files));
    }
    return { view: toPolicyView(row!, username), told: account !== null };
  });
  if (told) deliverSoon(deps, 'cancellation mail');
  return view;
}

/** POST /api/admin/policies/{id}/void: a policy made in error and never in force is kept, marked void. */
export async function voidPolicy(deps: Deps, caller: Caller, id: number, input: VoidPolicyInput): Promise<PolicyView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const by = { username: caller.username, userId: caller.id };
  const { view, told } = await deps.write(async (tx) => {
    const { row: before, username } = await policyForChange(tx, id);
    if (before.status === 'void') throw new ConflictError(cancellationMessages.alreadyVoid);
    // Cover once sold is cancelled, never voided: voiding says it never existed (docs/product.md#cancelling-and-voiding).
    if (before.inForceAt !== null) throw new ConflictError(cancellationMessages.wasInForce);
    const [row] = await tx
      .update(policies)
      .set({ status: 'void', cancelsAt: null, cancelReason: input.reason, reminderDueAt: null, updatedAt: now })
      .where(eq(policies.id, id))
      .returning();
    const changes = changesBetween(before, row!);
    await writeLog(tx, now, { action: `Voided policy: ${row!.policyNumber}: ${changesText(changes)}`, ...by });
    await recordVersion(tx, id, now, by, changes, input.reason);
    const account = await policyMailAccount(tx, row!);
    if (account) await deps.mailer.queue(tx, policyVoidedMail(deps.publicUrl, row!, account.email, input.reason));
    return { view: toPolicyView(row!, username), told: account !== null };
  });
  if (told) deliverSoon(deps, 'void mail');
  return view;
}

/**
 * The account an invitation for the policy goes to: its own account while it has no usable password, or, for a
 * policy waiting on an unconfirmed address (modules/requests/quotes/issue-policy.ts), the account of its request's address.
 */
async function invitationTarget(tx: Tx, row: PolicyRow) {
  const pick = { id: users.id, username: users.username, email: users.email, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt, closedAt: users.closedAt };
  if (row.userId !== null) {
    const [user] = await tx.select(pick).from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) throw new ConflictError(cancellationMessages.noAccount);
    if (user.closedAt !== null) throw new ConflictError(cancellationMessages.accountClosed);
    const account = await policyMailAccount(tx, row);
    if (!account) throw new ConflictError(cancellationMessages.unprovedAddress);
    if (account.hasPassword) throw new ConflictError(cancellationMessages.passwordSet);
    return { user, kind: 'new-account' as const };
  }
  const [waiting] = await tx
    .select(pick)
    .from(quoteRequests)
    .innerJoin(users, sql`lower(${users.email}) = lower(${quoteRequests.email})`)
    .where(eq(quoteRequests.policyId, row.id))
    .limit(1);
  if (!waiting || waiting.emailVerifiedAt !== null || waiting.closedAt !== null) throw new ConflictError(cancellationMessages.noAccount);
  return { user: waiting, kind: 'unconfirmed-account' as const };
}

/** POST /api/admin/policies/{id}/resend: the documents e-mail, or the set-password invitation, sent again; logged. */
export async function resendToCustomer(deps: Deps, caller: Caller, id: number, input: ResendInput): Promise<{ message: string }> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const by = { username: caller.username, userId: caller.id };
  const message = await deps.write(async (tx) => {
    const { row } = await policyForChange(tx, id);
    if (input.what === 'documents') {
      if (row.status === 'void') throw new ConflictError(cancellationMessages.noDocuments);
      if (row.userId === null) throw new ConflictError(cancellationMessages.noAccount);
      const account = await policyMailAccount(tx, row);
      if (!account) throw new ConflictError(cancellationMessages.unprovedAddress);
      await deps.mailer.queue(tx, documentsMail(deps.publicUrl, row, account, row.holderName, await policyDocumentFiles(deps, tx, row), 'again'));
      await writeLog(tx, now, { action: `Sent again: documents of policy ${row.policyNumber} to ${account.username}`, ...by });
      return `The documents of ${row.policyNumber} are on their way to ${account.email}.`;
    }
    const { user, kind } = await invitationTarget(tx, row);
    // Only the newest link sets the password: earlier unused invitations stop working.
    await spendWaiting(tx, user.id, ['invite'], now);
    await queueInvitation(deps, tx, user, row.holderName, now, kind);
    await writeLog(tx, now, { action: `Sent again: invitation for policy ${row.policyNumber} to ${user.username}`, ...by });
    return `A new invitation is on its way to ${user.email}.`;
  });
  deliverSoon(deps, 'resent mail');
  return { message };
}
