// GET /api/user/policies, the busiest read, answered by a handler of its own (features/policies/operations.ts binds
// it to policies.mine): the caller and their policies come from one statement (auth/caller.ts
// createCallerWithPoliciesResolver, with the same checks and 401 as the customer tier's), and the answer carries all
// its headers at once (http/complete-answer.ts). Measured: docs/performance.md#the-policy-list-read.
import type { Handler } from 'hono';
import { messages } from '../contract/messages';
import { UnauthenticatedError } from '../errors';
import { createCallerWithPoliciesResolver } from '../platform/auth/caller';
import { completeJsonAnswer } from '../platform/http/complete-answer';
import type { AppEnv } from '../platform/http/context';
import type { RestEnv } from './operation';

export function myPoliciesAnswer({ deps }: RestEnv): Handler<AppEnv> {
  const resolve = createCallerWithPoliciesResolver(deps.hot, deps.tokens);
  return async (c) => {
    const result = await resolve(c.req.header('authorization'), deps.clock.now());
    if (!result.caller) throw new UnauthenticatedError(messages.unauthenticated);
    c.set('caller', result.caller);
    return completeJsonAnswer(c, result.policiesJson);
  };
}
