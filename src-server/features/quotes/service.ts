// Quote requests from the wizard (DECISIONS.md "Quote wizard"): validated again here with today's date,
// stored once with a reference and status 'new' for staff, logged, and confirmed to the customer by e-mail.
// The same request sent twice within a minute (a double click, a retry after a lost answer) is stored
// once and answered with the first one's reference.
import { createHash } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { brand } from '../../contract/brand';
import { messages } from '../../contract/messages';
import { checkQuoteDates, MONTH_NAMES, quoteMessages, type QuoteReceipt, type QuoteRequest } from '../../contract/quote';
import { epochToUkLocal } from '../../contract/time';
import { quoteRequests } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { fieldInvalid, ThrottledError } from '../../errors';
import { hitThrottle, type ThrottleRule } from '../../auth/throttle';
import { writeLog } from '../logs/service';
import { newReference, unusedReference } from '../requests/reference';

/** New quote requests allowed per client address in an hour (a family or an office may share one). */
export const QUOTE_ADDRESS_RULE: ThrottleRule = { limit: 10, windowMs: 60 * 60_000 };
/** A request identical to one stored this recently is the same request sent again. */
export const QUOTE_DUPLICATE_WINDOW_MS = 60_000;

type QuoteDetails = Omit<QuoteRequest, 'website'>;

/** The stored payload: every field of step 1 and step 2 as parsed, in the schema's order. */
function detailsOf(input: QuoteRequest): QuoteDetails {
  const { website: _honeypot, ...details } = input;
  return details;
}

const fingerprintOf = (details: QuoteDetails) => createHash('sha256').update(JSON.stringify(details)).digest('hex');

const startDateText = (d: QuoteDetails) => `${d.policyStartDay} ${MONTH_NAMES[d.policyStartMonth - 1]} ${d.policyStartYear}`;

function confirmationMail(d: QuoteDetails, reference: string) {
  const lines = [
    `Hello ${d.firstName},`,
    '',
    `Thank you for asking ${brand.name} for a quote. We have received your request.`,
    '',
    `Your reference: ${reference}`,
    `Vehicle: ${d.regNumber} (${d.vehicleType})`,
    `Cover: ${d.coverType}, ${d.usage}`,
    `Cover to start: ${startDateText(d)}`,
    '',
    'What happens next:',
    '1. A specialist reviews your details personally. There are no automated quotes.',
    `2. We contact you within 24 hours by e-mail or on ${d.phone}.`,
    '3. This e-mail confirms we have your request.',
    '4. We send updates by SMS as your quote progresses.',
    '',
    `Questions? Call ${brand.phones.support} (${brand.openingHours}) or e-mail ${brand.emails.quotes}, quoting your reference.`,
    '',
    'If you did not ask us for a quote, you can ignore this e-mail.',
    '',
    brand.legalName,
    brand.regulatorStatement,
  ];
  return { to: d.email, subject: `${brand.name}: quote request ${reference}`, text: lines.join('\n') };
}

export async function submitQuoteRequest(deps: Deps, input: QuoteRequest, clientAddress: string): Promise<QuoteReceipt> {
  const now = deps.clock.now();
  const issues = checkQuoteDates(input, epochToUkLocal(now).date);
  if (issues.length > 0) throw fieldInvalid(messages.invalidInput, Object.fromEntries(issues.map((i) => [i.field, i.message])));

  const details = detailsOf(input);
  const fingerprint = fingerprintOf(details);
  const honeypotFilled = typeof input.website === 'string' && input.website.trim() !== '';

  // One write: the duplicate check, the throttle, the request, its audit entry and its e-mail stand or fall
  // together, and writes are serialised, so two copies sent at once cannot both be stored.
  const outcome = await deps.write(async (tx) => {
    const [earlier] = await tx
      .select({ reference: quoteRequests.reference })
      .from(quoteRequests)
      .where(and(eq(quoteRequests.fingerprint, fingerprint), gt(quoteRequests.createdAt, now - QUOTE_DUPLICATE_WINDOW_MS)))
      .orderBy(desc(quoteRequests.createdAt))
      .limit(1);
    if (earlier) return { kind: 'duplicate' as const, reference: earlier.reference };
    const hit = await hitThrottle(tx, `quote:ip:${clientAddress}`, QUOTE_ADDRESS_RULE, now);
    if (hit.over) return { kind: 'throttled' as const, retryAfterSeconds: hit.retryAfterSeconds };
    if (honeypotFilled) return { kind: 'bot' as const };
    const reference = await unusedReference(tx, quoteRequests, quoteRequests.reference, 'QR');
    await tx.insert(quoteRequests).values({
      reference,
      status: 'new',
      firstName: details.firstName,
      lastName: details.lastName,
      email: details.email,
      phone: details.phone,
      postcode: details.postcode,
      details: JSON.stringify(details),
      fingerprint,
      clientAddress,
      createdAt: now,
      updatedAt: now,
    });
    await writeLog(tx, now, { action: `Quote requested: ${reference}` });
    await deps.mailer.queue(tx, confirmationMail(details, reference));
    return { kind: 'stored' as const, reference };
  });

  switch (outcome.kind) {
    case 'throttled':
      throw new ThrottledError(messages.tooManyAttempts, outcome.retryAfterSeconds);
    case 'bot':
      // Answered exactly like a stored request, so a bot cannot tell; nothing is stored or sent.
      deps.logger.warn({ clientAddress }, 'quote request with the honeypot filled: answered, not stored');
      return { reference: newReference('QR'), message: quoteMessages.submitted };
    case 'duplicate':
      deps.logger.info({ reference: outcome.reference }, 'quote request sent again within a minute: answered with the first');
      return { reference: outcome.reference, message: quoteMessages.submitted };
    case 'stored':
      void deps.mailer.deliverPending().catch((err: unknown) => deps.logger.warn({ err }, 'quote confirmation delivery failed'));
      return { reference: outcome.reference, message: quoteMessages.submitted };
  }
}
