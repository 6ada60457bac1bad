// Payments (docs/product.md#payments): staff record money taken elsewhere (the product never sees a card number), each
// with who and when and an audit entry. The payment that covers the premium of a pending policy issued from a quote
// request puts it in force in the same transaction, through the policies' own save (policies/service.ts savePolicy),
// and e-mails the confirmation with the documents. The card provider's webhook records a payment taken on its hosted
// page through the same core (recordPaymentIn), as the server itself (docs/product.md#paying-online).
import { desc, eq } from 'drizzle-orm';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { writeLog } from '../../../platform/audit/log';
import { messages } from '../../../contract/messages';
import type { PaymentInput, PaymentMethod } from '../../../contract/payments';
import { formatPounds } from '../../../contract/pounds';
import type { PolicyInput } from '../../../contract/schemas';
import { epochToUkLocal } from '../../../contract/time';
import type { PolicyPaymentsView, RecordedPaymentView } from '../../../contract/views';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { policies, policyPayments, quoteRequests, users } from '../../../platform/db/schema/index';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import type { Caller, Deps } from '../../../deps';
import { NotFoundError } from '../../../errors';
import { hasUsablePassword } from '../../accounts';
import { policyDocumentFiles } from '../documents/files';
import { covers, paidPence } from '../policies/paid';
import type { Actor, PolicyRow } from '../policies/row';
import { savePolicy, toPolicyView } from '../policies/service';
import { documentsMail, type Placement } from '../policies/mail';

/** How the audit entry says a payment was made: 'Payment recorded for KC-…: £45.00 by card by phone'. */
const METHOD_WORDS: Record<PaymentMethod, string> = {
  'card-by-phone': 'by card by phone',
  'bank-transfer': 'by bank transfer',
  other: 'by other means',
  'hosted-card': 'by card online',
};

/** The version's and the audit entry's reason when a payment puts cover in force. */
export const PAID_IN_FULL = 'paid in full';

export async function policyById(db: DbOrTx, id: number): Promise<PolicyRow> {
  const [row] = await db.select().from(policies).where(eq(policies.id, id)).limit(1);
  if (!row) throw new NotFoundError(messages.policyNotFound);
  return row;
}

async function paymentsOf(db: DbOrTx, policy: PolicyRow): Promise<PolicyPaymentsView> {
  const rows = await db.select().from(policyPayments).where(eq(policyPayments.policyId, policy.id)).orderBy(desc(policyPayments.id));
  const paid = rows.reduce((sum, r) => sum + r.amountPence, 0);
  return {
    items: rows.map((r) => ({
      id: r.id,
      amount: r.amountPence / 100,
      method: r.method,
      reference: r.reference,
      at: new Date(r.at).toISOString(),
      username: r.username,
    })),
    paid: paid / 100,
    premium: policy.premiumPence === null ? null : policy.premiumPence / 100,
    balance: policy.premiumPence === null ? null : (policy.premiumPence - paid) / 100,
  };
}

/** GET /api/admin/policies/{id}/payments and admin.policies.payments: newest first, with what they come to. */
export async function listPayments(deps: Deps, caller: Caller, id: number): Promise<PolicyPaymentsView> {
  assertAdminRights(caller);
  return paymentsOf(deps.db, await policyById(deps.db, id));
}

/** The policy's fields as a save takes them, with the status and start given. */
function inputOf(p: PolicyRow, status: PolicyInput['status'], start: { date: string; time: string }): PolicyInput {
  return {
    userId: p.userId,
    holderName: p.holderName,
    carModel: p.carModel,
    driverName: p.driverName,
    licenseNumber: p.licenseNumber,
    registration: p.registration,
    startDate: start.date,
    startTime: start.time,
    endDate: p.endDate,
    endTime: p.endTime,
    status,
    product: p.product,
    premium: p.premiumPence === null ? null : p.premiumPence / 100,
  };
}

/** Where the confirmation goes: the policy's account, or (waiting for the invitation to be opened) the request's address. */
async function recipientOf(tx: Tx, policy: PolicyRow, request: { email: string }): Promise<{ email: string; username: string; placement: Placement }> {
  if (policy.userId === null) return { email: request.email, username: '', placement: 'unconfirmed' };
  const [user] = await tx
    .select({ email: users.email, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, policy.userId))
    .limit(1);
  if (!user) return { email: request.email, username: '', placement: 'unconfirmed' };
  // The policy is in the account already: the lines say how to sign in, and how to set a password not set yet.
  return { email: user.email, username: user.username, placement: hasUsablePassword(user.passwordHash) ? 'confirmed' : 'unset' };
}

/**
 * Puts a pending policy from a quote request in force once its payments cover the premium, in `tx`: null when it is
 * not due. Cover never starts before it is paid: a start already past moves to the minute of payment, and the version
 * records it. Cover whose end has passed unpaid stays pending for staff to settle.
 */
async function activateIfPaid(deps: Deps, tx: Tx, caller: Actor, policy: PolicyRow, now: number): Promise<PolicyRow | null> {
  if (policy.status !== 'pending' || policy.endAt <= now) return null;
  const [request] = await tx.select({ email: quoteRequests.email, firstName: quoteRequests.firstName }).from(quoteRequests).where(eq(quoteRequests.policyId, policy.id)).limit(1);
  if (!request || !covers(await paidPence(tx, policy.id), policy.premiumPence)) return null;
  const start = policy.startAt < now ? epochToUkLocal(now) : { date: policy.startDate, time: policy.startTime };
  const { row } = await savePolicy(tx, caller, policy, inputOf(policy, 'active', start), now, PAID_IN_FULL);
  const files = await policyDocumentFiles(deps, tx, row);
  await deps.mailer.queue(tx, documentsMail(deps.publicUrl, row, await recipientOf(tx, row, request), request.firstName, files, 'paid'));
  return row;
}

/** A payment as recorded: in pence, its method, and the card terminal's receipt, the transfer's or the provider's id. */
export interface PaymentRecord {
  amountPence: number;
  method: PaymentMethod;
  reference: string | null;
}

/**
 * Records a payment for `policy` in `tx` with its audit entry, and puts a pending policy from a quote request in
 * force when payments now cover its premium (its confirmation e-mail queued): staff's route and the card provider's
 * webhook alike. The caller starts the mail delivery once `tx` has committed (deliverSoon) when it was activated.
 */
export async function recordPaymentIn(deps: Deps, tx: Tx, by: Actor, policy: PolicyRow, payment: PaymentRecord, now: number): Promise<{ row: PolicyRow; activated: boolean }> {
  await tx.insert(policyPayments).values({ policyId: policy.id, amountPence: payment.amountPence, method: payment.method, reference: payment.reference, at: now, username: by.username, userId: by.id });
  const ref = payment.reference ? ` (ref ${payment.reference})` : '';
  await writeLog(tx, now, {
    action: `Payment recorded for ${policy.policyNumber}: ${formatPounds(payment.amountPence / 100)} ${METHOD_WORDS[payment.method]}${ref}`,
    username: by.username,
    userId: by.id,
  });
  const activated = await activateIfPaid(deps, tx, by, policy, now);
  return { row: activated ?? policy, activated: activated !== null };
}

/** POST /api/admin/policies/{id}/payments and admin.policies.recordPayment. */
export async function recordPayment(deps: Deps, caller: Caller, id: number, input: PaymentInput): Promise<RecordedPaymentView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const amountPence = Math.round(input.amount * 100);
  const recorded = await deps.write(async (tx) => {
    const policy = await policyById(tx, id);
    const { row, activated } = await recordPaymentIn(deps, tx, caller, policy, { amountPence, method: input.method, reference: input.reference }, now);
    const [owner] = row.userId === null ? [] : await tx.select({ username: users.username }).from(users).where(eq(users.id, row.userId)).limit(1);
    return { payments: await paymentsOf(tx, row), policy: toPolicyView(row, owner?.username ?? null), activated };
  });
  if (recorded.activated) deliverSoon(deps, 'cover confirmation');
  return recorded;
}
