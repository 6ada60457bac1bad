// Extending cover (docs/product.md#extending-cover): more time on a live or upcoming policy, priced on the live rate
// version from the answers the policy was bought on, paid online, the end moved as a new version of the policy.
import { z } from 'zod';
import { durationUnits } from './durations';
import { pricingOutcome } from './pricing';
import { policyNumberParam } from './schemas';

export const extensionMessages = {
  durationRequired: 'Choose how much more cover you want',
  durationInvalid: 'Enter a whole number from 1 to 99',
  notLive: 'Only live or upcoming cover can be extended',
  noAnswers: 'This policy was set up by our staff: call us to extend it',
  notFound: 'Extension not found',
  lapsed: 'This price has lapsed: price the extension again',
  paid: 'This extension is paid already',
  tooLong: 'That is longer than this cover can run: choose less time',
} as const;

export const extensionBody = z.object({
  durationValue: z.coerce.number({ error: extensionMessages.durationInvalid }).int(extensionMessages.durationInvalid).min(1, extensionMessages.durationInvalid).max(99, extensionMessages.durationInvalid),
  durationUnit: z.enum(durationUnits, { error: extensionMessages.durationRequired }),
});
export const extensionParams = z.object({ policyNumber: policyNumberParam });
export const extensionInput = extensionBody.extend({ policyNumber: policyNumberParam });
export type ExtensionInput = z.infer<typeof extensionInput>;

export const extensionPurchaseParams = z.object({ policyNumber: policyNumberParam, id: z.coerce.number().int().positive() });
export const extensionPurchaseInput = extensionPurchaseParams;

/** A priced extension: the outcome, and for a price the extension's id and the end it gives (UK wall clock). */
export const extensionQuoteView = z
  .strictObject({
    outcome: pricingOutcome,
    extensionId: z.number().int().nullable(),
    newEndDate: z.string().nullable(),
    newEndTime: z.string().nullable(),
  })
  .meta({ id: 'ExtensionQuote' });
export type ExtensionQuoteView = z.infer<typeof extensionQuoteView>;
