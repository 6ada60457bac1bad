import { Hono } from 'hono';
import { issuePolicyInput, offerInput } from '../../contract/offer';
import { quoteRequestInput } from '../../contract/quote';
import { queueListQuery, requestNoteInput, requestUpdateInput } from '../../contract/queues';
import { idParam, policyNumberParam } from '../../contract/schemas';
import type { AppEnv } from '../../http/context';
import { listResponse } from '../../http/list';
import type { RestContext } from '../../http/rest-context';
import { jsonBody, paramOf, queryOf } from '../../http/validate';
import { issuePolicy } from './issue-policy';
import { sendOffer } from './offer';
import { myQuoteRequests } from './mine';
import { renewalDraft } from './renewal';
import { addQuoteNote, getQuoteRequest, listQuoteRequests, submitQuoteRequest, updateQuoteRequest } from './service';

/** Public: the quote wizard's final step. */
export function quoteRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>().post('/quotes', async (c) => {
    const input = await jsonBody(c, quoteRequestInput);
    return c.json(await submitQuoteRequest(deps, input, c.get('clientAddress')), 201);
  });
}

/**
 * /api/user/quotes: the signed-in customer's own quote requests; /api/user/policies/{policyNumber}/renewal: the
 * quote wizard filled in from one of their own policies (docs/product.md#asking-for-more-cover).
 */
export function customerQuoteRoutes({ deps, requireCaller }: RestContext) {
  return new Hono<AppEnv>()
    .get('/quotes', requireCaller, async (c) => c.json(await myQuoteRequests(deps, c.get('caller'))))
    .get('/policies/:policyNumber/renewal', requireCaller, async (c) =>
      c.json(await renewalDraft(deps, c.get('caller'), paramOf(c, 'policyNumber', policyNumberParam))),
    );
}

/** /api/admin/quotes: the staff queue (admin guard applied by the caller). */
export function adminQuoteRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>()
    .get('/quotes', async (c) => listResponse(c, await listQuoteRequests(deps, c.get('caller'), queryOf(c, queueListQuery))))
    .get('/quotes/:id', async (c) => c.json(await getQuoteRequest(deps, c.get('caller'), paramOf(c, 'id', idParam))))
    .post('/quotes/:id/offer', async (c) => {
      const id = paramOf(c, 'id', idParam);
      return c.json(await sendOffer(deps, c.get('caller'), id, await jsonBody(c, offerInput)));
    })
    .post('/quotes/:id/policy', async (c) => {
      const id = paramOf(c, 'id', idParam);
      return c.json(await issuePolicy(deps, c.get('caller'), id, await jsonBody(c, issuePolicyInput)), 201);
    })
    .put('/quotes/:id', async (c) => {
      const id = paramOf(c, 'id', idParam);
      return c.json(await updateQuoteRequest(deps, c.get('caller'), id, await jsonBody(c, requestUpdateInput)));
    })
    .post('/quotes/:id/notes', async (c) => {
      const id = paramOf(c, 'id', idParam);
      const { text } = await jsonBody(c, requestNoteInput);
      return c.json(await addQuoteNote(deps, c.get('caller'), id, text), 201);
    });
}
