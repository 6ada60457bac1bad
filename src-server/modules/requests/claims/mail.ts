// The claim's e-mail to the customer (docs/product.md#e-mails, docs/product.md#reporting-a-claim): its reference and
// what happens next. Only to an address the account has proved its own (service.ts decides), so the customer's own
// answers may be named in it.
import { brand } from '../../../contract/brand';
import { claimKindLabels, type ClaimKind } from '../../../contract/claim';
import { ukInstantText } from '../../../contract/time';
import { letter } from '../../../platform/mail/letter';
import type { OutgoingMail } from '../../../platform/mail/mailer';

export interface ReportedClaim {
  reference: string;
  policyNumber: string;
  kind: ClaimKind;
  occurredAt: number;
  phone: string;
  photoCount: number;
  injuries: boolean;
}

export function claimReportedMail(publicUrl: string, to: string, greeting: string, c: ReportedClaim): OutgoingMail {
  return letter({
    to,
    subject: `${brand.name}: claim ${c.reference} received`,
    greeting,
    body: [
      `We have received your claim on policy ${c.policyNumber}.`,
      '',
      `Your claim reference: ${c.reference}`,
      `What happened: ${claimKindLabels[c.kind]}`,
      `When: ${ukInstantText(c.occurredAt)}`,
      `Photos: ${c.photoCount}`,
      '',
      c.injuries
        ? `Because someone was hurt, our claims team will call you on ${c.phone} within an hour, counted in our opening hours (${brand.openingHours.split(';')[0]}).`
        : `Our claims team will call you on ${c.phone} by the end of our working day (the next one when we are closed).`,
      '',
      `You can see where your claim stands in your account: ${publicUrl}/dashboard`,
      '',
      `Need us now? Our claims line is open 24 hours a day, 7 days a week: ${brand.phones.claims}. Quote your claim reference.`,
    ],
  });
}
