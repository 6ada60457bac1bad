import { quoteRequestInput } from '../../contract/quote';
import { publicProcedure, router } from '../../trpc/init';
import { submitQuoteRequest } from './service';

export const quotesRouter = router({
  submit: publicProcedure.input(quoteRequestInput).mutation(({ ctx, input }) => submitQuoteRequest(ctx.deps, input, ctx.clientAddress)),
});
