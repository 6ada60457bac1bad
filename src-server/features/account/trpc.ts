import { loginInput, registerInput } from '../../contract/schemas';
import { loginResultView, userView } from '../../contract/views';
import { customerProcedure, publicProcedure, router } from '../../trpc/init';
import { emailConfirmationRouter } from '../email-confirmation/trpc';
import { currentSession, login, logout, register } from './service';

export const accountRouter = router({
  login: publicProcedure.input(loginInput).output(loginResultView).mutation(({ ctx, input }) => login(ctx.deps, input, ctx.clientAddress)),
  register: publicProcedure.input(registerInput).output(userView).mutation(({ ctx, input }) => register(ctx.deps, input, ctx.clientAddress)),
  logout: customerProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.deps, ctx.caller);
    return { success: true };
  }),
  me: customerProcedure.query(({ ctx }) => currentSession(ctx.deps, ctx.caller)),
  verifyEmail: emailConfirmationRouter,
});
