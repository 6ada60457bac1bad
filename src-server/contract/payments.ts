// Payments staff record against a policy, and how a quote is accepted (docs/product.md#payments). The product takes
// no card numbers: a payment is a record of money taken elsewhere. A hosted card page would be one more method.
export const paymentMethods = ['card-by-phone', 'bank-transfer', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  'card-by-phone': 'Card by phone',
  'bank-transfer': 'Bank transfer',
  other: 'Other',
};

export const acceptanceChannels = ['online', 'phone'] as const;
export type AcceptanceChannel = (typeof acceptanceChannels)[number];
