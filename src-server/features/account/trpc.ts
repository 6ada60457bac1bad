import { loginInput, registerInput } from '../../contract/schemas';
import { loginResultView, userView } from '../../contract/views';
import { customerProcedure, publicProcedure, router } from '../../trpc/init';
import { login, logout, register } from './service';

export const accountRouter = router({
  login: publicProcedure.input(loginInput).output(loginResultView).mutation(({ ctx, input }) => login(ctx.deps, input, ctx.clientAddress)),
  register: publicProcedure.input(registerInput).output(userView).mutation(({ ctx, input }) => register(ctx.deps, input, ctx.clientAddress)),
  logout: customerProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.deps, ctx.caller);
    return { success: true };
  }),
  me: customerProcedure.query(({ ctx }) => {
    const { id, username, isAdmin, isOwner, exp } = ctx.caller;
    return { user: { id, username, isAdmin, isOwner }, expiresAt: new Date(exp * 1000).toISOString() };
  }),
});
