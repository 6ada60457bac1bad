import { z } from 'zod';
import { issuePolicyInput, offerInput } from '../../contract/offer';
import { quoteRequestInput, renewalInput } from '../../contract/quote';
import { queueListQuery, requestNoteByIdInput, requestUpdateByIdInput } from '../../contract/queues';
import { idParam } from '../../contract/schemas';
import {
  issuedPolicyView,
  myQuoteRequestView,
  pageOf,
  quoteRequestDetailView,
  quoteRequestView,
  renewalDraftView,
  requestNoteView,
  requestStatusInput,
} from '../../contract/views';
import { adminProcedure, customerProcedure, publicProcedure, router } from '../../trpc/init';
import { issuePolicy } from './issue-policy';
import { myQuoteRequests } from './mine';
import { sendOffer } from './offer';
import { renewalDraft } from './renewal';
import { addQuoteNote, getQuoteRequest, listQuoteRequests, setQuoteStatus, submitQuoteRequest, updateQuoteRequest } from './service';

/**
 * quotes.submit: the quote wizard's final step; quotes.mine: a signed-in customer's own requests; quotes.renewal:
 * the wizard filled in from one of the caller's own policies (the reminder's link).
 */
export const quotesRouter = router({
  submit: publicProcedure.input(quoteRequestInput).mutation(({ ctx, input }) => submitQuoteRequest(ctx.deps, input, ctx.clientAddress)),
  mine: customerProcedure.output(z.array(myQuoteRequestView)).query(({ ctx }) => myQuoteRequests(ctx.deps, ctx.caller)),
  renewal: customerProcedure
    .input(renewalInput)
    .output(renewalDraftView)
    .query(({ ctx, input }) => renewalDraft(ctx.deps, ctx.caller, input.policyNumber)),
});

/** admin.quotes.*: the staff queue. */
export const adminQuotesRouter = router({
  list: adminProcedure.input(queueListQuery).output(pageOf(quoteRequestView)).query(({ ctx, input }) => listQuoteRequests(ctx.deps, ctx.caller, input)),
  get: adminProcedure
    .input(z.object({ id: idParam }))
    .output(quoteRequestDetailView)
    .query(({ ctx, input }) => getQuoteRequest(ctx.deps, ctx.caller, input.id)),
  setStatus: adminProcedure
    .input(requestStatusInput.extend({ id: idParam }))
    .output(quoteRequestDetailView)
    .mutation(({ ctx, input }) => setQuoteStatus(ctx.deps, ctx.caller, input.id, input.status)),
  update: adminProcedure
    .input(requestUpdateByIdInput)
    .output(quoteRequestDetailView)
    .mutation(({ ctx, input: { id, ...change } }) => updateQuoteRequest(ctx.deps, ctx.caller, id, change)),
  addNote: adminProcedure
    .input(requestNoteByIdInput)
    .output(requestNoteView)
    .mutation(({ ctx, input }) => addQuoteNote(ctx.deps, ctx.caller, input.id, input.text)),
  offer: adminProcedure
    .input(offerInput.extend({ id: idParam }))
    .output(quoteRequestDetailView)
    .mutation(({ ctx, input: { id, ...offer } }) => sendOffer(ctx.deps, ctx.caller, id, offer)),
  issuePolicy: adminProcedure
    .input(issuePolicyInput.extend({ id: idParam }))
    .output(issuedPolicyView)
    .mutation(({ ctx, input: { id, ...fields } }) => issuePolicy(ctx.deps, ctx.caller, id, fields)),
});
