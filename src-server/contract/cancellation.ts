// Ending a policy early (docs/product.md#cancelling-and-voiding): cancelling cover that was sold, with a reason, from
// now or a later time, and any refund; voiding a policy made in error and never in force. Also what staff may send
// again. One schema per input, parsed by the server and used by the console's dialogs.
import { z } from 'zod';
import { messages } from './messages';
import { money } from './money';
import { staffPaymentMethods } from './payments';
import { lineText, linesText } from './text';
import { isCalendarDate, normaliseTime } from './time';

export const cancellationMessages = {
  reasonRequired: 'Give a reason for cancelling',
  voidReasonRequired: 'Give a reason for voiding',
  reasonTooLong: 'The reason must be at most 500 characters',
  reasonControl: 'The reason may not contain control characters',
  effectiveBoth: 'Give both the date and the time the cancellation takes effect, or neither for now',
  effectiveDate: 'The date must be a real date (YYYY-MM-DD)',
  effectiveTime: 'The time must be a time such as 09:00',
  effectivePast: 'The cancellation cannot take effect in the past',
  effectiveAfterEnd: (end: string) => `The cancellation must take effect before the policy ends (${end})`,
  refundRequired: 'Enter the amount to refund',
  refundPositive: 'Enter a refund of more than £0',
  refundOverPaid: (paid: string) => `The refund cannot be more than was paid (${paid})`,
  methodInvalid: 'Choose how the money was paid: card by phone, bank transfer or other',
  referenceInvalid: 'The reference may use at most 100 characters, on one line',
  alreadyCancelled: 'This policy is already cancelled',
  isVoid: 'This policy is void: it was never in force',
  hasEnded: 'This policy has ended: there is no cover left to cancel',
  neverInForce: 'This policy was never in force: void it instead',
  notCancellable: 'Only a policy in force or starting later can be cancelled',
  wasInForce: 'A policy that was in force cannot be voided; cancel it instead',
  alreadyVoid: 'This policy is already void',
  voidUnchangeable: 'A void policy cannot be changed',
  voidKept: 'A void policy is kept as the record of its mistake; it cannot be deleted',
  noAccount: 'This policy has no account to send to',
  unprovedAddress: "The account's e-mail address is not confirmed: nothing about a policy is sent to it",
  noDocuments: 'A void policy has no documents',
  passwordSet: 'The account has already set its password: it can sign in, or use "Forgot your password?"',
  accountClosed: messages.accountClosed,
} as const;

/** Why a policy is cancelled or voided: told to the customer and kept in the policy's history. */
const reasonText = (required: string) =>
  linesText({ error: required, message: cancellationMessages.reasonControl }).min(1, required).max(500, cancellationMessages.reasonTooLong);
export const cancelReasonText = reasonText(cancellationMessages.reasonRequired);

/** A refund, in pounds as people type them, given back by one of the payment methods. */
export const refundInput = z.object({
  // A blank amount has its own message from money(); only a given one is checked for more than nothing.
  amount: money({ required: cancellationMessages.refundRequired, max: 100_000 }).refine((v) => v === undefined || v > 0, cancellationMessages.refundPositive),
  // An online payment is given back through its provider, by the cancellation itself (docs/product.md#cancelling-and-voiding).
  method: z.enum(staffPaymentMethods, { error: cancellationMessages.methodInvalid }),
  reference: lineText({ message: cancellationMessages.referenceInvalid })
    .max(100, cancellationMessages.referenceInvalid)
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v)),
});

/** A date or time that may be left out (blank is left out), under the text rule with `message`. */
const optionalLine = (message: string) =>
  lineText({ message })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v));

export const cancelPolicyInput = z
  .object({
    reason: cancelReasonText,
    /** UK local date and time the cancellation takes effect; both left out: now. */
    effectiveDate: optionalLine(cancellationMessages.effectiveDate).refine((v) => v === undefined || isCalendarDate(v), cancellationMessages.effectiveDate),
    effectiveTime: optionalLine(cancellationMessages.effectiveTime)
      .refine((v) => v === undefined || normaliseTime(v) !== null, cancellationMessages.effectiveTime)
      .transform((v) => (v === undefined ? undefined : (normaliseTime(v) ?? v))),
    refund: refundInput.nullable().optional().transform((v) => v ?? null),
  })
  .superRefine((c, ctx) => {
    if ((c.effectiveDate === undefined) !== (c.effectiveTime === undefined)) {
      ctx.addIssue({ code: 'custom', path: [c.effectiveDate === undefined ? 'effectiveDate' : 'effectiveTime'], message: cancellationMessages.effectiveBoth });
    }
  });
export type CancelPolicyInput = z.infer<typeof cancelPolicyInput>;

export const voidPolicyInput = z.object({ reason: reasonText(cancellationMessages.voidReasonRequired) });
export type VoidPolicyInput = z.infer<typeof voidPolicyInput>;

/** What staff may send a customer again: the policy's documents, or the invitation to set a password. */
export const resendKinds = ['documents', 'invitation'] as const;
export const resendInput = z.object({ what: z.enum(resendKinds, { error: 'Choose what to send again: documents or invitation' }) });
export type ResendInput = z.infer<typeof resendInput>;

/** The reason a save gives (the version's reason): optional, blank is none; moving to cancelled needs one (the service). */
export const changeReasonText = linesText({ message: cancellationMessages.reasonControl })
  .max(500, cancellationMessages.reasonTooLong)
  .transform((v) => (v === '' ? undefined : v))
  .optional();
