import { z } from 'zod';
import { createUserInput, flagSchema, idParam, listQuery, updateUserInput } from '../../contract/schemas';
import { boundedPageOf, heldCoverView, userView } from '../../contract/views';
import { adminProcedure, ownerProcedure, router } from '../../trpc/init';
import { coverHeld, createUser, deleteUser, listUsers, setUserRoles, updateUser } from './service';

export const adminUsersRouter = router({
  list: adminProcedure.input(listQuery).output(boundedPageOf(userView)).query(({ ctx, input }) => listUsers(ctx.deps, ctx.caller, input)),
  create: adminProcedure.input(createUserInput).output(userView).mutation(({ ctx, input }) => createUser(ctx.deps, ctx.caller, input)),
  update: adminProcedure
    .input(z.object({ id: idParam, data: updateUserInput }))
    .output(userView)
    .mutation(({ ctx, input }) => updateUser(ctx.deps, ctx.caller, input.id, input.data)),
  delete: adminProcedure.input(z.object({ id: idParam })).mutation(async ({ ctx, input }) => {
    await deleteUser(ctx.deps, ctx.caller, input.id);
    return { success: true };
  }),
  /** The account's live, upcoming and pending cover, named in the confirmation before deleting it. */
  coverHeld: adminProcedure
    .input(z.object({ id: idParam }))
    .output(heldCoverView)
    .query(({ ctx, input }) => coverHeld(ctx.deps, ctx.caller, input.id)),
  /** Owner tier: change only the role flags of an account. */
  setRoles: ownerProcedure
    .input(z.object({ id: idParam, isAdmin: flagSchema, isOwner: flagSchema }))
    .output(userView)
    .mutation(({ ctx, input }) => setUserRoles(ctx.deps, ctx.caller, input.id, input)),
});
