// The card provider's hosted page for what is owed on a policy (docs/product.md#paying-online): a purchase's balance
// or an extension's price. Made outside any transaction (a network call), then stored, so the webhook can check the
// amount and currency it reports against what the server asked for.
import { checkoutSessions } from '../../../platform/db/schema/index';
import { writeLog } from '../../../platform/audit/log';
import { formatPounds } from '../../../contract/pounds';
import { onlinePaymentMessages } from '../../../contract/online-payments';
import type { CheckoutOrder, CheckoutSession } from '../../../platform/payments/provider';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, PaymentProviderError } from '../../../errors';
import type { PolicyRow } from '../policies/row';

export interface CheckoutFor {
  policy: Pick<PolicyRow, 'id' | 'policyNumber'>;
  kind: 'purchase' | 'extension';
  extensionId?: number;
  order: Omit<CheckoutOrder, 'currency'>;
}

/** Opens the hosted page for `what`, stores it (a replayed idempotency key stores and logs once) and answers its URL. */
export async function openCheckout(deps: Deps, caller: Caller, what: CheckoutFor): Promise<string> {
  const payments = deps.payments;
  if (!payments) throw new ConflictError(onlinePaymentMessages.unavailable);
  const now = deps.clock.now();
  const { policy, order } = what;
  let session: CheckoutSession;
  try {
    session = await payments.createCheckout({ ...order, currency: 'gbp' });
  } catch (err) {
    deps.logger.error({ err, policyNumber: policy.policyNumber }, 'card provider: checkout session not made');
    throw new PaymentProviderError(onlinePaymentMessages.checkoutFailed, err);
  }
  await deps.write(async (tx) => {
    const stored = await tx
      .insert(checkoutSessions)
      .values({
        sessionId: session.id,
        policyId: policy.id,
        kind: what.kind,
        extensionId: what.extensionId ?? null,
        amountPence: order.amountPence,
        currency: 'gbp',
        createdAt: now,
        expiresAt: session.expiresAt,
      })
      .onConflictDoNothing({ target: checkoutSessions.sessionId })
      .returning({ id: checkoutSessions.id });
    if (stored.length > 0) {
      const what_ = what.kind === 'extension' ? 'an extension of ' : '';
      await writeLog(tx, now, {
        action: `Checkout opened for ${what_}${policy.policyNumber}: ${formatPounds(order.amountPence / 100)} (session ${session.id})`,
        username: caller.username,
        userId: caller.id,
      });
    }
  });
  return session.url;
}
