import { emailConfirmInput } from '../../contract/email-confirmation';
import { customerProcedure, router } from '../../trpc/init';
import { confirmEmail, requestConfirmation } from './service';

export const emailConfirmationRouter = router({
  request: customerProcedure.mutation(({ ctx }) => requestConfirmation(ctx.deps, ctx.caller)),
  confirm: customerProcedure.input(emailConfirmInput).mutation(({ ctx, input }) => confirmEmail(ctx.deps, ctx.caller, input)),
});
