// Buying a price online (docs/product.md#paying-online): what "Buy now" sends and answers, and the messages of its
// refusals. The card is taken on the provider's hosted page; the product sees no card number.
import { z } from 'zod';
import { brand } from './brand';
import { acceptQuoteBody, acceptQuoteInput, acceptQuoteParams } from './payments';

export const onlinePaymentMessages = {
  /** 409: the server has no card provider's settings (docs/operations.md#card-payments). */
  unavailable: `Paying online is not available: call us on ${brand.phones.support} to pay by phone`,
  /** 502: the provider failed or could not be reached; the pending policy waits for the next try. */
  checkoutFailed: 'The card payment page could not be opened: nothing was paid. Try again in a minute',
  /** 409: payments already cover the policy of this request. */
  paidAlready: 'This price has been paid: the policy is in your account',
  /** 400 from the webhook: a body whose Stripe-Signature does not check against the webhook secret. */
  badSignature: 'The webhook signature did not check',
  /** 413 from the webhook: its body limit (docs/api.md#the-card-providers-webhook). */
  webhookTooLarge: 'The request body is too large (64 KB at most)',
  /** 502 from a cancellation: the online payment could not be given back, so nothing was cancelled. */
  refundFailed: 'The card payment service could not refund the online payment: nothing was cancelled. Try again in a minute',
} as const;

/** POST /api/user/quotes/{reference}/buy: the Statement of Fact confirmed, as an acceptance is (contract/payments.ts). */
export const buyQuoteBody = acceptQuoteBody;
export const buyQuoteParams = acceptQuoteParams;
export const buyQuoteInput = acceptQuoteInput;
export type BuyQuoteInput = z.infer<typeof buyQuoteInput>;

/** Where the browser goes to pay, and the policy the payment puts in force. */
export const buyQuoteReply = z.strictObject({
  // A plain string in the document (the contract's validator knows no `uri` format); the server makes it from the provider's answer.
  checkoutUrl: z.string().min(1).meta({ description: "The card provider's hosted page, where the browser goes to pay" }),
  policyNumber: z.string(),
});
export type BuyQuoteReply = z.infer<typeof buyQuoteReply>;
