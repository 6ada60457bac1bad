// The e-mail that asks an account to confirm its address (docs/product.md#e-mail-confirmation).
import { brand } from '../../../contract/brand';
import { CONFIRMATION_CODE_LABEL, emailConfirmationMessages } from '../../../contract/email-confirmation';
import { letter } from '../../../platform/mail/letter';

/**
 * The link, and the six-digit code for whoever is buying cover and types it on the purchase's own screen
 * (docs/product.md#paying-online): either confirms the address.
 */
export function confirmationMail(to: string, username: string, link: string, code: string) {
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
      'Or, on the screen that asked for it, type this code within 30 minutes:',
      `${CONFIRMATION_CODE_LABEL} ${code}`,
      '',
      'Until you do, quotes and policies sent to this address do not show in the account.',
      `If you did not make an account with ${brand.name}, do not open the link or use the code: nothing reaches that account through this address unless you do.`,
      '',
      `Questions? Call ${brand.phones.support} (${brand.openingHours}) or write to ${brand.emails.support}.`,
    ],
  });
}
