// Callback requests from the support page (SPEC.md §2 /support; DECISIONS.md "Callback, registration,
// password reset"): stored with a reference and status 'new' for staff, and confirmed to the customer by e-mail.
import { brand } from '../../contract/brand';
import { callbackMessages, contactReasonLabels, splitCallbackDate, type CallbackInput, type CallbackReceipt } from '../../contract/callback';
import { messages } from '../../contract/messages';
import { UK_TIME_ZONE, ukLocalToEpoch } from '../../contract/time';
import { callbackRequests } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { fieldInvalid, ThrottledError } from '../../errors';
import { hitThrottle, type ThrottleRule } from '../../auth/throttle';
import { writeLog } from '../logs/service';
import { newReference, unusedReference } from '../requests/reference';

/** Callback requests allowed per client address in an hour. */
export const CALLBACK_ADDRESS_RULE: ThrottleRule = { limit: 5, windowMs: 60 * 60_000 };

/** A chosen minute still counts as "not in the past" until it has fully gone by. */
const CURRENT_MINUTE_GRACE_MS = 60_000;

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

function confirmationMail(input: CallbackInput, reference: string, preferredAt: number | null) {
  const lines = [
    `Hello ${input.name},`,
    '',
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
    '',
    brand.legalName,
    brand.regulatorStatement,
  ];
  return { to: input.email, subject: `${brand.name}: callback request ${reference}`, text: lines.join('\n') };
}

export async function requestCallback(deps: Deps, input: CallbackInput, clientAddress: string): Promise<CallbackReceipt> {
  const now = deps.clock.now();

  // Whether the chosen time is still ahead needs the server's clock, so it is checked here, not in the schema.
  let preferredAt: number | null = null;
  if (input.callbackDate) {
    const parts = splitCallbackDate(input.callbackDate);
    if (!parts) throw fieldError('callbackDate', callbackMessages.callbackDateInvalid);
    preferredAt = ukLocalToEpoch(parts.date, parts.time);
    if (preferredAt + CURRENT_MINUTE_GRACE_MS <= now) throw fieldError('callbackDate', callbackMessages.callbackDateInPast);
  }

  const honeypotFilled = typeof input.website === 'string' && input.website.trim() !== '';

  // One write: the attempt is counted (bots included), then the request, its audit entry and its e-mail
  // stand or fall together.
  const outcome = await deps.write(async (tx) => {
    const hit = await hitThrottle(tx, `callback:ip:${clientAddress}`, CALLBACK_ADDRESS_RULE, now);
    if (hit.over) return { kind: 'throttled' as const, retryAfterSeconds: hit.retryAfterSeconds };
    if (honeypotFilled) return { kind: 'bot' as const };
    const reference = await unusedReference(tx, callbackRequests, callbackRequests.reference, 'CB');
    await tx.insert(callbackRequests).values({
      reference,
      status: 'new',
      name: input.name,
      email: input.email,
      phone: input.phone,
      reasonForContact: input.reasonForContact,
      insuranceType: input.insuranceType ?? null,
      callbackDate: input.callbackDate ?? null,
      clientAddress,
      createdAt: now,
      updatedAt: now,
    });
    await writeLog(tx, now, { action: `Callback requested: ${reference}` });
    await deps.mailer.queue(tx, confirmationMail(input, reference, preferredAt));
    return { kind: 'stored' as const, reference };
  });

  if (outcome.kind === 'throttled') throw new ThrottledError(messages.tooManyAttempts, outcome.retryAfterSeconds);
  if (outcome.kind === 'bot') {
    // Answered exactly like a stored request, so a bot cannot tell; nothing is stored or sent.
    deps.logger.warn({ clientAddress }, 'callback request with the honeypot filled: answered, not stored');
    return { reference: newReference('CB') };
  }
  void deps.mailer.deliverPending().catch((err: unknown) => deps.logger.warn({ err }, 'callback confirmation delivery failed'));
  return { reference: outcome.reference };
}

const fieldError = (field: keyof CallbackInput, message: string) => fieldInvalid(messages.invalidInput, { [field]: message });
