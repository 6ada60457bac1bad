import { z } from 'zod';
import { createUserInput, flagSchema, idParam, listQuery, updateUserInput } from '../../contract/schemas';
import { adminProcedure, ownerProcedure, router } from '../../trpc/init';
import { createUser, deleteUser, listUsers, setUserRoles, updateUser } from './service';

export const adminUsersRouter = router({
  list: adminProcedure.input(listQuery).query(({ ctx, input }) => listUsers(ctx.deps, input)),
  create: adminProcedure.input(createUserInput).mutation(({ ctx, input }) => createUser(ctx.deps, ctx.caller, input)),
  update: adminProcedure
    .input(z.object({ id: idParam, data: updateUserInput }))
    .mutation(({ ctx, input }) => updateUser(ctx.deps, ctx.caller, input.id, input.data)),
  delete: adminProcedure.input(z.object({ id: idParam })).mutation(async ({ ctx, input }) => {
    await deleteUser(ctx.deps, ctx.caller, input.id);
    return { success: true };
  }),
  /** Owner tier: change only the role flags of an account. */
  setRoles: ownerProcedure
    .input(z.object({ id: idParam, isAdmin: flagSchema, isOwner: flagSchema }))
    .mutation(({ ctx, input }) => setUserRoles(ctx.deps, ctx.caller, input.id, input)),
});
