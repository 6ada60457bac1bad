import { z } from 'zod';
import { idParam, listQuery, policyInput } from '../../contract/schemas';
import { boundedPageOf, policyView } from '../../contract/views';
import { adminProcedure, customerProcedure, router } from '../../trpc/init';
import { createPolicy, deletePolicy, listPolicies, myPolicies, policiesOfUser, updatePolicy } from './service';

export const customerPoliciesRouter = router({
  mine: customerProcedure.output(z.array(policyView)).query(({ ctx }) => myPolicies(ctx.deps, ctx.caller)),
});

export const adminPoliciesRouter = router({
  list: adminProcedure.input(listQuery).output(boundedPageOf(policyView)).query(({ ctx, input }) => listPolicies(ctx.deps, ctx.caller, input)),
  ofUser: adminProcedure
    .input(z.object({ userId: idParam }))
    .output(z.array(policyView))
    .query(({ ctx, input }) => policiesOfUser(ctx.deps, ctx.caller, input.userId)),
  create: adminProcedure.input(policyInput).output(policyView).mutation(({ ctx, input }) => createPolicy(ctx.deps, ctx.caller, input)),
  update: adminProcedure
    .input(z.object({ id: idParam, data: policyInput }))
    .output(policyView)
    .mutation(({ ctx, input }) => updatePolicy(ctx.deps, ctx.caller, input.id, input.data)),
  delete: adminProcedure.input(z.object({ id: idParam })).mutation(async ({ ctx, input }) => {
    await deletePolicy(ctx.deps, ctx.caller, input.id);
    return { success: true };
  }),
});
