// The callback request (docs/product.md#callback-requests), for server and form alike; whether the time is still
// ahead and in opening hours is the service's question (it needs the server's clock and the bank holidays).
import { z } from 'zod';
import { emailSchema, normalisedText } from './schemas';
import { lineText, nameText } from './text';
import { officeHoursFullText } from './opening-hours';
import { isCalendarDate } from './time';

/** The documented option list, in its order (docs/product.md#callback-requests). */
export const contactReasons = ['claims', 'policies', 'payments', 'quotes', 'other'] as const;
export type ContactReason = (typeof contactReasons)[number];

export const contactReasonLabels: Record<ContactReason, string> = {
  claims: 'Claims',
  policies: 'Policy questions',
  payments: 'Payments',
  quotes: 'Quotes',
  other: 'Something else',
};

const callbackInsuranceTypes = ['temporary', 'learner', 'business'] as const;
type CallbackInsuranceType = (typeof callbackInsuranceTypes)[number];

const callbackInsuranceTypeLabels: Record<CallbackInsuranceType, string> = {
  temporary: 'Temporary car insurance',
  learner: 'Learner driver insurance',
  business: 'Business use cover',
};

/** For <select>s: value + label, in list order. */
export const contactReasonOptions = contactReasons.map((value) => ({ value, label: contactReasonLabels[value] }));
export const callbackInsuranceTypeOptions = callbackInsuranceTypes.map((value) => ({ value, label: callbackInsuranceTypeLabels[value] }));

export const callbackMessages = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a UK phone number, such as 07700 900123 or +44 20 7946 0000',
  reasonRequired: 'Choose a reason for contact',
  callbackDateInvalid: 'Enter a real date and time',
  callbackDateInPast: 'Choose a callback time that has not passed yet',
  callbackDateClosed: `Choose a time when we are open: ${officeHoursFullText}`,
  insuranceTypeInvalid: 'Choose an insurance type from the list',
  received: 'Your callback request has been received. Our team will contact you within 24 hours.',
} as const;

/** A UK phone number as people type it (+44, spaces, brackets), normalised to the national form: 0 and 9-10 digits. */
export function normaliseUkPhone(value: string): string | null {
  const v = value.trim();
  if (!/^\+?[0-9 ()-]+$/.test(v)) return null;
  let digits = v.replace(/[ ()-]/g, '');
  if (digits.startsWith('+')) {
    if (!digits.startsWith('+44')) return null;
    digits = digits.slice(3);
    // '+44 (0)20…' and '+44 020…': the trunk 0 is written twice; '+44 20…': it is not written.
    digits = digits.startsWith('0') ? digits : `0${digits}`;
  }
  return /^0\d{9,10}$/.test(digits) ? digits : null;
}

const CALLBACK_DATE_RE = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** 'YYYY-MM-DDTHH:MM' (a datetime-local value) split into UK-local date and time, or null when not real. */
export function splitCallbackDate(value: string): { date: string; time: string } | null {
  const m = CALLBACK_DATE_RE.exec(value);
  if (!m || !isCalendarDate(m[1]!)) return null;
  return { date: m[1]!, time: `${m[2]}:${m[3]}` };
}

export const callbackInput = z.object({
  name: nameText({ error: callbackMessages.nameRequired, message: 'Name may not contain line breaks or control characters' })
    .min(1, callbackMessages.nameRequired)
    .max(100, callbackMessages.nameTooLong),
  email: emailSchema,
  phone: normalisedText(normaliseUkPhone, { required: callbackMessages.phoneRequired, invalid: callbackMessages.phoneInvalid }, 30),
  reasonForContact: z.enum(contactReasons, { error: callbackMessages.reasonRequired }),
  // '' (an untouched datetime-local or select) and null mean "not given".
  callbackDate: lineText({ error: callbackMessages.callbackDateInvalid, message: callbackMessages.callbackDateInvalid })
    .nullish()
    .refine((v) => !v || splitCallbackDate(v) !== null, callbackMessages.callbackDateInvalid)
    .transform((v) => v || undefined),
  insuranceType: z
    .enum(['', ...callbackInsuranceTypes], { error: callbackMessages.insuranceTypeInvalid })
    .nullish()
    .transform((v) => v || undefined),
  /** Honeypot: a filled one passes on purpose and is answered as if stored (a 400 would show a bot the field). */
  website: z.string().optional(),
});
export type CallbackInput = z.infer<typeof callbackInput>;
/** What the form holds before parsing (strings from the controls). */
export type CallbackFormValues = z.input<typeof callbackInput>;
