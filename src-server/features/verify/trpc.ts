import { verifyCodeInput } from '../../contract/verify';
import { verificationView } from '../../contract/views';
import { publicProcedure, router } from '../../trpc/init';
import { verifyByCode } from './service';

export const verifyRouter = router({
  byCode: publicProcedure
    .input(verifyCodeInput)
    .output(verificationView)
    .query(({ ctx, input }) => verifyByCode(ctx.deps, input.code, ctx.clientAddress)),
});
