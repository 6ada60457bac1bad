// The quote request's e-mails (docs/product.md#e-mails): the confirmation of a request, and the quote staff send.
import { brand } from '../../../contract/brand';
import { hasCertificate } from '../../../contract/cover';
import { durationText, type Duration } from '../../../contract/durations';
import type { requestVehicle } from '../../../contract/offer';
import { formatPounds } from '../../../contract/pounds';
import { productLabels } from '../../../contract/products';
import { quoteMessages, type QuoteRequest } from '../../../contract/quote';
import { ukInstantText } from '../../../contract/time';
import type { policies, quoteRequests } from '../../../platform/db/schema/index';
import type { OutgoingMail } from '../../../platform/mail/mailer';
import { letter } from '../../../platform/mail/letter';
import type { DocumentFile } from '../../policies/documents/files';

type QuoteDetails = Omit<QuoteRequest, 'website'>;
type PolicyRow = typeof policies.$inferSelect;
/**
 * Where the policy goes, by the account of the request's address: `new` (made now, invited), `confirmed`, `unset`
 * (an earlier invitation pending: only the address can get in) all hold it; `unconfirmed` (anyone may register any
 * address) does not: the policy waits until the invitation is opened.
 */
export type Placement = 'new' | 'confirmed' | 'unset' | 'unconfirmed';

/** The account a policy was issued to, as its documents e-mail tells it. */
interface MailedAccount {
  username: string;
  email: string;
  placement: Placement;
}
type QuoteRow = typeof quoteRequests.$inferSelect;
type RequestVehicle = ReturnType<typeof requestVehicle>;

/** Nothing the requester typed: the address is unproved; our mail carries nobody's words (docs/product.md#e-mails). */
export function confirmationMail(d: QuoteDetails, reference: string, startAt: number) {
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
      'What happens next:',
      '1. A specialist reviews your details personally. There are no automated quotes.',
      `2. We contact you within 24 hours by e-mail or on ${d.phone}.`,
      '3. This e-mail confirms we have your request.',
      `4. ${quoteMessages.updatesByEmail}`,
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

/** What the documents e-mail says about the account, by where the policy went. */
function accountLines(account: MailedAccount): string[] {
  switch (account.placement) {
    case 'new':
      return [`We have made an account for you: a separate e-mail has a link to set your password. Then sign in with your username (${account.username}) or this e-mail address.`];
    case 'confirmed':
      return [`Sign in with your username (${account.username}) or this e-mail address to see your policy.`];
    case 'unset':
      // Made for an earlier policy and not set up yet: the earlier invitation, or a reset link, still does it.
      return [
        `Sign in with your username (${account.username}) or this e-mail address to see your policy.`,
        'If you have not set your password yet, use the link in our earlier e-mail, or choose "Forgot your password?" on the login page.',
      ];
    case 'unconfirmed':
      return ['A separate e-mail has a link that puts this policy in your account: open it within 7 days.'];
  }
}

/** Why the documents go: a policy just issued, cover confirmed by its payment, or staff sending them again. */
export type DocumentsOccasion = 'issued' | 'paid' | 'again';

const OPENING: Record<DocumentsOccasion, (policy: PolicyRow) => string> = {
  issued: (p) => `Your ${productLabels[p.product].toLowerCase()} with ${brand.name} is set up. Your policy number is ${p.policyNumber}.`,
  paid: (p) =>
    `Your cover is confirmed: thank you for your payment. Your ${productLabels[p.product].toLowerCase()} with ${brand.name} is in force from ${ukInstantText(p.startAt)}. Your policy number is ${p.policyNumber}.`,
  again: (p) => `As you asked, here are the documents of your policy ${p.policyNumber} as they stand today.`,
};

export function documentsMail(
  publicUrl: string,
  policy: PolicyRow,
  account: MailedAccount,
  firstName: string,
  files: readonly DocumentFile[],
  occasion: DocumentsOccasion,
): OutgoingMail {
  return letter({
    to: account.email,
    // A policy from a quote is confirmed once paid (docs/product.md#payments).
    subject: occasion === 'paid' ? `${brand.name}: your cover is confirmed, ${policy.policyNumber}` : `${brand.name}: your policy documents, ${policy.policyNumber}`,
    greeting: firstName,
    body: [
      OPENING[occasion](policy),
      '',
      `Policy number: ${policy.policyNumber}`,
      `Cover: ${productLabels[policy.product]}`,
      `Policyholder: ${policy.holderName}`,
      `Driver: ${policy.driverName}`,
      `Vehicle: ${[policy.carModel, policy.registration].filter(Boolean).join(', ')}`,
      `From: ${ukInstantText(policy.startAt)}`,
      `To: ${ukInstantText(policy.endAt)}`,
      ...(policy.premiumPence !== null ? [`Premium: ${formatPounds(policy.premiumPence / 100)} (insurance premium tax included)`] : []),
      '',
      ...(files.length > 0 ? [`Your policy documents are attached (${files.map((f) => f.fileName).join(', ')}).`] : []),
      ...(hasCertificate(policy.status)
        ? [
            'Keep your Certificate of Motor Insurance with you when you drive.',
            `You can also open your documents at any time from your account: ${publicUrl}/dashboard`,
          ]
        : policy.status === 'pending'
          ? [
              'Your cover is awaiting confirmation: you are not covered to drive until we confirm it, once we have taken your payment.',
              `Your Certificate of Motor Insurance follows once your cover is confirmed; you will then find it in your account: ${publicUrl}/dashboard`,
            ]
          : [`Your policy is in your account: ${publicUrl}/dashboard`]),
      '',
      ...accountLines(account),
      '',
      `Questions? Call ${brand.phones.support} (${brand.openingHours}) or write to ${brand.emails.policies}, quoting your policy number.`,
      `To make a claim, call ${brand.phones.claims} (24 hours a day).`,
    ],
    ...(files.length > 0 ? { attachments: files.map((f) => ({ filename: f.fileName, contentType: 'application/pdf', content: f.bytes })) } : {}),
  });
}
