// What a quote request's sender is told at once (docs/product.md#instant-prices): a price from the live rate version,
// a referral to a person, or a decline with its reason. Prices are pence on the server and pounds in answers, as
// every premium the API speaks.
import { z } from 'zod';

/** How long an instant price stands: after it, the same answers are priced again on the live version. */
export const PRICE_VALID_MINUTES = 30;

export const pricingMessages = {
  referred: 'A specialist will look at this',
  referredDetail: 'Some of your answers need a person to look at them. We contact you within 24 hours (by the next working day at weekends) with a price.',
  declined: 'We cannot offer cover online for this',
  declinedCall: 'Call us if you think an answer was wrong, or to talk about other options.',
  lapsed: 'This price has lapsed: we price your answers again',
} as const;

/** A price: the total the customer pays (IPT included), the tax inside it, until when it stands. */
export const pricedOutcome = z.strictObject({
  decision: z.literal('priced'),
  premium: z.number(),
  ipt: z.number(),
  iptPercent: z.string(),
  validUntil: z.string(),
  rateVersion: z.number().int(),
  /** Whether it can be bought online now (a card provider is set up); else payment is taken by phone. */
  payOnline: z.boolean(),
});
export const referredOutcome = z.strictObject({ decision: z.literal('referred'), message: z.string() });
export const declinedOutcome = z.strictObject({ decision: z.literal('declined'), reason: z.string(), phone: z.string() });
export const pricingOutcome = z.discriminatedUnion('decision', [pricedOutcome, referredOutcome, declinedOutcome]).meta({ id: 'PricingOutcome' });
export type PricingOutcome = z.infer<typeof pricingOutcome>;

/** POST /api/quotes' answer: the reference, the words to show, and the decision on the rates. */
export const quoteReceivedReply = z.strictObject({ reference: z.string(), message: z.string(), outcome: pricingOutcome });
export type QuoteReceived = z.infer<typeof quoteReceivedReply>;
