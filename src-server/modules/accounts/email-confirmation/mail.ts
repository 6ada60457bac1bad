// The e-mail that asks an account to confirm its address (docs/product.md#e-mail-confirmation).
import { brand } from '../../../contract/brand';
import { emailConfirmationMessages } from '../../../contract/email-confirmation';
import { letter } from '../../../platform/mail/letter';

export function confirmationMail(to: string, username: string, link: string) {
  return letter({
    to,
    subject: `${brand.name}: ${emailConfirmationMessages.subject.toLowerCase()}`,
    greeting: username,
    body: [
      `Please confirm that this is the e-mail address of your ${brand.name} account "${username}".`,
      'Sign in to that account, then open this link within 7 days:',
      '',
      link,
      '',
      'Until you do, quotes and policies sent to this address do not show in the account.',
      `If you did not make an account with ${brand.name}, do not open the link: nothing reaches that account through this address unless you do.`,
      '',
      `Questions? Call ${brand.phones.support} (${brand.openingHours}) or write to ${brand.emails.support}.`,
    ],
  });
}
