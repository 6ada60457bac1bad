// The quote request's e-mails (docs/product.md#e-mails): the confirmation of a request, and the quote staff send.
import { brand } from '../../../contract/brand';
import { durationText, type Duration } from '../../../contract/durations';
import type { requestVehicle } from '../../../contract/offer';
import { formatPounds } from '../../../contract/pounds';
import { productLabels } from '../../../contract/products';
import { pricingMessages, type PricingOutcome } from '../../../contract/pricing';
import { quoteMessages, type QuoteRequest } from '../../../contract/quote';
import { ukInstantText } from '../../../contract/time';
import type { quoteRequests } from '../../../platform/db/schema/index';
import { letter } from '../../../platform/mail/letter';

type QuoteDetails = Omit<QuoteRequest, 'website'>;
type QuoteRow = typeof quoteRequests.$inferSelect;
type RequestVehicle = ReturnType<typeof requestVehicle>;

/** What happens next, by the decision on the rates (docs/product.md#instant-prices). */
function nextSteps(d: QuoteDetails, outcome: PricingOutcome): string[] {
  if (outcome.decision === 'priced') {
    return [
      `Your price: ${formatPounds(outcome.premium)}, including ${formatPounds(outcome.ipt)} insurance premium tax at ${outcome.iptPercent}%.`,
      `It stands until ${ukInstantText(Date.parse(outcome.validUntil))}; after that we price the same answers again.`,
      '',
      'What happens next:',
      '1. Choose "Buy now" beside the price, sign in or create your account, confirm your answers and pay by card.',
      '2. Your certificate is in your account, on your phone, within minutes of paying, at any hour.',
      `3. ${quoteMessages.updatesByEmail}`,
    ];
  }
  if (outcome.decision === 'declined') {
    return [`${pricingMessages.declined}: ${outcome.reason}.`, '', `${pricingMessages.declinedCall} Call ${outcome.phone} (${brand.openingHours}).`];
  }
  return [
    'What happens next:',
    `1. ${pricingMessages.referred}: some of your answers need a person to review them.`,
    `2. We contact you within 24 hours by e-mail or on ${d.phone}.`,
    '3. This e-mail confirms we have your request.',
    `4. ${quoteMessages.updatesByEmail}`,
  ];
}

/** Nothing the requester typed: the address is unproved; our mail carries nobody's words (docs/product.md#e-mails). */
export function confirmationMail(d: QuoteDetails, reference: string, startAt: number, outcome: PricingOutcome) {
  return letter({
    to: d.email,
    subject: `${brand.name}: quote request ${reference}`,
    greeting: null,
    body: [
      `Thank you for asking ${brand.name} for a quote. We have received your request.`,
      '',
      `Your reference: ${reference}`,
      `Product: ${productLabels[d.product]}`,
      `Vehicle: ${d.regNumber} (${d.vehicleType})`,
      `Cover: ${d.coverType}, ${d.usage}`,
      `Cover to start: ${ukInstantText(startAt)}`,
      `Cover length: ${durationText({ value: d.durationValue, unit: d.durationUnit })}`,
      '',
      ...nextSteps(d, outcome),
      '',
      `Questions? Call ${brand.phones.support} (${brand.openingHours}) or e-mail ${brand.emails.quotes}, quoting your reference.`,
      '',
      'If you did not ask us for a quote, you can ignore this e-mail.',
    ],
  });
}

/** The quote (docs/product.md#e-mails): the price, what it covers, until when it stands and how to accept. */
export function offerMail(row: QuoteRow, premium: number, validUntil: number, vehicle: RequestVehicle, duration: Duration | null) {
  const vehicleLine = [vehicle.description ?? vehicle.type, vehicle.registration ? `registration ${vehicle.registration}` : null].filter(Boolean).join(', ');
  return letter({
    to: row.email,
    subject: `${brand.name}: your quote ${row.reference}, ${formatPounds(premium)}`,
    greeting: row.firstName,
    body: [
      `Thank you for asking ${brand.name} for a quote. Here is our price for your request ${row.reference}.`,
      '',
      `Price: ${formatPounds(premium)} (insurance premium tax included)`,
      ...(row.product ? [`Cover: ${productLabels[row.product]}`] : []),
      ...(vehicleLine ? [`Vehicle: ${vehicleLine}`] : []),
      `Driver: ${row.firstName} ${row.lastName}`,
      ...(row.requestedStartAt !== null ? [`Cover to start: ${ukInstantText(row.requestedStartAt)}`] : []),
      ...(duration ? [`For: ${durationText(duration)}`] : []),
      '',
      `This price is valid until ${ukInstantText(validUntil)}.`,
      '',
      'How to accept:',
      `If you have an account with us, sign in and choose "Accept quote" on this request; or call us on ${brand.phones.support} (${brand.openingHours}) and quote your reference ${row.reference}, or reply to ${brand.emails.quotes} and we will call you.`,
      'We then take payment over the phone; your cover is confirmed and your documents e-mailed once it is paid.',
      '',
      'If anything above is not right, tell us when you call: the price depends on it.',
    ],
  });
}
