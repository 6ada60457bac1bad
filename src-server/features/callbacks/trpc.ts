import { z } from 'zod';
import { callbackInput, callbackMessages } from '../../contract/callback';
import { queueListQuery, requestNoteByIdInput, requestUpdateByIdInput } from '../../contract/queues';
import { idParam } from '../../contract/schemas';
import { callbackRequestDetailView, callbackRequestView, pageOf, requestNoteView, requestStatusInput } from '../../contract/views';
import { adminProcedure, publicProcedure, router } from '../../trpc/init';
import { addCallbackNote, getCallbackRequest, listCallbackRequests, requestCallback, setCallbackStatus, updateCallbackRequest } from './service';

/** callbacks.request: the support page's Request Callback form. */
export const callbacksRouter = router({
  request: publicProcedure.input(callbackInput).mutation(async ({ ctx, input }) => {
    const { reference } = await requestCallback(ctx.deps, input, ctx.clientAddress);
    return { reference, message: callbackMessages.received };
  }),
});

/** admin.callbacks.*: the staff queue. */
export const adminCallbacksRouter = router({
  list: adminProcedure.input(queueListQuery).output(pageOf(callbackRequestView)).query(({ ctx, input }) => listCallbackRequests(ctx.deps, ctx.caller, input)),
  get: adminProcedure
    .input(z.object({ id: idParam }))
    .output(callbackRequestDetailView)
    .query(({ ctx, input }) => getCallbackRequest(ctx.deps, ctx.caller, input.id)),
  setStatus: adminProcedure
    .input(requestStatusInput.extend({ id: idParam }))
    .output(callbackRequestDetailView)
    .mutation(({ ctx, input }) => setCallbackStatus(ctx.deps, ctx.caller, input.id, input.status)),
  update: adminProcedure
    .input(requestUpdateByIdInput)
    .output(callbackRequestDetailView)
    .mutation(({ ctx, input: { id, ...change } }) => updateCallbackRequest(ctx.deps, ctx.caller, id, change)),
  addNote: adminProcedure
    .input(requestNoteByIdInput)
    .output(requestNoteView)
    .mutation(({ ctx, input }) => addCallbackNote(ctx.deps, ctx.caller, input.id, input.text)),
});
