// Quote requests: the wizard's final step, a customer's own requests and a renewal's draft, and the staff queue with
// its offers and the policies issued from it (docs/product.md#staff-queues).
import { z } from 'zod';
import { issuePolicyByIdInput, issuePolicyInput, offerByIdInput, offerInput } from '../../../contract/offer';
import { quoteRequestInput, renewalInput } from '../../../contract/quote';
import { quoteReceivedReply } from '../../../contract/pricing';
import { idInput, phoneAcceptanceByIdInput } from '../../../contract/schemas';
import { issuedPolicyView, myQuoteRequestView, quoteRequestDetailView, quoteRequestView, renewalDraftView } from '../../../contract/views';
import { defineOperation } from '../../../api/operation';
import { queueOperations } from '../queues/queue-operations';
import { acceptQuoteBody, acceptQuoteInput, acceptQuoteParams, phoneAcceptanceBody } from '../../../contract/payments';
import { buyQuoteBody, buyQuoteInput, buyQuoteParams, buyQuoteReply } from '../../../contract/online-payments';
import { acceptQuote, recordAcceptance } from './accept';
import { buyQuote } from './buy';
import { issuePolicy } from './issue-policy';
import { myQuoteRequests } from './mine';
import { sendOffer } from './offer';
import { renewalDraft } from './renewal';
import { quoteQueue, submitQuoteRequest } from './service';

const ADMIN_TAG = 'Admin: quote requests';

export const quoteOperations = {
  submit: defineOperation({
    tier: 'public',
    input: quoteRequestInput,
    reply: quoteReceivedReply,
    handler: ({ deps, clientAddress }, input) => submitQuoteRequest(deps, input, clientAddress),
    rest: {
      method: 'post',
      path: '/quotes',
      operationId: 'submitQuoteRequest',
      tags: ['Quote and callback requests'],
      summary: 'Ask for a quote',
      description:
        "The quote wizard's final step, priced at once on the live rate version: `outcome` is `priced` (the premium with IPT, valid 30 minutes), " +
        '`referred` (staff price it) or `declined` (the reason, and the phone number). ' +
        "The same request again within 60 seconds answers the first one's reference and is stored once; " +
        'a filled-in `website` field (a honeypot) answers as if stored and stores nothing.',
      status: 201,
      response: 'Received',
      errors: [429],
    },
  }),
  mine: defineOperation({
    tier: 'customer',
    output: z.array(myQuoteRequestView),
    handler: ({ deps, caller }) => myQuoteRequests(deps, caller),
    rest: {
      method: 'get',
      path: '/user/quotes',
      operationId: 'listMyQuoteRequests',
      tags: ['Quote and callback requests'],
      summary: "The caller's own quote requests",
      description: "By the account's e-mail address, newest first, at most 20.",
      response: 'The requests',
    },
  }),
  accept: defineOperation({
    tier: 'customer',
    input: acceptQuoteInput,
    output: myQuoteRequestView,
    handler: ({ deps, caller }, { reference }) => acceptQuote(deps, caller, reference),
    rest: {
      method: 'post',
      path: '/user/quotes/{reference}/accept',
      operationId: 'acceptMyQuote',
      tags: ['Quote and callback requests'],
      summary: 'Accept the price sent on one of the caller\'s own quote requests',
      description:
        'The caller confirms the Statement of Fact (`confirm: true`). Only a price that stands: 409 once it has lapsed, when none was sent, or when ' +
        'the request is closed. Accepting again answers the request as it is, writing nothing (docs/product.md#accepting-a-quote).',
      request: { params: acceptQuoteParams, body: acceptQuoteBody },
      input: ({ params, body }) => ({ ...body, reference: params.reference }),
      response: 'The request, accepted',
      errors: [400, 404, 409],
    },
  }),
  buy: defineOperation({
    tier: 'customer',
    input: buyQuoteInput,
    output: buyQuoteReply,
    handler: ({ deps, caller }, { reference }) => buyQuote(deps, caller, reference),
    rest: {
      method: 'post',
      path: '/user/quotes/{reference}/buy',
      operationId: 'buyMyQuote',
      tags: ['Quote and callback requests'],
      summary: "Buy the price on one of the caller's own quote requests, paying by card online",
      description:
        'The caller confirms the Statement of Fact (`confirm: true`). In one transaction the price is accepted online and its policy issued, pending, ' +
        "to the caller's account (a Buy again after the card page was left uses that policy); then the card provider's hosted page is made for " +
        "what is left to pay: `checkoutUrl` is where the browser goes. The provider's webhook records the payment, which puts the cover in force " +
        'and e-mails the documents (docs/product.md#paying-online). 409 once the price has lapsed, when none stands, when it is paid, or when the ' +
        'server takes no payment online (payment by phone); 502 when the provider fails (nothing paid: try again).',
      request: { params: buyQuoteParams, body: buyQuoteBody },
      input: ({ params, body }) => ({ ...body, reference: params.reference }),
      response: 'Where to pay, and the policy',
      errors: [400, 404, 409, 502],
    },
  }),
  /** The reminder's link (docs/product.md#asking-for-more-cover): the caller's own policy only, staff included. */
  renewal: defineOperation({
    tier: 'customer',
    input: renewalInput,
    output: renewalDraftView,
    handler: ({ deps, caller }, { policyNumber }) => renewalDraft(deps, caller, policyNumber),
    rest: {
      method: 'get',
      path: '/user/policies/{policyNumber}/renewal',
      operationId: 'getRenewalDraft',
      tags: ['Policies'],
      summary: "The quote wizard filled in from one of the caller's own policies",
      description: "The caller's own policy only, staff included (404 otherwise).",
      request: { params: renewalInput },
      response: 'The wizard’s fields',
      errors: [400, 404],
    },
  }),
};

export const adminQuoteOperations = {
  ...queueOperations(
    {
      path: 'quotes',
      tag: ADMIN_TAG,
      item: 'QuoteRequest',
      note: 'Quote',
      listSummary: 'The quote queue',
      itemSummary: 'One quote request, with its answers and notes',
      itemWord: 'request',
      listView: quoteRequestView,
      detailView: quoteRequestDetailView,
    },
    quoteQueue,
  ),
  offer: defineOperation({
    tier: 'admin',
    input: offerByIdInput,
    output: quoteRequestDetailView,
    handler: ({ deps, caller }, { id, ...offer }) => sendOffer(deps, caller, id, offer),
    rest: {
      method: 'post',
      path: '/admin/quotes/{id}/offer',
      operationId: 'sendQuoteOffer',
      tags: [ADMIN_TAG],
      summary: 'Send the customer a price',
      description: 'The request becomes `quoted`; the customer is e-mailed the price.',
      request: { params: idInput, body: offerInput },
      response: 'The request with its offer',
      errors: [404, 409],
    },
  }),
  recordAcceptance: defineOperation({
    tier: 'admin',
    input: phoneAcceptanceByIdInput,
    output: quoteRequestDetailView,
    handler: ({ deps, caller }, { id }) => recordAcceptance(deps, caller, id),
    rest: {
      method: 'post',
      path: '/admin/quotes/{id}/acceptance',
      operationId: 'recordQuoteAcceptance',
      tags: [ADMIN_TAG],
      summary: 'Record an acceptance the customer gave by phone',
      description:
        'Only a price that stands: 409 once it has lapsed, when none was sent, or when the request is closed. An acceptance already recorded ' +
        'is kept as it was (docs/product.md#accepting-a-quote). `confirm`: the customer agreed on the call that the Statement of Fact is true.',
      request: { params: idInput, body: phoneAcceptanceBody },
      input: ({ params, body }) => ({ ...body, id: params.id }),
      response: 'The request with its acceptance',
      errors: [400, 404, 409],
    },
  }),
  issuePolicy: defineOperation({
    tier: 'admin',
    input: issuePolicyByIdInput,
    output: issuedPolicyView,
    handler: ({ deps, caller }, { id, ...fields }) => issuePolicy(deps, caller, id, fields),
    rest: {
      method: 'post',
      path: '/admin/quotes/{id}/policy',
      operationId: 'issuePolicyFromQuoteRequest',
      tags: [ADMIN_TAG],
      summary: 'Issue a policy from the request',
      description:
        "To the account with the request's e-mail address, made now (and invited) if there is none; the request is closed with it and the " +
        'documents e-mailed, all in one transaction.',
      request: { params: idInput, body: issuePolicyInput },
      status: 201,
      response: 'The policy, the account and whether it was invited',
      errors: [404, 409],
    },
  }),
};
