import { z } from 'zod';
import { issuePolicyInput, offerInput } from '../../contract/offer';
import { quoteRequestInput } from '../../contract/quote';
import { policyNumberParam } from '../../contract/schemas';
import { issuedPolicyView, myQuoteRequestView, quoteRequestDetailView, quoteRequestView, renewalDraftView } from '../../contract/views';
import { byId, defineRoute, jsonAnswer, jsonRequestBody, restApp, routeBody, routeParam, serve } from '../../platform/http/openapi';
import type { RestContext } from '../../platform/http/rest-context';
import { queueRouteDefinitions, serveQueueRoutes } from '../request-queue-routes';
import { issuePolicy } from './issue-policy';
import { sendOffer } from './offer';
import { myQuoteRequests } from './mine';
import { renewalDraft } from './renewal';
import { addQuoteNote, getQuoteRequest, listQuoteRequests, submitQuoteRequest, updateQuoteRequest } from './service';

const TAG = 'Admin: quote requests';

const submitRoute = defineRoute({
  method: 'post',
  path: '/quotes',
  operationId: 'submitQuoteRequest',
  tags: ['Quote and callback requests'],
  summary: 'Ask for a quote',
  description:
    "The quote wizard's final step. The same request again within 60 seconds answers the first one's reference and is stored once; " +
    'a filled-in `website` field (a honeypot) answers as if stored and stores nothing.',
  access: 'public',
  request: { body: jsonRequestBody(quoteRequestInput) },
  responses: { 201: jsonAnswer('Received', z.strictObject({ reference: z.string(), message: z.string() })) },
  errors: [429],
});

const mineRoute = defineRoute({
  method: 'get',
  path: '/quotes',
  operationId: 'listMyQuoteRequests',
  tags: ['Quote and callback requests'],
  summary: "The caller's own quote requests",
  description: "By the account's e-mail address, newest first, at most 20.",
  access: 'customer',
  responses: { 200: jsonAnswer('The requests', z.array(myQuoteRequestView)) },
});

const renewalRoute = defineRoute({
  method: 'get',
  path: '/policies/{policyNumber}/renewal',
  operationId: 'getRenewalDraft',
  tags: ['Policies'],
  summary: "The quote wizard filled in from one of the caller's own policies",
  description: "The caller's own policy only, staff included (404 otherwise).",
  access: 'customer',
  request: { params: z.object({ policyNumber: policyNumberParam }) },
  responses: { 200: jsonAnswer('The wizard’s fields', renewalDraftView) },
  errors: [400, 404],
});

const queueRoutes = queueRouteDefinitions({
  path: 'quotes',
  tag: TAG,
  noun: 'Quote',
  itemSummary: 'One quote request, with its answers and notes',
  listView: quoteRequestView,
  detailView: quoteRequestDetailView,
});

const offerRoute = defineRoute({
  method: 'post',
  path: '/quotes/{id}/offer',
  operationId: 'sendQuoteOffer',
  tags: [TAG],
  summary: 'Send the customer a price',
  description: 'The request becomes `quoted`; the customer is e-mailed the price.',
  access: 'admin',
  request: { ...byId, body: jsonRequestBody(offerInput) },
  responses: { 200: jsonAnswer('The request with its offer', quoteRequestDetailView) },
  errors: [404, 409],
});

const issueRoute = defineRoute({
  method: 'post',
  path: '/quotes/{id}/policy',
  operationId: 'issuePolicyFromQuoteRequest',
  tags: [TAG],
  summary: 'Issue a policy from the request',
  description:
    "To the account with the request's e-mail address, made now (and invited) if there is none; the request is closed with it and the " +
    'documents e-mailed, all in one transaction.',
  access: 'admin',
  request: { ...byId, body: jsonRequestBody(issuePolicyInput) },
  responses: { 201: jsonAnswer('The policy, the account and whether it was invited', issuedPolicyView) },
  errors: [404, 409],
});

/** Public: the quote wizard's final step. */
export function quoteRoutes({ deps }: RestContext) {
  return serve(restApp(), submitRoute, async (c) => c.json(await submitQuoteRequest(deps, await routeBody(c, submitRoute), c.get('clientAddress')), 201));
}

/**
 * /api/user/quotes: the signed-in customer's own quote requests; /api/user/policies/{policyNumber}/renewal: the
 * quote wizard filled in from one of their own policies (docs/product.md#asking-for-more-cover).
 */
export function customerQuoteRoutes({ deps, requireCaller }: RestContext) {
  const app = restApp();
  serve(app, mineRoute, requireCaller, async (c) => c.json(await myQuoteRequests(deps, c.get('caller'))));
  serve(app, renewalRoute, requireCaller, async (c) => c.json(await renewalDraft(deps, c.get('caller'), routeParam(c, renewalRoute, 'policyNumber'))));
  return app;
}

/** /api/admin/quotes: the staff queue (admin guard applied by the caller), and a request's offer and policy. */
export function adminQuoteRoutes({ deps }: RestContext) {
  const app = serveQueueRoutes(restApp(), queueRoutes, deps, {
    list: listQuoteRequests,
    get: getQuoteRequest,
    update: updateQuoteRequest,
    addNote: addQuoteNote,
  });
  serve(app, offerRoute, async (c) => {
    const id = routeParam(c, offerRoute, 'id');
    return c.json(await sendOffer(deps, c.get('caller'), id, await routeBody(c, offerRoute)));
  });
  serve(app, issueRoute, async (c) => {
    const id = routeParam(c, issueRoute, 'id');
    return c.json(await issuePolicy(deps, c.get('caller'), id, await routeBody(c, issueRoute)), 201);
  });
  return app;
}
