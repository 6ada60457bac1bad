import { callbackInput, callbackMessages } from '../../contract/callback';
import { publicProcedure, router } from '../../trpc/init';
import { requestCallback } from './service';

export const callbacksRouter = router({
  request: publicProcedure.input(callbackInput).mutation(async ({ ctx, input }) => {
    const { reference } = await requestCallback(ctx.deps, input, ctx.clientAddress);
    return { reference, message: callbackMessages.received };
  }),
});
