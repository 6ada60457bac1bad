// Extending cover from the dashboard (docs/product.md#extending-cover): priced here, bought online.
import { extensionBody, extensionInput, extensionParams, extensionQuoteView } from '../../../contract/extension';
import { defineOperation } from '../../../api/operation';
import { priceExtension } from './service';

export const extensionOperations = {
  priceExtension: defineOperation({
    tier: 'customer',
    input: extensionInput,
    output: extensionQuoteView,
    handler: ({ deps, caller }, input) => priceExtension(deps, caller, input),
    rest: {
      method: 'post',
      path: '/user/policies/{policyNumber}/extension',
      operationId: 'priceMyExtension',
      tags: ['Policies'],
      summary: 'Price more time on one of the caller\'s own live or upcoming policies',
      description:
        'The answers the policy was bought on, priced for `durationValue` `durationUnit` more from its end on the live rate version (its rules apply ' +
        'again): `outcome` as for a quote request; a price (valid 30 minutes) gives `extensionId` and the new end. 409 for cover that is not live or ' +
        'upcoming, or a policy staff made by hand (no answers to price); 404 for a policy not the caller\'s.',
      request: { params: extensionParams, body: extensionBody },
      input: ({ params, body }) => ({ ...body, policyNumber: params.policyNumber }),
      response: 'The extension priced, referred or declined',
      status: 201,
      errors: [400, 404, 409],
    },
  }),
};
