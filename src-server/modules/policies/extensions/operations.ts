// Extending cover from the dashboard (docs/product.md#extending-cover): priced here, bought online.
import { extensionBody, extensionInput, extensionParams, extensionPurchaseInput, extensionPurchaseParams, extensionQuoteView } from '../../../contract/extension';
import { buyQuoteReply } from '../../../contract/online-payments';
import { defineOperation } from '../../../api/operation';
import { buyExtension, priceExtension } from './service';

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
  buyExtension: defineOperation({
    tier: 'customer',
    input: extensionPurchaseInput,
    output: buyQuoteReply,
    handler: ({ deps, caller }, { policyNumber, id }) => buyExtension(deps, caller, policyNumber, id),
    rest: {
      method: 'post',
      path: '/user/policies/{policyNumber}/extension/{id}/buy',
      operationId: 'buyMyExtension',
      tags: ['Policies'],
      summary: 'Pay for a priced extension on the card provider\'s page',
      description:
        'The extension priced by the call above, while its price stands: answers the hosted page to send the browser to. The card provider\'s webhook ' +
        'records the payment and moves the end (docs/product.md#extending-cover). 404 for another\'s policy or extension; 409 lapsed, paid already, ' +
        'cover no longer live, or no card provider; 502 when the provider cannot be reached.',
      request: { params: extensionPurchaseParams },
      input: ({ params }) => params,
      response: 'Where to pay',
      errors: [404, 409, 502],
    },
  }),
};
