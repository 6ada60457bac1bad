// Extending cover (docs/product.md#extending-cover): the same answers the policy was bought on, priced for the extra
// time on the live rate version (its rules apply again), then, once paid online, the end moved as a new version of
// the policy with its premium grown by the extension's, and the documents e-mailed as they now stand.
import { and, desc, eq } from 'drizzle-orm';
import { addDuration, durationText } from '../../../contract/durations';
import { extensionMessages, type ExtensionInput, type ExtensionQuoteView } from '../../../contract/extension';
import { formatPounds } from '../../../contract/pounds';
import { PRICE_VALID_MINUTES } from '../../../contract/pricing';
import { productLabels, productRules } from '../../../contract/products';
import { epochToUkLocal } from '../../../contract/time';
import { writeLog } from '../../../platform/audit/log';
import type { Tx } from '../../../platform/db/client';
import { policies, policyExtensions, quoteRequests, users } from '../../../platform/db/schema/index';
import { openCheckout } from '../payments/checkout';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, NotFoundError, fieldInvalid } from '../../../errors';
import { messages } from '../../../contract/messages';
import { hoursBetween, liveRates, outcomeOf, priceOn, referredOutcome, type PricedAnswers } from '../../pricing';
import { policyDocumentFiles } from '../documents/files';
import { policyChangedMail, policyMailAccount } from '../policies/mail';
import { SYSTEM_ACTOR, type PolicyRow } from '../policies/row';
import { savePolicy } from '../policies/service';
import { policyInputOf } from '../policies/input';

const HOUR_MS = 3_600_000;
/** Stripe's shortest life of a hosted page. */
const PAGE_OPEN_MS = 30 * 60_000;
type ExtensionRow = typeof policyExtensions.$inferSelect;

/** The caller's own policy by number, in force or about to be: nothing else is extended. */
async function ownLivePolicy(db: Deps['db'], caller: Caller, policyNumber: string, now: number): Promise<PolicyRow> {
  const [row] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.policyNumber, policyNumber.toUpperCase()), eq(policies.userId, caller.id)))
    .limit(1);
  if (!row) throw new NotFoundError(messages.policyNotFound);
  if (row.status !== 'active' || row.endAt <= now || row.cancelsAt !== null) throw new ConflictError(extensionMessages.notLive);
  return row;
}

/** The answers of the request the policy was bought from, or null for a policy staff made by hand. */
async function answersOf(db: Deps['db'], policyId: number): Promise<PricedAnswers | null> {
  const [request] = await db.select({ details: quoteRequests.details }).from(quoteRequests).where(eq(quoteRequests.policyId, policyId)).limit(1);
  if (!request) return null;
  try {
    return JSON.parse(request.details) as PricedAnswers;
  } catch {
    return null;
  }
}

/** POST /api/user/policies/{policyNumber}/extension and policies.priceExtension. */
export async function priceExtension(deps: Deps, caller: Caller, input: ExtensionInput): Promise<ExtensionQuoteView> {
  const now = deps.clock.now();
  const policy = await ownLivePolicy(deps.db, caller, input.policyNumber, now);
  const answers = await answersOf(deps.db, policy.id);
  if (!answers) throw new ConflictError(extensionMessages.noAnswers);
  const duration = { value: input.durationValue, unit: input.durationUnit };
  const newEndAt = addDuration(policy.endAt, duration);
  // The whole cover, old and new, stays within what the product sells at once.
  if (newEndAt > addDuration(policy.startAt, productRules[policy.product].maxDuration) + HOUR_MS) {
    throw fieldInvalid(messages.invalidInput, { durationValue: extensionMessages.tooLong });
  }
  const none = { extensionId: null, newEndDate: null, newEndTime: null };
  const live = await liveRates(deps.db, now);
  if (!live) return { outcome: referredOutcome, ...none };
  const d = priceOn(live.rates, { ...answers, product: policy.product }, hoursBetween(policy.endAt, newEndAt), now);
  const validUntil = now + PRICE_VALID_MINUTES * 60_000;
  const outcome = outcomeOf(d, { rateVersion: live.id, iptPercent: live.rates.iptPercent, validUntil, payOnline: deps.payments !== null });
  if (d.decision !== 'priced') return { outcome, ...none };
  const [row] = await deps.write((tx) =>
    tx
      .insert(policyExtensions)
      .values({
        policyId: policy.id,
        durationValue: duration.value,
        durationUnit: duration.unit,
        fromEndAt: policy.endAt,
        newEndAt,
        premiumPence: d.premiumPence,
        iptPence: d.iptPence,
        rateVersionId: live.id,
        validUntil,
        createdAt: now,
        userId: caller.id,
      })
      .returning(),
  );
  const end = epochToUkLocal(newEndAt);
  return {
    outcome,
    extensionId: row!.id,
    newEndDate: end.date,
    newEndTime: end.time,
  };
}

/** The caller's own priced extension that can still be bought, with its policy. */
async function extensionToBuy(deps: Deps, caller: Caller, policyNumber: string, id: number): Promise<{ extension: ExtensionRow; policy: PolicyRow }> {
  const now = deps.clock.now();
  const policy = await ownLivePolicy(deps.db, caller, policyNumber, now);
  const [extension] = await deps.db
    .select()
    .from(policyExtensions)
    .where(and(eq(policyExtensions.id, id), eq(policyExtensions.policyId, policy.id)))
    .orderBy(desc(policyExtensions.id))
    .limit(1);
  if (!extension) throw new NotFoundError(extensionMessages.notFound);
  if (extension.paidAt !== null) throw new ConflictError(extensionMessages.paid);
  if (now > extension.validUntil) throw new ConflictError(extensionMessages.lapsed);
  return { extension, policy };
}


/**
 * An extension paid (the provider's webhook, in its transaction): the end moves to the extension's, the premium grows
 * by its price, as a new version of the policy; the customer is e-mailed the documents as they now stand. An
 * extension applied already changes nothing. Answers whether the customer was e-mailed.
 */
export async function applyPaidExtension(deps: Deps, tx: Tx, extensionId: number, now: number): Promise<boolean> {
  const [extension] = await tx.select().from(policyExtensions).where(eq(policyExtensions.id, extensionId)).limit(1);
  if (!extension || extension.paidAt !== null) return false;
  await tx.update(policyExtensions).set({ paidAt: now }).where(eq(policyExtensions.id, extensionId));
  const [policy] = await tx.select().from(policies).where(eq(policies.id, extension.policyId)).limit(1);
  if (!policy) return false;
  const end = epochToUkLocal(Math.max(extension.newEndAt, policy.endAt));
  const input = { ...policyInputOf(policy, 'active'), endDate: end.date, endTime: end.time, premium: ((policy.premiumPence ?? 0) + extension.premiumPence) / 100 };
  const length = durationText({ value: extension.durationValue, unit: extension.durationUnit });
  const reason = `Extended by ${length} (${formatPounds(extension.premiumPence / 100)}), paid online`;
  const { row, changes } = await savePolicy(tx, SYSTEM_ACTOR, policy, input, now, reason);
  await writeLog(tx, now, { action: `Policy ${row.policyNumber} extended by ${length}, paid online`, username: 'system' });
  const account = await policyMailAccount(tx, row);
  if (!account) return false;
  await deps.mailer.queue(tx, policyChangedMail(deps.publicUrl, row, account.email, changes, reason, await policyDocumentFiles(deps, tx, row)));
  return true;
}

/**
 * POST /api/user/policies/{policyNumber}/extension/{id}/buy and policies.buyExtension: the hosted card page for the
 * extension's price, fixed when it was priced. Only the webhook records the payment and moves the end.
 */
export async function buyExtension(deps: Deps, caller: Caller, policyNumber: string, id: number): Promise<{ checkoutUrl: string; policyNumber: string }> {
  const { extension, policy } = await extensionToBuy(deps, caller, policyNumber, id);
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, caller.id)).limit(1);
  const length = durationText({ value: extension.durationValue, unit: extension.durationUnit });
  const checkoutUrl = await openCheckout(deps, caller, {
    policy,
    kind: 'extension',
    extensionId: extension.id,
    order: {
      amountPence: extension.premiumPence,
      description: `${productLabels[policy.product]}, ${policy.policyNumber}: ${length} more`,
      customerEmail: user?.email ?? '',
      successUrl: `${deps.publicUrl}/purchase/done?policy=${encodeURIComponent(policy.policyNumber)}&extension=${extension.id}`,
      cancelUrl: `${deps.publicUrl}/dashboard`,
      metadata: { policyNumber: policy.policyNumber, kind: 'extension', extensionId: String(extension.id) },
      // One page per priced extension: a double click or a retry opens the same one.
      idempotencyKey: `kc-extension-${extension.id}`,
      expiresAt: Math.max(extension.validUntil, deps.clock.now() + PAGE_OPEN_MS),
    },
  });
  return { checkoutUrl, policyNumber: policy.policyNumber };
}
