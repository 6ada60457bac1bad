import { z } from 'zod';
import { idParam, listQuery } from '../../contract/schemas';
import { adminProcedure, router } from '../../trpc/init';
import {
  getCallbackRequest,
  getQuoteRequest,
  listCallbackRequests,
  listQuoteRequests,
  requestStatusInput,
  setCallbackStatus,
  setQuoteStatus,
} from './service';

const byId = z.object({ id: idParam });
const statusChange = requestStatusInput.extend({ id: idParam });

export const adminQuotesRouter = router({
  list: adminProcedure.input(listQuery).query(({ ctx, input }) => listQuoteRequests(ctx.deps, input)),
  get: adminProcedure.input(byId).query(({ ctx, input }) => getQuoteRequest(ctx.deps, input.id)),
  setStatus: adminProcedure
    .input(statusChange)
    .mutation(({ ctx, input }) => setQuoteStatus(ctx.deps, ctx.caller, input.id, input.status)),
});

export const adminCallbacksRouter = router({
  list: adminProcedure.input(listQuery).query(({ ctx, input }) => listCallbackRequests(ctx.deps, input)),
  get: adminProcedure.input(byId).query(({ ctx, input }) => getCallbackRequest(ctx.deps, input.id)),
  setStatus: adminProcedure
    .input(statusChange)
    .mutation(({ ctx, input }) => setCallbackStatus(ctx.deps, ctx.caller, input.id, input.status)),
});
