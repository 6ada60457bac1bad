// The cover-ending reminder's e-mail (docs/product.md#cover-ending-reminders).
import { brand } from '../../../contract/brand';
import { productLabels } from '../../../contract/products';
import { ukInstantText } from '../../../contract/time';
import type { policies } from '../../../platform/db/schema/index';
import { letter } from '../../../platform/mail/letter';
import type { OutgoingMail } from '../../../platform/mail/mailer';

/** The link that opens the quote wizard filled in from the policy: only its number is in the URL. */
export function renewalLink(publicUrl: string, policyNumber: string): string {
  return `${publicUrl}/request-quote-step1?renew=${encodeURIComponent(policyNumber)}`;
}

/** The e-mail (docs/product.md#e-mails): the policy number, the end in UK time naming GMT or BST, and the link. */
export function reminderMail(publicUrl: string, policy: typeof policies.$inferSelect, to: string): OutgoingMail {
  const ends = ukInstantText(policy.endAt);
  const firstName = policy.holderName.trim().split(/\s+/)[0] ?? '';
  return letter({
    to,
    subject: `${brand.name}: your cover ends ${ends} (${policy.policyNumber})`,
    greeting: firstName,
    body: [
      `Your ${productLabels[policy.product].toLowerCase()} with ${brand.name} ends on ${ends}.`,
      '',
      `Policy number: ${policy.policyNumber}`,
      `Cover: ${productLabels[policy.product]}`,
      `Vehicle: ${[policy.carModel, policy.registration].filter(Boolean).join(', ')}`,
      `Driver: ${policy.driverName}`,
      `Cover ends: ${ends}`,
      '',
      'After that time this policy no longer covers you to drive.',
      '',
      'Need more cover? Ask us for a quote, with your cover, vehicle and name filled in from this policy:',
      renewalLink(publicUrl, policy.policyNumber),
      'Sign in to your account when asked: your details come from your account, never from the link.',
      '',
      `Questions? Call ${brand.phones.support} (${brand.openingHours}) or write to ${brand.emails.policies}, quoting your policy number.`,
      `To make a claim, call ${brand.phones.claims} (24 hours a day).`,
    ],
  });
}
