// The callback request's e-mail (docs/product.md#e-mails).
import { brand } from '../../../contract/brand';
import { contactReasonLabels, type CallbackInput } from '../../../contract/callback';
import { UK_TIME_ZONE } from '../../../contract/uk-time-zone';
import { letter } from '../../../platform/mail/letter';

/** The preferred time in words, e.g. 'Thursday 2 July 2026 at 14:30 (UK time)'. */
function describeCallbackTime(epochMs: number): string {
  // Built from parts: the punctuation of a whole formatted date differs between ICU versions.
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: UK_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')} (UK time)`;
}

/** To an unproved address, so none of the requester's free text, not even the name (docs/product.md#e-mails). */
export function confirmationMail(input: CallbackInput, reference: string, preferredAt: number | null) {
  return letter({
    to: input.email,
    subject: `${brand.name}: callback request ${reference}`,
    greeting: null,
    body: [
      `Thank you for contacting ${brand.name}. We have received your callback request.`,
      '',
      `Your reference: ${reference}`,
      `Reason for contact: ${contactReasonLabels[input.reasonForContact]}`,
      `We will call you on: ${input.phone}`,
      ...(preferredAt !== null ? [`Your preferred time: ${describeCallbackTime(preferredAt)}`] : []),
      '',
      'We will contact you within 24 hours.',
      '',
      `If you need us sooner, call ${brand.phones.support} (${brand.openingHours}) and quote your reference.`,
      '',
      'If you did not ask us to call you, you can ignore this e-mail.',
    ],
  });
}
