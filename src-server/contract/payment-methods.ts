// The ways money is taken for a policy (docs/product.md#payments): the methods staff record, their labels, and how a
// customer is told they may pay. Free of zod, so the FAQ's page names them without loading the form rules.
export const paymentMethods = ['card-by-phone', 'bank-transfer', 'other', 'hosted-card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * The methods staff record by hand, and give refunds by: every one but `hosted-card`, which only the card provider's
 * webhook records, from a payment it took (docs/product.md#paying-online).
 */
export const staffPaymentMethods = ['card-by-phone', 'bank-transfer', 'other'] as const satisfies readonly PaymentMethod[];
export type StaffPaymentMethod = (typeof staffPaymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  'card-by-phone': 'Card by phone',
  'bank-transfer': 'Bank transfer',
  other: 'Other',
  'hosted-card': 'Card online',
};

/**
 * How a customer may pay, in the FAQ's words (docs/product.md#faq): every method staff record but `other`, which is no
 * offer. A method added to the list (a hosted card page) needs its words here before the types check.
 */
export const customerPaymentMethods: Record<Exclude<PaymentMethod, 'other'>, string> = {
  'hosted-card': 'credit or debit card online, on a secure card page, when you buy online',
  'card-by-phone': 'credit or debit card, over the phone',
  'bank-transfer': 'bank transfer',
};
