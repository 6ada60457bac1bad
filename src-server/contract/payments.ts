// Payments staff record against a policy, and how a quote is accepted (docs/product.md#payments). The product takes
// no card numbers: a payment is a record of money taken elsewhere; one taken on the card provider's hosted page
// (`hosted-card`) is recorded by its webhook alone (docs/product.md#paying-online).
import { z } from 'zod';
import { money } from './money';
import { staffPaymentMethods } from './payment-methods';
import { lineText } from './text';

export { customerPaymentMethods, paymentMethodLabels, paymentMethods, staffPaymentMethods, type PaymentMethod, type StaffPaymentMethod } from './payment-methods';

export const acceptanceChannels = ['online', 'phone'] as const;
export type AcceptanceChannel = (typeof acceptanceChannels)[number];

/** The most one payment may be: as much as any premium (contract/offer.ts OFFER_MAX_PREMIUM). */
export const PAYMENT_MAX = 100_000;
export const PAYMENT_REFERENCE_MAX = 64;

export const paymentMessages = {
  amountRequired: 'Enter the amount paid in pounds',
  amountZero: 'Enter an amount above £0.00',
  method: `Method must be one of: ${staffPaymentMethods.join(', ')}`,
  reference: `Reference must be at most ${PAYMENT_REFERENCE_MAX} characters on one line`,
  /** The console's line beside the form: a payment is a record, never a card number. */
  noCardNumbers: 'We never take card numbers here: take the card on the phone with the card terminal, then record the payment.',
  /** 409: a policy from a quote request is in force only once paid (docs/product.md#payments). */
  notPaid: 'This policy was issued from a quote and becomes active only once payments cover its premium: record the payment instead',
} as const;

export const acceptanceMessages = {
  confirm: 'Confirm that your answers are true and complete',
  /** Staff recording a phone acceptance confirm the customer agreed the Statement of Fact on the call. */
  confirmByPhone: 'Confirm that the customer agreed on the phone that the Statement of Fact is true and complete',
  /** 409: nothing to accept yet (no price sent, or the request moved away from quoted). */
  noOffer: 'There is no price to accept on this quote request',
  /** 409: the price's time ran out; staff can send it again. */
  lapsed: 'This price has lapsed: ask us to send it again',
  /** 409 from Issue policy. */
  notAccepted: 'The customer has not accepted this quote yet: they accept it in their account, or record their acceptance by phone',
  premiumRequired: 'A policy from a quote needs its premium, above £0.00',
} as const;

/** A quote request's reference as written on the e-mails (QR-…), in any letter case. */
export const quoteReferenceParam = lineText({ message: 'Reference must be a quote reference such as QR-AB12CD34' })
  .min(1, 'Reference must be a quote reference such as QR-AB12CD34')
  .max(40, 'Reference must be a quote reference such as QR-AB12CD34')
  .regex(/^[A-Za-z0-9-]+$/, 'Reference must be a quote reference such as QR-AB12CD34')
  .transform((v) => v.toUpperCase());

/** The customer's acceptance: they confirm the Statement of Fact (what they told us) is true and complete. */
export const acceptQuoteBody = z.object({
  confirm: z.literal(true, { error: acceptanceMessages.confirm }),
});
export const acceptQuoteParams = z.object({ reference: quoteReferenceParam });
export const acceptQuoteInput = acceptQuoteBody.extend({ reference: quoteReferenceParam });
export type AcceptQuoteInput = z.infer<typeof acceptQuoteInput>;
/** Staff recording an acceptance given by phone: the customer agreed the Statement of Fact on the call. */
export const phoneAcceptanceBody = z.object({
  confirm: z.literal(true, { error: acceptanceMessages.confirmByPhone }),
});

/** Record payment: pounds as people write them (above £0, at most £100,000), the method, an optional reference. */
export const paymentInput = z.object({
  amount: money({ required: paymentMessages.amountRequired, max: PAYMENT_MAX }).transform((v, ctx) => {
    // money() has already refused a blank or malformed amount (v is then undefined and the parse fails).
    if (v === undefined) return z.NEVER;
    if (v <= 0) {
      ctx.addIssue({ code: 'custom', message: paymentMessages.amountZero });
      return z.NEVER;
    }
    return v;
  }),
  method: z.enum(staffPaymentMethods, { error: paymentMessages.method }),
  reference: lineText({ message: paymentMessages.reference, error: paymentMessages.reference })
    .max(PAYMENT_REFERENCE_MAX, paymentMessages.reference)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type PaymentInput = z.infer<typeof paymentInput>;
export type PaymentFormValues = z.input<typeof paymentInput>;
