import { passwordResetConfirmInput, passwordResetRequestInput } from '../../contract/password-reset';
import { publicProcedure, router } from '../../trpc/init';
import { confirmPasswordReset, requestPasswordReset } from './service';

export const passwordResetRouter = router({
  request: publicProcedure.input(passwordResetRequestInput).mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, ctx.clientAddress)),
  confirm: publicProcedure.input(passwordResetConfirmInput).mutation(({ ctx, input }) => confirmPasswordReset(ctx.deps, input)),
});
