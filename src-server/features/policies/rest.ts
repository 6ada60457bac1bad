import { Hono } from 'hono';
import { createCallerWithPoliciesResolver } from '../../auth/caller';
import { messages } from '../../contract/messages';
import { UnauthenticatedError } from '../../errors';
import { idParam, listQuery, policyInput } from '../../contract/schemas';
import { completeJsonAnswer } from '../../http/complete-answer';
import type { AppEnv } from '../../http/context';
import { listResponse } from '../../http/list';
import type { RestContext } from '../../http/rest-context';
import { jsonBody, paramOf, queryOf } from '../../http/validate';
import { createPolicy, deletePolicy, listPolicies, policiesOfUser, updatePolicy } from './service';

/**
 * The signed-in customer's own policies: GET /api/user/policies, the busiest read. The caller and their policies
 * come from one statement (auth/caller.ts createCallerWithPoliciesResolver: the same checks as requireCaller's), and
 * the answer carries all its headers at once (http/complete-answer.ts).
 */
export function customerPolicyRoutes({ deps }: RestContext) {
  const resolve = createCallerWithPoliciesResolver(deps.hot, deps.tokens);
  return new Hono<AppEnv>().get('/policies', async (c) => {
    const result = await resolve(c.req.header('authorization'), deps.clock.now());
    if (!result.caller) throw new UnauthenticatedError(messages.unauthenticated);
    c.set('caller', result.caller);
    return completeJsonAnswer(c, result.policiesJson);
  });
}

/** /api/admin/policies and the impersonated read /api/admin/users/{id}/policies (admin guard applied by the caller). */
export function adminPolicyRoutes({ deps }: RestContext) {
  return new Hono<AppEnv>()
    .get('/users/:id/policies', async (c) => c.json(await policiesOfUser(deps, c.get('caller'), paramOf(c, 'id', idParam))))
    .get('/policies', async (c) => listResponse(c, await listPolicies(deps, c.get('caller'), queryOf(c, listQuery))))
    .post('/policies', async (c) => c.json(await createPolicy(deps, c.get('caller'), await jsonBody(c, policyInput)), 201))
    .put('/policies/:id', async (c) => {
      const id = paramOf(c, 'id', idParam);
      return c.json(await updatePolicy(deps, c.get('caller'), id, await jsonBody(c, policyInput)));
    })
    .delete('/policies/:id', async (c) => {
      await deletePolicy(deps, c.get('caller'), paramOf(c, 'id', idParam));
      return c.json({ success: true });
    });
}
